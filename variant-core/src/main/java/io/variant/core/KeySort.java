package io.variant.core;

/**
 * A stable sort of int indices by key, for a builder's object fields and dictionaries: insertion
 * sort for the usual handful of entries, a merge sort beyond. No comparator object and no boxing:
 * it calls {@link KeyTable#compare}, which compares two ranks once the keys are ranked.
 */
final class KeySort {
  private static final int INSERTION_LIMIT = 16;
  private final KeyTable table;
  private int[] tmp = new int[16];

  KeySort(KeyTable table) {
    this.table = table;
  }

  /**
   * Sorts {@code a[0..n)}, indexes into {@code keys}, by key; stable, so among equal keys the later
   * stays later. Insertion sort for the usual handful of fields, a merge sort beyond; no comparator
   * object, no boxing.
   */
  void sort(int[] a, int n, int[] keys) {
    if (n <= INSERTION_LIMIT) {
      insertion(a, 0, n, keys);
      return;
    }
    if (tmp.length < n) {
      tmp = new int[Math.max(n, tmp.length * 2)];
    }
    mergeSort(a, 0, n, keys);
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
