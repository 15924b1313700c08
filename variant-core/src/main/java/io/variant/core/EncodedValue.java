// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The part of {@link Variant} that frames one value's own bytes: the header, the type and the
 * encoded size. {@link ScalarAccessors} adds the typed reads of scalar payloads, and {@link
 * Variant} the dictionary, objects and arrays, and whole-value operations. Split so that each file
 * has one job; package-private, so users see these methods as {@link Variant}'s own. Every read is
 * bounds-checked against {@code limit} (see {@link Variant}'s validation contract).
 */
abstract class EncodedValue {
  final byte[] buf;
  final int pos;
  final int limit; // exclusive; no read goes past it
  final int header;

  EncodedValue(byte[] buf, int pos, int limit) {
    if (pos < 0 || pos >= limit || limit > buf.length) {
      throw VariantFormatException.at(
          pos, "value starts at byte %d, outside the value data ending at %d", pos, limit);
    }
    this.buf = buf;
    this.pos = pos;
    this.limit = limit;
    this.header = buf[pos] & 0xFF;
  }

  /** End of this object's or array's data (its header parsed and checked). */
  abstract int containerEnd();

  // ---------------------------------------------------------------- type

  /** The basic type from the header's two low bits. */
  public BasicType basicType() {
    return BasicType.ofHeader(header);
  }

  /**
   * The value's type; short strings report {@link VariantType#STRING}.
   *
   * @throws VariantFormatException for a primitive type id this version does not know
   */
  public VariantType type() {
    switch (Layout.basicTypeBits(header)) {
      case 0:
        return VariantType.ofPrimitiveId(Layout.valueHeader(header), pos);
      case 1:
        return VariantType.STRING;
      case 2:
        return VariantType.OBJECT;
      default:
        return VariantType.ARRAY;
    }
  }

  /** True if this is the short-string form (basic type 1). */
  public boolean isShortString() {
    return Layout.basicTypeBits(header) == 1;
  }

  public boolean isNull() {
    return header == 0;
  }

  public boolean isObject() {
    return Layout.basicTypeBits(header) == 2;
  }

  public boolean isArray() {
    return Layout.basicTypeBits(header) == 3;
  }

  /** A copy of exactly this value's encoded bytes (nested values included). */
  public byte[] valueBytes() {
    return Arrays.copyOfRange(buf, pos, pos + valueSize());
  }

  /** A read-only view of this value's encoded bytes; no copy. */
  public ByteBuffer valueBuffer() {
    return ByteBuffer.wrap(buf, pos, valueSize()).slice().asReadOnlyBuffer();
  }

  /**
   * Copies this value's encoded bytes into {@code dest} at {@code destOffset}; returns the count.
   */
  public int copyValueTo(byte[] dest, int destOffset) {
    int n = valueSize();
    System.arraycopy(buf, pos, dest, destOffset, n);
    return n;
  }

  byte[] buffer() {
    return buf;
  }

  int position() {
    return pos;
  }

  /**
   * Where this value's encoding starts in the buffer it was read from: 0 for a value on its own
   * bytes, more for a field or element. For tools that show a value's layout ({@code variant
   * inspect}).
   */
  public int offsetInBuffer() {
    return pos;
  }

  /**
   * The bytes this value was given ({@code valueLength} of {@link Variant#of(VariantMetadata,
   * byte[], int, int)} for a root): more than {@link #valueSize()} when bytes trail the value,
   * which readers should reject.
   */
  public int bytesGiven() {
    return limit - pos;
  }

  int limit() {
    return limit;
  }

  int header() {
    return header;
  }

  /**
   * Size in bytes of this value's encoding, header included. O(1).
   *
   * @throws VariantFormatException if the encoding runs past the buffer or the type id is unknown
   */
  public int valueSize() {
    long size =
        Layout.basicTypeBits(header) >= 2
            ? containerEnd() - pos
            : scalarSize(buf, pos, limit, header);
    return fitting(pos, size, limit, header);
  }

  /**
   * {@link #valueSize()} of the value at {@code pos} whose data ends at {@code limit}, without a
   * view of it: the same size and the same errors as {@code valueSize()} of a {@link Variant} over
   * those bounds (for a builder that copies an object's field by its offsets).
   */
  static int valueSizeAt(byte[] buf, int pos, int limit) {
    int header = buf[pos] & 0xFF;
    long size =
        Layout.basicTypeBits(header) >= 2
            ? ContainerHeader.dataEnd(buf, pos, limit, header) - pos
            : scalarSize(buf, pos, limit, header);
    return fitting(pos, size, limit, header);
  }

  /**
   * The encoded size of the primitive or short string at {@code pos} with header byte {@code
   * header}, not yet checked against {@code limit} (only its length field is read within it).
   *
   * @throws VariantFormatException for an unknown primitive type id or a length past {@code limit}
   */
  static long scalarSize(byte[] buf, int pos, int limit, int header) {
    if (Layout.basicTypeBits(header) == 1) {
      return 1 + Layout.valueHeader(header);
    }
    VariantType t = VariantType.ofPrimitiveId(Layout.valueHeader(header), pos);
    int fixed = t.fixedPayloadSize();
    return fixed >= 0
        ? 1 + fixed
        : 5 + (ContainerHeader.read(buf, pos + 1, 4, limit) & 0xFFFFFFFFL);
  }

  /**
   * {@code size}, the size of the value at {@code pos}, checked to end within {@code limit}.
   *
   * @throws VariantFormatException if it runs past {@code limit}
   */
  static int fitting(int pos, long size, int limit, int header) {
    if (pos + size > limit) {
      throw VariantFormatException.at(
          pos,
          "%s of %d bytes runs past the end of its data at byte %d",
          describe(header),
          size,
          limit);
    }
    return (int) size;
  }

  final String describe() {
    return describe(header);
  }

  private static String describe(int header) {
    int bt = Layout.basicTypeBits(header);
    return bt == 0
        ? "primitive id " + Layout.valueHeader(header)
        : BasicType.ofHeader(header).name().toLowerCase();
  }

  final String safeTypeName() {
    try {
      return type().name();
    } catch (VariantFormatException e) {
      return describe();
    }
  }
}
