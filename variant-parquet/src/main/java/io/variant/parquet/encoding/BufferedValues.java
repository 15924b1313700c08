// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.encoding;

import java.util.Arrays;
import java.util.function.BooleanSupplier;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.io.api.Binary;

/**
 * The values of one column written so far, kept to be written again, in order, to any number of
 * values writers. A column's values are all binaries, all ints or all longs. <b>Thread safety:</b>
 * none.
 */
final class BufferedValues {
  private byte[] bytes = new byte[0]; // the binaries, one after the other
  private int[] ints = new int[0]; // the ints, or the binaries' lengths
  private long[] longs = new long[0];
  private int byteCount;
  private int count;

  /** Shared prefixes this long or longer count as one length, which is left uncapped. */
  static final int LONG_PREFIX = 64;

  /** Values kept. */
  int count() {
    return count;
  }

  /** Bytes held in memory. */
  long allocatedSize() {
    return bytes.length + 4L * ints.length + 8L * longs.length;
  }

  void addBinary(Binary v) {
    int n = v.length();
    if (bytes.length - byteCount < n) {
      bytes = Arrays.copyOf(bytes, Math.max(byteCount + n, Math.max(1024, 2 * bytes.length)));
    }
    v.toByteBuffer().get(bytes, byteCount, n);
    byteCount += n;
    addInt(n);
  }

  void addInt(int v) {
    if (count == ints.length) {
      ints = Arrays.copyOf(ints, Math.max(64, 2 * ints.length));
    }
    ints[count++] = v;
  }

  void addLong(long v) {
    if (count == longs.length) {
      longs = Arrays.copyOf(longs, Math.max(64, 2 * longs.length));
    }
    longs[count++] = v;
  }

  /**
   * Writes the kept values to {@code w} in the order they came, asking {@code stop} after each one
   * (once: a dictionary's verdict may hold only at the value it was asked after) whether to stop. A
   * binary is a view of these bytes, valid for the call: values writers copy what they keep, as
   * they must for the reused buffers parquet-java's column writers hand them.
   *
   * @param kind what the values are
   */
  void writeTo(ValuesWriter w, Kind kind, BooleanSupplier stop) {
    int at = 0;
    for (int i = 0; i < count; i++) {
      switch (kind) {
        case BINARY -> {
          int n = ints[i];
          w.writeBytes(Binary.fromReusedByteArray(bytes, at, n));
          at += n;
        }
        case INT -> w.writeInteger(ints[i]);
        case LONG -> w.writeLong(longs[i]);
      }
      if (stop.getAsBoolean()) {
        return;
      }
    }
  }

  /**
   * The number of leading bytes the binaries kept most often share with the one before them ({@link
   * Integer#MAX_VALUE} when that is {@value #LONG_PREFIX} or more, or when fewer than two are
   * kept): where {@link CappedPrefixWriter} caps its prefixes.
   */
  int modalSharedPrefix() {
    if (count < 2) {
      return Integer.MAX_VALUE;
    }
    int[] seen = new int[LONG_PREFIX + 1];
    int at = ints[0];
    int previousAt = 0;
    for (int i = 1; i < count; i++) {
      int n = ints[i];
      int max = Math.min(Math.min(n, ints[i - 1]), LONG_PREFIX);
      int shared = 0;
      while (shared < max && bytes[previousAt + shared] == bytes[at + shared]) {
        shared++;
      }
      seen[shared]++;
      previousAt = at;
      at += n;
    }
    int mode = 0;
    for (int k = 1; k <= LONG_PREFIX; k++) {
      if (seen[k] > seen[mode]) {
        mode = k;
      }
    }
    return mode == LONG_PREFIX ? Integer.MAX_VALUE : mode;
  }

  /** Forgets the values, keeping the arrays for the next ones. */
  void clear() {
    count = 0;
    byteCount = 0;
  }

  /** What a column's values are. */
  enum Kind {
    BINARY,
    INT,
    LONG
  }
}
