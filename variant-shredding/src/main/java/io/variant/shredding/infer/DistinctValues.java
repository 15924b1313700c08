// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

/**
 * Counts distinct string values at one path up to {@value #CAP}, by a 64-bit hash of their text:
 * enough to tell a column that Parquet's dictionary encoding turns into small indexes (a few
 * hundred values: types, states, countries) from one of unique values (ids, texts), which it
 * cannot. Bounded memory: at most {@value #CAP} hashes per path.
 *
 * <p>The hashes sit in an open-addressing table of {@code long}s rather than a {@code
 * HashSet<Long>}: a boxed Long and a map node per value were a third of this class's share of a
 * short convert's sampling.
 */
final class DistinctValues {
  /** Past this many distinct values a column counts as high-cardinality. */
  static final int CAP = 1024;

  private long[] table; // null until the first value: most paths are never strings; 0 = free slot
  private int size; // hashes in table
  private boolean saturated;

  void add(String s) {
    if (saturated) {
      return;
    }
    long h = 1125899906842597L;
    for (int i = 0; i < s.length(); i++) {
      h = 31 * h + s.charAt(i);
    }
    if (insert(h ^ ((long) s.length() << 48)) && count() > CAP) {
      saturated = true;
      table = null;
    }
  }

  /**
   * Adds {@code hash}; returns whether it is new. A hash of 0, which marks a free slot, is stored
   * as 1: one more pair of colliding texts among 2^64 hashes.
   */
  private boolean insert(long hash) {
    if (hash == 0) {
      hash = 1;
    }
    if (table == null) {
      table = new long[16];
    }
    int mask = table.length - 1;
    int i = slot(hash, mask);
    for (long e; (e = table[i]) != 0; i = (i + 1) & mask) {
      if (e == hash) {
        return false;
      }
    }
    table[i] = hash;
    if (2 * ++size > table.length) { // load at most 1/2
      grow();
    }
    return true;
  }

  private void grow() {
    long[] old = table;
    table = new long[2 * old.length];
    int mask = table.length - 1;
    for (long e : old) {
      if (e != 0) {
        int i = slot(e, mask);
        while (table[i] != 0) {
          i = (i + 1) & mask;
        }
        table[i] = e;
      }
    }
  }

  private static int slot(long hash, int mask) {
    return (int) ((hash * 0x9E3779B97F4A7C15L) >>> 32) & mask;
  }

  /** Distinct values seen, or {@link #CAP} + 1 once past the cap. */
  int count() {
    return saturated ? CAP + 1 : size;
  }
}
