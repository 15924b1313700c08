// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import java.util.Arrays;

/**
 * The definition levels a leaf column of a path will hold, estimated from the sample's counts: how
 * many entries the column has (one per row, or one per array element below an array) and how many
 * of them reach each step of the path (the row is an object, it has field {@code user}, that is an
 * object, it has {@code id}, ...). Each entry stores the depth it reaches, so the column's levels
 * cost about the entropy of that distribution: {@link #entropyBits}. Immutable.
 */
final class LevelChain {
  private final double entries;
  // reach[0] = entries (rounded), then how many entries reach each further step
  private final long[] reach;

  private LevelChain(double entries, long[] reach) {
    this.entries = entries;
    this.reach = reach;
  }

  /** The chain of the root: {@code rows} entries. */
  static LevelChain root(long rows) {
    return new LevelChain(rows, new long[] {rows});
  }

  /** One step further, reached by {@code count} entries (at most the previous step's). */
  LevelChain then(long count) {
    long[] r = Arrays.copyOf(reach, reach.length + 1);
    r[reach.length] = Math.min(count, reach[reach.length - 1]);
    return new LevelChain(entries, r);
  }

  /** This chain with its last step reached by {@code count} entries instead. */
  LevelChain withLast(long count) {
    long[] r = reach.clone();
    r[r.length - 1] = reach.length > 1 ? Math.min(count, reach[reach.length - 2]) : count;
    return new LevelChain(entries, r);
  }

  /**
   * Into the elements of arrays: {@code arrays} entries that reached the array become {@code
   * elements} entries (an array of n elements takes n entries, an empty one still one).
   */
  LevelChain intoArray(long arrays, long elements) {
    double more = Math.max(0, elements - arrays);
    long[] r = Arrays.copyOf(reach, reach.length + 1);
    for (int i = 0; i < reach.length; i++) {
      r[i] = Math.round(reach[i] + more);
    }
    r[reach.length] = elements;
    return new LevelChain(entries + more, r);
  }

  /**
   * The bits of a packed definition level of a leaf at the end of this chain: enough for its
   * highest level, which grows by one per optional group on the way down, about one for every two
   * steps of the chain (a field's presence and its being an object, an array's and its elements').
   */
  int bitWidth() {
    int maxLevel = Math.max(1, (reach.length - 2) / 2 + 1);
    return Integer.SIZE - Integer.numberOfLeadingZeros(maxLevel);
  }

  /** How many depths entries stop at: 1 when every entry reaches the end. */
  int depths() {
    int n = 0;
    for (int i = 0; i < reach.length; i++) {
      n += reach[i] - (i + 1 < reach.length ? reach[i + 1] : 0) > 0 ? 1 : 0;
    }
    return n;
  }

  /** Entries of the column. */
  double entries() {
    return entries;
  }

  /** Shannon entropy in bits per entry of the depth each entry reaches. */
  double entropyBits() {
    double h = 0;
    for (int i = 0; i < reach.length; i++) {
      long stopHere = reach[i] - (i + 1 < reach.length ? reach[i + 1] : 0);
      if (stopHere > 0 && entries > 0) {
        double p = stopHere / entries;
        h -= p * Math.log(p) / Math.log(2);
      }
    }
    return Math.max(h, 0);
  }
}
