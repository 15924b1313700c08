// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

/**
 * Byte layout constants of the encoding, in one place. spec: VariantEncoding §Metadata encoding,
 * §Value encoding. Package-private: users see {@link VariantType} and {@link BasicType}.
 */
final class Layout {
  static final int BASIC_TYPE_MASK = 0x3;
  static final int VALUE_HEADER_SHIFT = 2;

  // Metadata header: bits 0-3 version, bit 4 sorted_strings, bit 5 reserved, bits 6-7
  // offset_size - 1.
  static final int METADATA_VERSION = 1;
  static final int METADATA_VERSION_MASK = 0x0F;
  static final int METADATA_SORTED_BIT = 0x10;
  static final int METADATA_OFFSET_SIZE_SHIFT = 6;

  /**
   * Bits 0-1 of an object's or array's value_header, and bits 2-3 of an object's: a width minus
   * one.
   */
  static final int OFFSET_SIZE_MASK = 0x3;

  // Object value_header (after the >> 2): bits 0-1 offset size - 1, bits 2-3 id size - 1,
  // bit 4 is_large.
  static final int OBJECT_ID_SIZE_SHIFT = 2;
  static final int OBJECT_LARGE_BIT = 0x10;
  // Array value_header: bits 0-1 offset size - 1, bit 2 is_large.
  static final int ARRAY_LARGE_BIT = 0x04;

  static final int MAX_SHORT_STRING = 63;

  /** Counts above this need is_large (a 4-byte count). */
  static final int MAX_SMALL_COUNT = 0xFF;

  static final int MAX_DECIMAL_PRECISION = 38;

  private Layout() {}

  static int basicTypeBits(int header) {
    return header & BASIC_TYPE_MASK;
  }

  static int valueHeader(int header) {
    return (header & 0xFF) >>> VALUE_HEADER_SHIFT;
  }

  static int objectHeader(int offsetSize, int idSize, boolean large) {
    int vh =
        (offsetSize - 1) | ((idSize - 1) << OBJECT_ID_SIZE_SHIFT) | (large ? OBJECT_LARGE_BIT : 0);
    return (vh << VALUE_HEADER_SHIFT) | BasicType.OBJECT.id();
  }

  static int arrayHeader(int offsetSize, boolean large) {
    int vh = (offsetSize - 1) | (large ? ARRAY_LARGE_BIT : 0);
    return (vh << VALUE_HEADER_SHIFT) | BasicType.ARRAY.id();
  }

  static int shortStringHeader(int length) {
    return (length << VALUE_HEADER_SHIFT) | BasicType.SHORT_STRING.id();
  }

  static int metadataHeader(int offsetSize, boolean sorted) {
    return METADATA_VERSION
        | (sorted ? METADATA_SORTED_BIT : 0)
        | ((offsetSize - 1) << METADATA_OFFSET_SIZE_SHIFT);
  }

  /** Smallest number of bytes (1 to 4) that holds the unsigned value. */
  static int widthFor(int unsignedValue) {
    if (unsignedValue <= 0xFF) {
      return 1;
    }
    if (unsignedValue <= 0xFFFF) {
      return 2;
    }
    if (unsignedValue <= 0xFFFFFF) {
      return 3;
    }
    return 4;
  }
}
