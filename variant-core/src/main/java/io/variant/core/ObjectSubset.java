// SPDX-License-Identifier: Apache-2.0
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
 *
 * <p><b>Internal:</b> not API, and may change without notice. Public only for variant-shredding's
 * split, because it copies {@link Variant}'s bytes in place, which only this package can.
 */
public final class ObjectSubset {
  private byte[] buffer = new byte[0];
  private int[] keptIds = new int[0]; // scratch per cut, by kept field: its id, value start, size
  private int[] keptStarts = new int[0];
  private int[] keptSizes = new int[0];

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
    ObjectSubset own = new ObjectSubset(); // its first buffer is exactly the result's size
    int n = own.cutBytes(object, dropped, count);
    return n < 0 ? null : Variant.of(object.metadata(), own.buffer, 0, n);
  }

  /**
   * As {@link #without(ValueCursor, int[], int)}, written into this cutter's buffer: the result is
   * a view of it, valid until the next call.
   */
  public Variant cut(ValueCursor object, int[] dropped, int count) {
    int n = cutBytes(object, dropped, count);
    return n < 0 ? null : Variant.of(object.metadata(), buffer, 0, n);
  }

  /**
   * As {@link #cut}, without a view: the object's value bytes are left at the start of {@link
   * #buffer()}, valid until the next call, for a caller that hands bytes on.
   *
   * @return their count, or -1 where {@link #cut} returns {@code null}
   */
  public int cutBytes(ValueCursor object, int[] dropped, int count) {
    if (!object.metadata().isSorted()) {
      return -1;
    }
    if (!object.isObjectOpen()) {
      throw new VariantTypeException("Cannot cut fields: value is an array, not an object");
    }
    ValueCursor c = object;
    int n = c.count();
    if (keptIds.length < n) {
      keptIds = new int[n];
      keptStarts = new int[n];
      keptSizes = new int[n];
    }
    // Pass 1: each kept field's id, and where its value starts and how long it is, read once.
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
      int id = c.fieldId(i);
      if (id <= maxId) {
        return -1; // sorted dictionary, so key order is id order: these fields are out of order
      }
      maxId = id;
      c.select(i);
      int valueSize = c.valueSize();
      keptIds[kept] = id;
      keptStarts[kept] = c.pos;
      keptSizes[kept] = valueSize;
      kept++;
      dataSize += valueSize;
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
    byte[] out = buffer((int) size);
    out[0] = (byte) Layout.objectHeader(offsetSize, idSize, large);
    LittleEndian.write(out, 1, kept, countSize);
    int ids = 1 + countSize;
    int offsets = ids + kept * idSize;
    int data = offsets + (kept + 1) * offsetSize;
    // Pass 2: the tables, and the values copied a run at a time (fields whose values lie back to
    // back in the input, as a builder lays them out, go in one copy).
    byte[] in = c.buf;
    int at = data;
    int runStart = 0;
    int runLength = 0;
    for (int k = 0; k < kept; k++) {
      LittleEndian.write(out, ids + k * idSize, keptIds[k], idSize);
      LittleEndian.write(out, offsets + k * offsetSize, at - data, offsetSize);
      int from = keptStarts[k];
      if (runLength > 0 && runStart + runLength != from) {
        System.arraycopy(in, runStart, out, at - runLength, runLength);
        runLength = 0;
      }
      if (runLength == 0) {
        runStart = from;
      }
      runLength += keptSizes[k];
      at += keptSizes[k];
    }
    System.arraycopy(in, runStart, out, at - runLength, runLength);
    LittleEndian.write(out, offsets + kept * offsetSize, at - data, offsetSize);
    return (int) size;
  }

  /** The buffer {@link #cutBytes} writes into; replaced when it must grow. */
  public byte[] buffer() {
    return buffer;
  }

  /** The reused buffer, grown to at least {@code size} bytes. */
  private byte[] buffer(int size) {
    if (buffer.length < size) {
      buffer = new byte[Math.max(size, 2 * buffer.length)];
    }
    return buffer;
  }
}
