// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.util.Arrays;

/**
 * A stable sort of int indices by key, for a builder's object fields and dictionaries. Once every
 * key involved is ranked (after the first rows of a stream), it sorts by rank: an insertion sort of
 * packed (rank, position) longs for the usual handful of entries, or, for wide objects, one pass
 * that drops each entry into a table indexed by rank. Otherwise an insertion sort or a merge sort
 * through {@link KeyTable#compare}. No comparator object and no boxing.
 */
final class KeySort {
  private static final int INSERTION_LIMIT = 16;

  /** Sort by rank table when the cached keys are at most this many times the entries. */
  private static final int RANK_TABLE_SPREAD = 8;

  private static final long POSITION_MASK = 0xFFFF_FFFFL;

  private final KeyTable table;
  private int[] tmp = new int[16];
  private long[] packed = new long[16];
  private int[] byRank = new int[16];

  KeySort(KeyTable table) {
    this.table = table;
  }

  /**
   * Sorts {@code a[0..n)}, indexes into {@code keys}, by key; stable, so among equal keys the later
   * stays later. Insertion sort for the usual handful of fields, a merge sort beyond; no comparator
   * object, no boxing.
   */
  void sort(int[] a, int n, int[] keys) {
    if (n <= 1 || sortRanked(a, n, keys)) {
      return;
    }
    if (n <= INSERTION_LIMIT) {
      insertion(a, 0, n, keys);
      return;
    }
    if (tmp.length < n) {
      tmp = new int[Math.max(n, tmp.length * 2)];
    }
    mergeSort(a, 0, n, keys);
  }

  /** Sorts by rank if every key is ranked; false (a[] untouched) otherwise. */
  private boolean sortRanked(int[] a, int n, int[] keys) {
    if (packed.length < n) {
      packed = new long[Math.max(n, packed.length * 2)];
    }
    long[] p = packed;
    for (int i = 0; i < n; i++) {
      int r = table.rank(keys[a[i]]);
      if (r < 0) {
        return false;
      }
      p[i] = ((long) r << 32) | i; // ties (a repeated key) keep their order: stable
    }
    if (n > INSERTION_LIMIT && table.cachedKeys() <= (long) RANK_TABLE_SPREAD * n) {
      return sortByRankTable(a, n);
    }
    if (n <= INSERTION_LIMIT) {
      for (int i = 1; i < n; i++) {
        long x = p[i];
        int j = i - 1;
        while (j >= 0 && p[j] > x) {
          p[j + 1] = p[j];
          j--;
        }
        p[j + 1] = x;
      }
    } else {
      Arrays.sort(p, 0, n);
    }
    gather(a, n);
    return true;
  }

  /**
   * Places entry i at {@code byRank[rank]}, then reads the table in order: O(n + cached keys).
   * Falls back to sorting the packed longs if two entries share a key.
   */
  private boolean sortByRankTable(int[] a, int n) {
    int m = table.cachedKeys();
    if (byRank.length < m) {
      byRank = new int[Math.max(m, byRank.length * 2)];
    }
    int[] slots = byRank;
    Arrays.fill(slots, 0, m, -1);
    long[] p = packed;
    for (int i = 0; i < n; i++) {
      int r = (int) (p[i] >>> 32);
      if (slots[r] >= 0) { // a repeated key: the general path keeps both, in order
        Arrays.sort(p, 0, n);
        gather(a, n);
        return true;
      }
      slots[r] = i;
    }
    int j = 0;
    for (int r = 0; r < m && j < n; r++) {
      int i = slots[r];
      if (i >= 0) {
        p[j++] = ((long) r << 32) | i;
      }
    }
    gather(a, n);
    return true;
  }

  /** a[] in the order of the sorted packed longs' positions. */
  private void gather(int[] a, int n) {
    if (tmp.length < n) {
      tmp = new int[Math.max(n, tmp.length * 2)];
    }
    System.arraycopy(a, 0, tmp, 0, n);
    long[] p = packed;
    for (int i = 0; i < n; i++) {
      a[i] = tmp[(int) (p[i] & POSITION_MASK)];
    }
  }

  private void insertion(int[] a, int from, int to, int[] keys) {
    for (int i = from + 1; i < to; i++) {
      int x = a[i];
      int kx = keys[x];
      int j = i - 1;
      while (j >= from && table.compare(keys[a[j]], kx) > 0) {
        a[j + 1] = a[j];
        j--;
      }
      a[j + 1] = x;
    }
  }

  private void mergeSort(int[] a, int from, int to, int[] keys) {
    if (to - from <= INSERTION_LIMIT) {
      insertion(a, from, to, keys);
      return;
    }
    int mid = (from + to) >>> 1;
    mergeSort(a, from, mid, keys);
    mergeSort(a, mid, to, keys);
    if (table.compare(keys[a[mid - 1]], keys[a[mid]]) <= 0) {
      return; // already in order
    }
    System.arraycopy(a, from, tmp, from, to - from);
    int i = from;
    int j = mid;
    for (int k = from; k < to; k++) {
      if (j >= to || (i < mid && table.compare(keys[tmp[i]], keys[tmp[j]]) <= 0)) {
        a[k] = tmp[i++];
      } else {
        a[k] = tmp[j++];
      }
    }
  }
}
