// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.util.Arrays;

/**
 * The object layout of a builder: the stack of open objects and arrays, and how each is finished.
 * Elements are appended back to back into the {@link ValueBuffer}; closing a container sorts an
 * object's fields by key (unless they came in order), drops or rejects duplicate keys, moves the
 * elements to make room for the header, and writes header, ids and offsets with the smallest
 * widths.
 *
 * <p>It also remembers where every finished object's id table sits (the <b>id records</b>), moving
 * the records along when an enclosing container moves its elements, so that the builder can rewrite
 * provisional ids into final ones with no walk over the value ({@link #rewriteIds}).
 */
final class ContainerStack {
  private static final class Frame {
    boolean object;
    int start;
    int count;
    int[] keys = new int[8]; // key (KeyTable index) of each field, in append order
    int[] offsets = new int[8]; // start of each element, relative to start
    int pendingKey = -1;
    int firstRecord; // id records of this container's descendants start here

    void add(int key, int offset) {
      if (count >= keys.length) { // an array's frame reused for an object may have fewer keys
        keys = Arrays.copyOf(keys, Math.max(offsets.length, count * 2));
      }
      keys[count] = key;
      addElement(offset);
    }

    /** An array element: arrays need no keys, and a long array grows one table, not two. */
    void addElement(int offset) {
      if (count == offsets.length) {
        offsets = Arrays.copyOf(offsets, count * 2);
      }
      offsets[count++] = offset;
    }
  }

  private final ValueBuffer buf;
  private final KeyTable keys;
  private final int maxDepth;
  private final boolean rejectDuplicates;
  private Frame[] frames = new Frame[8];
  private int depth;
  private boolean rootWritten;
  private final FieldOrderCache fieldOrders = new FieldOrderCache();
  private int[] order = new int[16];
  private int[] newStart = new int[16];
  private byte[] scratch = new byte[256];
  private int[] recPos = new int[16];
  private int[] recCount = new int[16];
  private int[] recWidth = new int[16];
  private int records;

  ContainerStack(ValueBuffer buf, KeyTable keys, BuilderOptions options) {
    this.buf = buf;
    this.keys = keys;
    this.maxDepth = options.limits().maxDepth();
    this.rejectDuplicates = options.duplicateKeys() == DuplicateKeys.REJECT;
  }

  void reset() {
    depth = 0;
    rootWritten = false;
    records = 0;
  }

  int depth() {
    return depth;
  }

  boolean rootWritten() {
    return rootWritten;
  }

  /** Registers the next value with the open container (or as the root). */
  void beforeValue() {
    if (depth == 0) {
      if (rootWritten) {
        throw new IllegalStateException(
            "Cannot append a second top-level value: call build() or reset() first");
      }
      rootWritten = true;
      return;
    }
    Frame f = frames[depth - 1];
    if (f.object) {
      if (f.pendingKey < 0) {
        throw new IllegalStateException(
            "Cannot append an object field value without its name: call key(name) first");
      }
      f.add(f.pendingKey, buf.len - f.start);
      f.pendingKey = -1;
    } else {
      f.addElement(buf.len - f.start);
    }
  }

  void push(boolean object) {
    beforeValue();
    if (depth >= maxDepth) {
      throw new VariantLimitException(
          "Cannot nest deeper than " + maxDepth + " levels (raise Limits.maxDepth)");
    }
    if (depth == frames.length) {
      frames = Arrays.copyOf(frames, depth * 2);
    }
    Frame f = frames[depth];
    if (f == null) {
      f = frames[depth] = new Frame();
    }
    depth++;
    f.object = object;
    f.start = buf.len;
    f.count = 0;
    f.pendingKey = -1;
    f.firstRecord = records;
  }

  /** Names the next value of the open object with {@code key} (already in use by the key table). */
  void key(int key) {
    Frame f = depth == 0 ? null : frames[depth - 1];
    if (f == null || !f.object) {
      throw new IllegalStateException(
          "Cannot call key() outside an object: call startObject() first");
    }
    if (f.pendingKey >= 0) {
      throw new IllegalStateException(
          "Cannot call key(\""
              + keys.text(key)
              + "\") twice in a row: append the value of \""
              + keys.text(f.pendingKey)
              + "\" first");
    }
    f.pendingKey = key;
  }

  private Frame pop(boolean object) {
    Frame f = depth == 0 ? null : frames[depth - 1];
    if (f == null || f.object != object) {
      String what = object ? "endObject()" : "endArray()";
      String start = object ? "startObject()" : "startArray()";
      throw new IllegalStateException(
          "Cannot call " + what + " without calling " + start + " first");
    }
    if (f.object && f.pendingKey >= 0) {
      throw new IllegalStateException(
          "Cannot call endObject() after key(\"" + keys.text(f.pendingKey) + "\") without a value");
    }
    depth--;
    return f;
  }

  /** Closes the open object: sorts its fields by key, handles duplicates and writes its header. */
  void endObject() {
    Frame f = pop(true);
    int n = f.count;
    int[] ks = f.keys;
    int valuesLen = buf.len - f.start;
    int kept = n;
    int dataSize = valuesLen;
    if (order.length < n) {
      order = new int[Math.max(n, order.length * 2)];
      newStart = new int[order.length];
    }
    int[] ord = order;
    int[] known =
        n >= FieldOrderCache.MIN_FIELDS ? fieldOrders.find(ks, n, keys.cacheEpoch()) : null;
    boolean inOrder;
    if (known != null && known != FieldOrderCache.IN_ORDER) {
      inOrder = false;
      System.arraycopy(known, 0, ord, 0, n); // no duplicates: every field is kept
    } else {
      inOrder = known != null || inKeyOrder(ks, n);
      for (int i = 0; i < n; i++) {
        ord[i] = i;
      }
      if (!inOrder) {
        keys.sortByKey(ord, n, ks);
        kept = 0;
        dataSize = 0;
        for (int i = 0; i < n; i++) {
          int src = ord[i];
          newStart[src] = -1;
          if (i + 1 < n
              && ks[src]
                  == ks[ord[i + 1]]) { // one cached key per distinct text: equal index, equal key
            if (rejectDuplicates) {
              throw new DuplicateKeyException(keys.text(ks[src]));
            }
            continue; // LAST_WINS: the stable sort put the earlier one first; drop it
          }
          ord[kept++] = src;
          dataSize += extent(f, src, valuesLen);
        }
      }
      if (known == null && n >= FieldOrderCache.MIN_FIELDS && kept == n) {
        fieldOrders.put(ks, n, inOrder ? null : ord);
      }
    }
    int maxId = 0;
    for (int i = 0; i < kept; i++) {
      maxId = Math.max(maxId, keys.idOf(ks[ord[i]]));
    }
    int idSize = Layout.widthFor(maxId);
    int offsetSize = Layout.widthFor(dataSize);
    boolean large = kept > Layout.MAX_SMALL_COUNT;
    int countSize = large ? 4 : 1;
    int headerSize = 1 + countSize + kept * idSize + (kept + 1) * offsetSize;
    int dataStart = f.start + headerSize;
    buf.ensure((long) dataStart + Math.max(dataSize, valuesLen));
    byte[] out = buf.out;
    if (inOrder) {
      System.arraycopy(out, f.start, out, dataStart, dataSize);
      shiftRecords(f.firstRecord, headerSize);
    } else {
      if (scratch.length < valuesLen) {
        // Allocated as the copy: a new array filled by a copy is not zeroed first (a fresh one of a
        // megabyte document's root was 2% of its parse in zeroing).
        // Doubled, so that a reused builder seldom grows it (past the buffer, the rest is zeros).
        scratch =
            Arrays.copyOfRange(out, f.start, f.start + Math.max(valuesLen, scratch.length * 2));
      } else {
        System.arraycopy(out, f.start, scratch, 0, valuesLen);
      }
    }
    out[f.start] = (byte) Layout.objectHeader(offsetSize, idSize, large);
    LittleEndian.write(out, f.start + 1, kept, countSize);
    int idsAt = f.start + 1 + countSize;
    int offsAt = idsAt + kept * idSize;
    int o = 0;
    for (int i = 0; i < kept; i++) {
      int src = ord[i];
      LittleEndian.write(out, idsAt + i * idSize, keys.idOf(ks[src]), idSize);
      if (inOrder) {
        o = f.offsets[src];
        LittleEndian.write(out, offsAt + i * offsetSize, o, offsetSize);
      } else {
        int size = extent(f, src, valuesLen);
        System.arraycopy(scratch, f.offsets[src], out, dataStart + o, size);
        newStart[src] = dataStart + o;
        LittleEndian.write(out, offsAt + i * offsetSize, o, offsetSize);
        o += size;
      }
    }
    LittleEndian.write(out, offsAt + kept * offsetSize, dataSize, offsetSize);
    if (!inOrder) {
      relocateRecords(f, n);
    }
    buf.len = dataStart + dataSize;
    addRecord(idsAt, kept, idSize);
  }

  private boolean inKeyOrder(int[] ks, int n) {
    for (int i = 1; i < n; i++) {
      if (keys.compare(ks[i - 1], ks[i]) >= 0) {
        return false;
      }
    }
    return true;
  }

  /** Byte length of element {@code i}'s value: values were appended back to back. */
  private static int extent(Frame f, int i, int valuesLen) {
    int end = i + 1 < f.count ? f.offsets[i + 1] : valuesLen;
    return end - f.offsets[i];
  }

  /** Closes the open array and writes its header. */
  void endArray() {
    Frame f = pop(false);
    int n = f.count;
    int dataSize = buf.len - f.start;
    int offsetSize = Layout.widthFor(dataSize);
    boolean large = n > Layout.MAX_SMALL_COUNT;
    int countSize = large ? 4 : 1;
    int headerSize = 1 + countSize + (n + 1) * offsetSize;
    buf.ensure((long) buf.len + headerSize);
    byte[] out = buf.out;
    System.arraycopy(out, f.start, out, f.start + headerSize, dataSize);
    shiftRecords(f.firstRecord, headerSize);
    out[f.start] = (byte) Layout.arrayHeader(offsetSize, large);
    LittleEndian.write(out, f.start + 1, n, countSize);
    int offsAt = f.start + 1 + countSize;
    int[] offsets = f.offsets;
    for (int i = 0; i < n; i++) {
      LittleEndian.write(out, offsAt + i * offsetSize, offsets[i], offsetSize);
    }
    LittleEndian.write(out, offsAt + n * offsetSize, dataSize, offsetSize);
    buf.len += headerSize;
  }

  // ---------------------------------------------------------------- id records

  private void addRecord(int pos, int count, int width) {
    if (records == recPos.length) {
      int m = records * 2;
      recPos = Arrays.copyOf(recPos, m);
      recCount = Arrays.copyOf(recCount, m);
      recWidth = Arrays.copyOf(recWidth, m);
    }
    recPos[records] = pos;
    recCount[records] = count;
    recWidth[records++] = width;
  }

  private void shiftRecords(int from, int delta) {
    for (int r = from; r < records; r++) {
      recPos[r] += delta;
    }
  }

  /**
   * After a reordering endObject: moves each record with its field's value; drops those of dropped
   * fields.
   */
  private void relocateRecords(Frame f, int n) {
    int kept = f.firstRecord;
    for (int r = f.firstRecord; r < records; r++) {
      int rel = recPos[r] - f.start;
      int lo = 0;
      int hi = n - 1;
      while (lo < hi) { // the last field starting at or before rel
        int mid = (lo + hi + 1) >>> 1;
        if (f.offsets[mid] <= rel) {
          lo = mid;
        } else {
          hi = mid - 1;
        }
      }
      if (newStart[lo] < 0) {
        continue;
      }
      recPos[kept] = newStart[lo] + (rel - f.offsets[lo]);
      recCount[kept] = recCount[r];
      recWidth[kept++] = recWidth[r];
    }
    records = kept;
  }

  /**
   * Rewrites every object's ids in {@code value} (the finished buffer's copy) through {@code
   * finalId}.
   *
   * @return false, writing nothing, if {@code checkWidths} and some object would need another id
   *     width
   */
  boolean rewriteIds(byte[] value, int[] finalId, boolean checkWidths) {
    if (checkWidths) {
      for (int r = 0; r < records; r++) {
        int w = recWidth[r];
        int max = 0;
        for (int i = 0, at = recPos[r]; i < recCount[r]; i++, at += w) {
          max = Math.max(max, finalId[LittleEndian.readUnsigned(value, at, w)]);
        }
        if (recCount[r] > 0 && Layout.widthFor(max) != w) {
          return false;
        }
      }
    }
    for (int r = 0; r < records; r++) {
      int w = recWidth[r];
      for (int i = 0, at = recPos[r]; i < recCount[r]; i++, at += w) {
        LittleEndian.write(value, at, finalId[LittleEndian.readUnsigned(value, at, w)], w);
      }
    }
    return true;
  }
}
