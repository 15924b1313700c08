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
    boolean object = Layout.basicTypeBits(header) == BasicType.OBJECT.id();
    int vh = Layout.valueHeader(header);
    boolean large = (vh & (object ? Layout.OBJECT_LARGE_BIT : Layout.ARRAY_LARGE_BIT)) != 0;
    int countSize = large ? 4 : 1;
    int offsetSize = (vh & Layout.OFFSET_SIZE_MASK) + 1;
    int idSize = object ? ((vh >>> Layout.OBJECT_ID_SIZE_SHIFT) & Layout.OFFSET_SIZE_MASK) + 1 : 0;
    int n = read(buf, pos + 1, countSize, limit);
    if (n < 0) {
      throw VariantFormatException.at(
          pos + 1, "element count %d exceeds %d", n & 0xFFFFFFFFL, Integer.MAX_VALUE);
    }
    // Invariant: long arithmetic; n + 1 overflows an int when a forged count is Integer.MAX_VALUE.
    long start = (long) pos + 1 + countSize + (long) n * idSize + ((long) n + 1) * offsetSize;
    if (start > limit) {
      throw VariantFormatException.at(
          pos + 1,
          "%s of %d elements needs tables up to byte %d, data ends at %d",
          object ? "object" : "array",
          n,
          start,
          limit);
    }
    return new ContainerHeader(object, n, idSize, offsetSize, pos + 1 + countSize, (int) start);
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
    long last = offset(buf, count);
    if (dataStart + last > limit) {
      throw VariantFormatException.at(
          offsetsStart + count * offsetSize,
          "%s data of %d bytes runs past byte %d",
          object ? "object" : "array",
          last,
          limit);
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
