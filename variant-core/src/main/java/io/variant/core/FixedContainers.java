// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.util.Arrays;

/**
 * {@link FixedDictionaryBuilder}'s open objects and arrays: which container a value goes into, its
 * field id and offset, and the header written when a container closes. Keys are field ids given in
 * increasing order, so closing an object only writes its header (no sort, no key table). Opening a
 * container reserves room for its header by a guess of its size (the caller's, e.g. what the same
 * container took in the previous value); closing writes the header there and moves the elements
 * only when the guess was wrong.
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
  int valueStart; // where the top-level value starts in buf: past unused header room, else 0
  private boolean object;
  private int start; // where the innermost container's values start in buf
  private int reserve; // bytes before start reserved for its header
  private int lastHeaderSize; // the header size of the container closed last
  private int count; // values appended to it
  private int lastId; // object: the last key's id, -1 before the first
  private int pendingKey = -1;
  // the innermost container's values: value i's offset at [2i], its field id at [2i + 1] (one
  // array, one bounds check per value); NONE at the top level, so that beforeValue's one length
  // check also catches the top-level value
  private int[] cur = NONE;
  private static final int[] NONE = {};
  // per depth: the saved state of the open containers around the innermost one, and each depth's
  // offset and id buffers
  // start, count, lastId and reserve of depth p at saved[FRAME * p + 0..3]
  private static final int FRAME = 4;
  private int[] saved = new int[FRAME * 8];
  private boolean[] objects = new boolean[8];
  private int[][] slots = new int[8][];
  // depths below this have their state and buffers (and are within maxDepth): push checks one
  // bound instead of the limit, the arrays' length and the buffers
  private int prepared;
  // the first header byte of a container whose ids and offsets take one byte each
  private static final byte SMALL_OBJECT = (byte) Layout.objectHeader(1, 1, false);
  private static final byte SMALL_ARRAY = (byte) Layout.arrayHeader(1, false);

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
    cur = NONE;
    valueStart = 0;
    buf.clearReserved();
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
    int n = count;
    int[] c = cur;
    if (2 * n + 1 >= c.length) { // count < 2^30: c.length is at most 2^31 - 1
      if (depth == 0) {
        if (rootWritten) {
          throw new IllegalStateException("Cannot append a second top-level value");
        }
        rootWritten = true;
        return;
      }
      c = grow();
    }
    if (object) {
      int key = pendingKey;
      if (key < 0) {
        throw new IllegalStateException("Cannot append an object field value without key(id)");
      }
      c[2 * n + 1] = key;
      lastId = key;
      pendingKey = -1;
    }
    c[2 * n] = buf.len - start;
    count = n + 1;
  }

  /** Doubles the innermost container's offset and id buffer. */
  private int[] grow() {
    int[] c = Arrays.copyOf(cur, (int) Math.min(2L * cur.length, Limits.MAX_ARRAY_BYTES));
    cur = slots[depth - 1] = c;
    return c;
  }

  /**
   * Opens an object or array as the next value, with {@code headerGuess} bytes (at least 0)
   * reserved for its header.
   */
  void push(boolean isObject, int headerGuess) {
    // the rare cases (a limit, a new depth) in methods of their own: what is left is small enough
    // for the compiler to inline into the caller's loop
    beforeValue();
    int d = depth;
    if (d >= prepared) {
      newDepth(d);
    }
    if (d > 0) { // save the parent
      int p = d - 1;
      int f = FRAME * p;
      saved[f] = start;
      saved[f + 1] = count;
      saved[f + 2] = lastId;
      saved[f + 3] = reserve;
      objects[p] = object;
    }
    cur = slots[d];
    start = buf.hold(headerGuess);
    reserve = headerGuess;
    count = 0;
    lastId = -1;
    object = isObject;
    depth = d + 1;
  }

  /** Checks depth {@code d} against the limit and gives it its state and buffers. */
  private void newDepth(int d) {
    if (d >= maxDepth) {
      throw new VariantLimitException(
          "Cannot nest deeper than " + maxDepth + " levels (raise Limits.maxDepth)");
    }
    if (d == objects.length) {
      int m = d * 2;
      saved = Arrays.copyOf(saved, FRAME * m);
      objects = Arrays.copyOf(objects, m);
      slots = Arrays.copyOf(slots, m);
    }
    if (slots[d] == null) {
      slots[d] = new int[16];
    }
    prepared = d + 1; // depths are entered one at a time: every depth up to d is ready
  }

  /**
   * Closes the open container: its elements were appended in order, so it writes its header in the
   * room reserved before them, moving them first if the header needs more or less room.
   */
  void finish(boolean isObject) {
    if (depth == 0 || object != isObject || pendingKey >= 0) {
      throw notOpen(isObject);
    }
    int n = count;
    int dataSize = buf.len - start;
    // ids increase, so the last is the largest
    if (n <= Layout.MAX_SMALL_COUNT
        && dataSize <= 0xFF
        && (!isObject || n == 0 || cur[2 * n - 1] <= 0xFF)) {
      // what a rebuilt row's objects and lists take: every field of the header is one byte
      int headerSize = 3 + (isObject ? 2 * n : n);
      int headerStart = place(headerSize, dataSize);
      byte[] out = buf.out;
      out[headerStart] = isObject ? SMALL_OBJECT : SMALL_ARRAY;
      writeSmall(out, headerStart + 1, isObject, n, dataSize);
      lastHeaderSize = headerSize;
    } else {
      finishWide(isObject, n, dataSize);
    }
    int d = --depth;
    if (d > 0) {
      parent(d - 1);
    } else {
      cur = NONE;
    }
  }

  /** {@link #finish}'s header when some field takes more than one byte. */
  private void finishWide(boolean isObject, int n, int dataSize) {
    int offsetSize = Layout.widthFor(dataSize);
    int idSize = isObject && n > 0 ? Layout.widthFor(cur[2 * n - 1]) : 1;
    boolean large = n > Layout.MAX_SMALL_COUNT;
    int headerSize = 1 + (large ? 4 : 1) + (isObject ? n * idSize : 0) + (n + 1) * offsetSize;
    int headerStart = place(headerSize, dataSize);
    byte[] out = buf.out;
    out[headerStart] =
        (byte)
            (isObject
                ? Layout.objectHeader(offsetSize, idSize, large)
                : Layout.arrayHeader(offsetSize, large));
    writeHeader(out, headerStart + 1, isObject, n, dataSize, idSize, offsetSize);
    lastHeaderSize = headerSize;
  }

  /** Makes the open container at depth {@code p + 1} innermost again. */
  private void parent(int p) {
    int f = FRAME * p;
    start = saved[f];
    count = saved[f + 1];
    lastId = saved[f + 2];
    reserve = saved[f + 3];
    object = objects[p];
    cur = slots[p];
  }

  private static IllegalStateException notOpen(boolean isObject) {
    return new IllegalStateException(
        "Cannot close an " + (isObject ? "object" : "array") + " that is not open and complete");
  }

  /**
   * Makes room for the innermost container's header of {@code headerSize} bytes before its {@code
   * dataSize} bytes of values, in the room reserved for it, moving the values if it needs more or
   * less; returns where the header starts.
   */
  private int place(int headerSize, int dataSize) {
    int dataStart = start;
    int headerStart = dataStart - reserve;
    buf.reserve(-reserve);
    int move = headerSize - reserve;
    // checked even when the header fits its room: the size limit counts the header
    buf.ensure((long) buf.len + move);
    if (move < 0 && depth == 1) {
      // the top-level value, given more room than its header takes: it starts later instead
      headerStart -= move;
      valueStart = headerStart;
    } else if (move != 0) {
      System.arraycopy(buf.out, dataStart, buf.out, dataStart + move, dataSize);
      buf.len += move;
    }
    return headerStart;
  }

  /** The header after its first byte, any widths. */
  private void writeHeader(
      byte[] out, int at, boolean isObject, int n, int dataSize, int idSize, int offsetSize) {
    int countSize = n > Layout.MAX_SMALL_COUNT ? 4 : 1;
    LittleEndian.write(out, at, n, countSize);
    at += countSize;
    if (isObject) {
      at = writeAll(out, at, 1, n, idSize);
    }
    at = writeAll(out, at, 0, n, offsetSize);
    LittleEndian.write(out, at, dataSize, offsetSize);
  }

  /** The header size of the container closed last: a guess for the next one like it. */
  int lastHeaderSize() {
    return lastHeaderSize;
  }

  /**
   * The header after its first byte when every field takes one byte (count, ids, offsets: what a
   * rebuilt row's small objects take): one loop writes each field's id and offset.
   */
  private void writeSmall(byte[] out, int at, boolean isObject, int n, int dataSize) {
    out[at++] = (byte) n;
    int[] c = cur;
    if (isObject) {
      for (int i = 0; i < n; i++) {
        out[at + i] = (byte) c[2 * i + 1];
        out[at + n + i] = (byte) c[2 * i];
      }
      at += 2 * n;
    } else {
      for (int i = 0; i < n; i++) {
        out[at + i] = (byte) c[2 * i];
      }
      at += n;
    }
    out[at] = (byte) dataSize;
  }

  /**
   * Writes the innermost container's offsets ({@code first} 0) or field ids ({@code first} 1) of
   * its {@code n} values at {@code width} bytes each from {@code at}; returns the end. One and two
   * bytes get loops of their own without the width switch: two-byte offsets are what a rebuilt
   * row's top-level object takes once its data passes 255 bytes, and LittleEndian.write, too big to
   * be inlined here, was a call per field.
   */
  private int writeAll(byte[] out, int at, int first, int n, int width) {
    int[] c = cur;
    if (width == 1) {
      for (int i = 0; i < n; i++) {
        out[at + i] = (byte) c[2 * i + first];
      }
      return at + n;
    }
    if (width == 2) {
      for (int i = 0; i < n; i++) {
        int v = c[2 * i + first];
        out[at + 2 * i] = (byte) v;
        out[at + 2 * i + 1] = (byte) (v >>> 8);
      }
      return at + 2 * n;
    }
    for (int i = 0; i < n; i++, at += width) {
      LittleEndian.write(out, at, c[2 * i + first], width);
    }
    return at;
  }
}
