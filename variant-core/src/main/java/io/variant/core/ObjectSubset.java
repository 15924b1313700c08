package io.variant.core;

/**
 * An object without some of its fields, encoded straight from the object's bytes: the kept fields'
 * ids and values are copied as they are (no key decoded, no builder, no dictionary lookup), in
 * field order, with the smallest id and offset widths, as {@link VariantBuilder} encodes the same
 * fields over the same dictionary. The shredding writer's residual object (the fields a plan does
 * not shred) is one per row. spec: VariantEncoding §Value encoding, object
 *
 * <p>The static methods return objects on arrays of their own. An instance ({@link #cut}) writes
 * into one buffer that it reuses, for a caller that hands each result on before the next (the
 * splitter's sink may not keep a residual past the call); not thread-safe.
 */
public final class ObjectSubset {
  private byte[] buffer = new byte[0];

  /** A cutter with its own reusable output buffer. */
  public ObjectSubset() {}

  /**
   * {@code object} without the fields whose indexes are in {@code dropped[0, count)}, which
   * increase (entries below 0 are skipped). The result shares {@code object}'s metadata.
   *
   * @return the object, or {@code null} when copying could not keep the fields in key order: the
   *     dictionary is not sorted, or the kept fields' ids do not increase (a malformed object);
   *     then re-encode it with {@link VariantBuilder}, which sorts
   * @throws VariantTypeException if {@code object} is not an object
   * @throws VariantFormatException if a kept field is malformed where its size is read
   */
  public static Variant without(Variant object, int[] dropped, int count) {
    return without(object, dropped, count, new ValueCursor());
  }

  /**
   * As {@link #without(Variant, int[], int)}, reading the fields through {@code scratch} (which it
   * reopens), so that a caller that cuts one object per row makes no view per field.
   */
  public static Variant without(Variant object, int[] dropped, int count, ValueCursor scratch) {
    if (!object.metadata().isSorted()) {
      return null;
    }
    if (!object.isObject()) {
      throw new VariantTypeException(
          "Cannot cut fields: value is " + object.safeTypeName() + ", not an object");
    }
    scratch.open(object);
    return without(scratch, dropped, count);
  }

  /**
   * As {@link #without(Variant, int[], int)} for the object open in {@code object} (whose current
   * value it moves), so that a caller that already walks the object reads its header once.
   *
   * @throws VariantTypeException if the open container is an array
   */
  public static Variant without(ValueCursor object, int[] dropped, int count) {
    return cut(object, dropped, count, null);
  }

  /**
   * As {@link #without(ValueCursor, int[], int)}, written into this cutter's buffer: the result is
   * a view of it, valid until the next call.
   */
  public Variant cut(ValueCursor object, int[] dropped, int count) {
    return cut(object, dropped, count, this);
  }

  private static Variant cut(ValueCursor object, int[] dropped, int count, ObjectSubset reuse) {
    if (!object.metadata().isSorted()) {
      return null;
    }
    if (!object.isObjectOpen()) {
      throw new VariantTypeException("Cannot cut fields: value is an array, not an object");
    }
    ValueCursor c = object;
    int n = c.count();
    int kept = 0;
    int maxId = -1;
    long dataSize = 0;
    for (int i = 0, d = 0; i < n; i++) {
      while (d < count && dropped[d] < i) {
        d++;
      }
      if (d < count && dropped[d] == i) {
        continue;
      }
      kept++;
      int id = c.fieldId(i);
      if (id <= maxId) {
        return null; // sorted dictionary, so key order is id order: these fields are out of order
      }
      maxId = id;
      c.select(i);
      dataSize += c.valueSize();
    }
    boolean large = kept > Layout.MAX_SMALL_COUNT;
    int countSize = large ? 4 : 1;
    int idSize = Layout.widthFor(Math.max(0, maxId));
    int offsetSize = Layout.widthFor((int) Math.min(dataSize, Integer.MAX_VALUE));
    long size = 1 + countSize + (long) kept * idSize + (long) (kept + 1) * offsetSize + dataSize;
    if (size > Limits.MAX_ARRAY_BYTES) {
      throw new VariantLimitException(
          "Cannot encode an object of " + size + " bytes: past the array limit");
    }
    byte[] out = reuse == null ? new byte[(int) size] : reuse.buffer((int) size);
    out[0] = (byte) Layout.objectHeader(offsetSize, idSize, large);
    LittleEndian.write(out, 1, kept, countSize);
    int ids = 1 + countSize;
    int offsets = ids + kept * idSize;
    int data = offsets + (kept + 1) * offsetSize;
    int k = 0;
    int at = data;
    for (int i = 0, d = 0; i < n; i++) {
      while (d < count && dropped[d] < i) {
        d++;
      }
      if (d < count && dropped[d] == i) {
        continue;
      }
      LittleEndian.write(out, ids + k * idSize, c.fieldId(i), idSize);
      LittleEndian.write(out, offsets + k * offsetSize, at - data, offsetSize);
      c.select(i);
      at += c.copyValueTo(out, at);
      k++;
    }
    LittleEndian.write(out, offsets + kept * offsetSize, at - data, offsetSize);
    return Variant.of(c.metadata(), out, 0, (int) size);
  }

  /** The reused buffer, grown to at least {@code size} bytes. */
  private byte[] buffer(int size) {
    if (buffer.length < size) {
      buffer = new byte[Math.max(size, 2 * buffer.length)];
    }
    return buffer;
  }
}
