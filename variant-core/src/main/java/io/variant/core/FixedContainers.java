package io.variant.core;

import java.util.Arrays;

/**
 * {@link FixedDictionaryBuilder}'s open objects and arrays: which container a value goes into, its
 * field id and offset, and the header written when a container closes. Keys are field ids given in
 * increasing order, so closing an object only writes its header (no sort, no key table); the
 * elements were appended in order and are moved once past the header.
 *
 * <p>The innermost open container ({@code depth > 0}) lives in fields, its ancestors in per-depth
 * arrays: a value appended to it reads no per-depth array (a rebuild appends one per field). The
 * offset and id buffers of each depth are kept for the next value, so a reused builder allocates
 * nothing once it has seen its deepest and widest container.
 */
final class FixedContainers {
  private final ValueBuffer buf;
  private final int maxDepth;
  int depth;
  private boolean rootWritten;
  private boolean object;
  private int start; // where the innermost container's values start in buf
  private int count; // values appended to it
  private int lastId; // object: the last key's id, -1 before the first
  private int pendingKey = -1;
  private int[] curOffsets;
  private int[] curIds;
  // per depth: the saved state of the open containers around the innermost one, and each depth's
  // offset and id buffers
  private int[] starts = new int[8];
  private int[] counts = new int[8];
  private int[] lastIds = new int[8];
  private boolean[] objects = new boolean[8];
  private int[][] offsets = new int[8][];
  private int[][] ids = new int[8][];

  FixedContainers(ValueBuffer buf, int maxDepth) {
    this.buf = buf;
    this.maxDepth = maxDepth;
  }

  /** Forgets every open container and the root: a new value starts. */
  void reset() {
    depth = 0;
    object = false;
    rootWritten = false;
    pendingKey = -1;
  }

  /** True once a complete top-level value has been written. */
  boolean complete() {
    return depth == 0 && rootWritten;
  }

  /**
   * Names the next value of the open object by its field id.
   *
   * @throws IllegalArgumentException if {@code id} is outside {@code [0, dictionarySize)} or not
   *     above the previous key's
   */
  void key(int id, int dictionarySize) {
    if (!object || depth == 0 || pendingKey >= 0) {
      throw new IllegalStateException("Cannot call key() here: open an object, then key, value");
    }
    if (id <= lastId || id >= dictionarySize) {
      throw new IllegalArgumentException(
          id < 0 || id >= dictionarySize
              ? "Cannot use field id " + id + ": the dictionary has " + dictionarySize + " keys"
              : "Cannot use field id " + id + " after " + lastId + ": ids must increase");
    }
    pendingKey = id;
  }

  /** Registers the next value (about to be written at {@code buf.len}) with the open container. */
  void beforeValue() {
    if (depth == 0) {
      if (rootWritten) {
        throw new IllegalStateException("Cannot append a second top-level value");
      }
      rootWritten = true;
      return;
    }
    int n = count;
    if (n == curOffsets.length) {
      grow();
    }
    if (object) {
      int key = pendingKey;
      if (key < 0) {
        throw new IllegalStateException("Cannot append an object field value without key(id)");
      }
      curIds[n] = key;
      lastId = key;
      pendingKey = -1;
    }
    curOffsets[n] = buf.len - start;
    count = n + 1;
  }

  /** Doubles the innermost container's offset and id buffers. */
  private void grow() {
    int d = depth - 1;
    curOffsets = offsets[d] = Arrays.copyOf(curOffsets, count * 2);
    curIds = ids[d] = Arrays.copyOf(curIds, count * 2);
  }

  /** Opens an object or array as the next value. */
  void push(boolean isObject) {
    beforeValue();
    if (depth >= maxDepth) {
      throw new VariantLimitException(
          "Cannot nest deeper than " + maxDepth + " levels (raise Limits.maxDepth)");
    }
    if (depth == starts.length) {
      int m = depth * 2;
      starts = Arrays.copyOf(starts, m);
      counts = Arrays.copyOf(counts, m);
      lastIds = Arrays.copyOf(lastIds, m);
      objects = Arrays.copyOf(objects, m);
      offsets = Arrays.copyOf(offsets, m);
      ids = Arrays.copyOf(ids, m);
    }
    if (depth > 0) { // save the parent
      int p = depth - 1;
      starts[p] = start;
      counts[p] = count;
      lastIds[p] = lastId;
      objects[p] = object;
    }
    if (offsets[depth] == null) {
      offsets[depth] = new int[8];
      ids[depth] = new int[8];
    }
    curOffsets = offsets[depth];
    curIds = ids[depth];
    start = buf.len;
    count = 0;
    lastId = -1;
    object = isObject;
    depth++;
  }

  /**
   * Closes the open container: its elements were appended in order, so it only moves them past the
   * header it writes.
   */
  void finish(boolean isObject) {
    if (depth == 0 || object != isObject || pendingKey >= 0) {
      throw new IllegalStateException(
          "Cannot close an " + (isObject ? "object" : "array") + " that is not open and complete");
    }
    int n = count;
    int dataStart = start;
    int dataSize = buf.len - dataStart;
    int offsetSize = Layout.widthFor(dataSize);
    boolean large = n > Layout.MAX_SMALL_COUNT;
    int countSize = large ? 4 : 1;
    int idSize = isObject && n > 0 ? Layout.widthFor(curIds[n - 1]) : 1;
    int headerSize = 1 + countSize + (isObject ? n * idSize : 0) + (n + 1) * offsetSize;
    buf.ensure((long) buf.len + headerSize);
    byte[] out = buf.out;
    System.arraycopy(out, dataStart, out, dataStart + headerSize, dataSize);
    out[dataStart] =
        (byte)
            (isObject
                ? Layout.objectHeader(offsetSize, idSize, large)
                : Layout.arrayHeader(offsetSize, large));
    LittleEndian.write(out, dataStart + 1, n, countSize);
    int at = dataStart + 1 + countSize;
    if (isObject) {
      at = writeAll(out, at, curIds, n, idSize);
    }
    at = writeAll(out, at, curOffsets, n, offsetSize);
    LittleEndian.write(out, at, dataSize, offsetSize);
    buf.len += headerSize;
    depth--;
    if (depth > 0) { // the parent is innermost again
      int p = depth - 1;
      start = starts[p];
      count = counts[p];
      lastId = lastIds[p];
      object = objects[p];
      curOffsets = offsets[p];
      curIds = ids[p];
    }
  }

  /**
   * Writes {@code values[0..n)} at {@code width} bytes each from {@code at}; returns the end. One
   * byte, what a small container's ids and offsets take, gets its own loop without the width
   * switch.
   */
  private static int writeAll(byte[] out, int at, int[] values, int n, int width) {
    if (width == 1) {
      for (int i = 0; i < n; i++) {
        out[at + i] = (byte) values[i];
      }
      return at + n;
    }
    for (int i = 0; i < n; i++, at += width) {
      LittleEndian.write(out, at, values[i], width);
    }
    return at;
  }
}
