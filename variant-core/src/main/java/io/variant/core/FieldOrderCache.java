// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.util.Arrays;

/**
 * The key order of recently closed objects, by their sequence of keys: rows of one stream close
 * objects with the same keys in the same (unsorted) order again and again, and comparing a sequence
 * of key numbers costs a fraction of sorting it (profiled: the per-object sort and the in-order
 * check were 5-10% of JSON parsing). Only sequences without duplicate keys are kept, so a cached
 * order drops nothing.
 *
 * <p>Direct-mapped by a hash of the sequence; a key number's meaning holds until the {@link
 * KeyTable} clears its cache ({@link KeyTable#cacheEpoch()}), when everything here is forgotten.
 */
final class FieldOrderCache {
  /** Objects with fewer fields are checked and sorted directly: cheaper than hashing them. */
  static final int MIN_FIELDS = 4;

  private static final int SLOTS = 256;

  /** The order of a sequence that is already sorted. */
  static final int[] IN_ORDER = new int[0];

  private final int[][] sequences = new int[SLOTS][];
  private final int[][] orders = new int[SLOTS][];
  private final int[] lengths = new int[SLOTS];
  private int epoch = -1;

  /**
   * The sorted order of {@code keys[0..n)} (positions, smallest key first; the array may be longer,
   * read its first n and do not keep it), {@link #IN_ORDER}, or null if this sequence is not
   * cached.
   */
  int[] find(int[] keys, int n, int keyEpoch) {
    if (keyEpoch != epoch) {
      Arrays.fill(sequences, null);
      epoch = keyEpoch;
      return null;
    }
    int slot = slot(keys, n);
    int[] seq = sequences[slot];
    return seq != null && lengths[slot] == n && Arrays.equals(seq, 0, n, keys, 0, n)
        ? orders[slot]
        : null;
  }

  /**
   * Remembers the order found for {@code keys[0..n)}: {@code order[0..n)}, or null when they were
   * already in order. Call only for sequences without duplicates.
   */
  void put(int[] keys, int n, int[] order) {
    int slot = slot(keys, n);
    // A slot's arrays are reused when long enough: objects that never repeat their keys (a wide
    // row's random subset of hundreds) miss on every row and must not allocate on every row.
    sequences[slot] = fill(sequences[slot], keys, n);
    lengths[slot] = n;
    orders[slot] = order == null ? IN_ORDER : fill(orders[slot], order, n); // IN_ORDER is too short
  }

  private static int[] fill(int[] into, int[] from, int n) {
    int[] a = into != null && into.length >= n ? into : new int[n];
    System.arraycopy(from, 0, a, 0, n);
    return a;
  }

  private static int slot(int[] keys, int n) {
    int h = n;
    for (int i = 0; i < n; i++) {
      h = 31 * h + keys[i];
    }
    return (h ^ (h >>> 16) ^ (h >>> 8)) & (SLOTS - 1);
  }
}
