// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

/**
 * The header of one object or array, parsed once and cached by its {@link Variant}: element count,
 * id and offset widths, and where the id table, the offset table and the data start. Parsing checks
 * that the tables fit in the value's data; the data end (the last offset) is checked where a child
 * is read, so that a count can be read from a value whose data is truncated. Immutable. spec:
 * VariantEncoding §Value encoding
 */
final class ContainerHeader {
  final boolean object;

  /** Element count. */
  final int count;

  /** Bytes per field id (0 for arrays). */
  final int idSize;

  final int offsetSize;
  final int idsStart;
  final int offsetsStart;

  /** First byte after the offset table. */
  final int dataStart;

  private ContainerHeader(
      boolean object, int count, int idSize, int offsetSize, int idsStart, int dataStart) {
    this.object = object;
    this.count = count;
    this.idSize = idSize;
    this.offsetSize = offsetSize;
    this.idsStart = idsStart;
    this.offsetsStart = idsStart + count * idSize;
    this.dataStart = dataStart;
  }

  /**
   * Parses the header of the object or array at {@code pos}.
   *
   * @throws VariantFormatException if the count or the tables run past {@code limit}
   */
  static ContainerHeader parse(byte[] buf, int pos, int limit, int header) {
    int n = checkedCount(buf, pos, limit, header);
    int idsStart = pos + 1 + countSize(header);
    return new ContainerHeader(
        isObject(header),
        n,
        idSize(header),
        offsetSize(header),
        idsStart,
        dataStart(pos, header, n));
  }

  // The static parts of parse, for ValueCursor, which keeps these fields itself: a header object
  // per opened container was its only allocation, and escape analysis did not remove it.

  /** True for an object's header byte, false for an array's. */
  static boolean isObject(int header) {
    return Layout.basicTypeBits(header) == BasicType.OBJECT.id();
  }

  /** Bytes of the element count: 4 for a large container, else 1. */
  static int countSize(int header) {
    int large = isObject(header) ? Layout.OBJECT_LARGE_BIT : Layout.ARRAY_LARGE_BIT;
    return (Layout.valueHeader(header) & large) != 0 ? 4 : 1;
  }

  /** Bytes per offset, 1 to 4. */
  static int offsetSize(int header) {
    return (Layout.valueHeader(header) & Layout.OFFSET_SIZE_MASK) + 1;
  }

  /** Bytes per field id, 1 to 4; 0 for an array. */
  static int idSize(int header) {
    return isObject(header)
        ? ((Layout.valueHeader(header) >>> Layout.OBJECT_ID_SIZE_SHIFT) & Layout.OFFSET_SIZE_MASK)
            + 1
        : 0;
  }

  /**
   * The element count of the object or array at {@code pos}, checked: it and the id and offset
   * tables fit before {@code limit}.
   *
   * @throws VariantFormatException if they do not
   */
  static int checkedCount(byte[] buf, int pos, int limit, int header) {
    int countSize = countSize(header);
    int n = read(buf, pos + 1, countSize, limit);
    if (n < 0) {
      throw VariantFormatException.at(
          pos + 1, "element count %d exceeds %d", n & 0xFFFFFFFFL, Integer.MAX_VALUE);
    }
    // Invariant: long arithmetic; n + 1 overflows an int when a forged count is Integer.MAX_VALUE.
    long start =
        (long) pos
            + 1
            + countSize
            + (long) n * idSize(header)
            + ((long) n + 1) * offsetSize(header);
    if (start > limit) {
      throw VariantFormatException.at(
          pos + 1,
          "%s of %d elements needs tables up to byte %d, data ends at %d",
          isObject(header) ? "object" : "array",
          n,
          start,
          limit);
    }
    return n;
  }

  /** The first byte after the offset table, for a count checked by {@link #checkedCount}. */
  static int dataStart(int pos, int header, int count) {
    return pos + 1 + countSize(header) + count * idSize(header) + (count + 1) * offsetSize(header);
  }

  /** Reads an unsigned little-endian int of {@code width} bytes at {@code at}, bounds-checked. */
  static int read(byte[] buf, int at, int width, int limit) {
    if (at + width > limit || at < 0) {
      throw VariantFormatException.at(at, "needs %d bytes, value data ends at %d", width, limit);
    }
    return LittleEndian.readUnsigned(buf, at, width);
  }

  /** Offset {@code i} (0..count), unsigned; the table was checked to fit. */
  long offset(byte[] buf, int i) {
    return LittleEndian.readUnsigned(buf, offsetsStart + i * offsetSize, offsetSize) & 0xFFFFFFFFL;
  }

  /**
   * End of the data (dataStart + the last offset).
   *
   * @throws VariantFormatException if it runs past {@code limit}
   */
  int dataEnd(byte[] buf, int limit) {
    return dataEnd(buf, limit, object, count, offsetSize, offsetsStart, dataStart);
  }

  /**
   * The data end of the object or array at {@code pos}, its header checked as {@link #parse} does,
   * without a header object.
   */
  static int dataEnd(byte[] buf, int pos, int limit, int header) {
    int n = checkedCount(buf, pos, limit, header);
    int offsetSize = offsetSize(header);
    int data = dataStart(pos, header, n);
    return dataEnd(buf, limit, isObject(header), n, offsetSize, data - (n + 1) * offsetSize, data);
  }

  /** {@link #dataEnd(byte[], int)} of a header kept as these fields. */
  static int dataEnd(
      byte[] buf,
      int limit,
      boolean object,
      int count,
      int offsetSize,
      int offsetsStart,
      int dataStart) {
    int at = offsetsStart + count * offsetSize;
    long last = LittleEndian.readUnsigned(buf, at, offsetSize) & 0xFFFFFFFFL;
    if (dataStart + last > limit) {
      throw VariantFormatException.at(
          at, "%s data of %d bytes runs past byte %d", object ? "object" : "array", last, limit);
    }
    return (int) (dataStart + last);
  }

  /**
   * Field {@code i}'s dictionary id, checked against {@code dictionarySize}.
   *
   * @throws VariantFormatException if it is outside the dictionary
   */
  int id(byte[] buf, int i, int dictionarySize) {
    int at = idsStart + i * idSize;
    int id = LittleEndian.readUnsigned(buf, at, idSize);
    if (id < 0 || id >= dictionarySize) {
      throw VariantFormatException.at(
          at,
          "field id %d outside the metadata dictionary of %d keys",
          id & 0xFFFFFFFFL,
          dictionarySize);
    }
    return id;
  }
}
