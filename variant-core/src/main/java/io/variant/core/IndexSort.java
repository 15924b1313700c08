package io.variant.core;

/**
 * A stable sort of int indices without boxing: builders sort every object's fields and every dictionary,
 * usually a handful of entries, where {@code Arrays.sort(Integer[], Comparator)} costs more in boxing and
 * set-up than in comparing.
 */
final class IndexSort {
  /** Compares two indices. */
  interface Order {
    int compare(int a, int b);
  }

  private static final int INSERTION_LIMIT = 24;

  private IndexSort() {}

  /** Sorts {@code a[0..n)} by {@code order}, keeping equal elements in their given order. */
  static void sort(int[] a, int n, Order order) {
    if (n <= INSERTION_LIMIT) {
      insertion(a, 0, n, order);
      return;
    }
    int[] tmp = new int[n];
    mergeSort(a, tmp, 0, n, order);
  }

  private static void insertion(int[] a, int from, int to, Order order) {
    for (int i = from + 1; i < to; i++) {
      int x = a[i];
      int j = i - 1;
      while (j >= from && order.compare(a[j], x) > 0) {
        a[j + 1] = a[j];
        j--;
      }
      a[j + 1] = x;
    }
  }

  private static void mergeSort(int[] a, int[] tmp, int from, int to, Order order) {
    if (to - from <= INSERTION_LIMIT) {
      insertion(a, from, to, order);
      return;
    }
    int mid = (from + to) >>> 1;
    mergeSort(a, tmp, from, mid, order);
    mergeSort(a, tmp, mid, to, order);
    if (order.compare(a[mid - 1], a[mid]) <= 0) {
      return; // already in order
    }
    System.arraycopy(a, from, tmp, from, to - from);
    int i = from;
    int j = mid;
    for (int k = from; k < to; k++) {
      if (j >= to || (i < mid && order.compare(tmp[i], tmp[j]) <= 0)) {
        a[k] = tmp[i++];
      } else {
        a[k] = tmp[j++];
      }
    }
  }
}
