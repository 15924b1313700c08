// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.parquet.VariantParquetException;
import java.util.Arrays;

/**
 * How many elements of each list above one leaf the leaf's entries start in a row, held against the
 * count of the list's first leaf. Every leaf under a list's elements has an entry in each of them
 * (spec: Parquet's Dremel levels), so leaves that count differently disagree on what the row holds:
 * a damaged or hostile file. Each leaf would otherwise add the elements that only it has (the first
 * leaf's count is the list's), or leave the ones it lacks to the other leaves' values, and the row
 * would read as no leaf wrote it. The batch reader compares the same counts, list slot by list
 * slot, in the same words; here each list's leaves are compared with each other, per row, once the
 * leaf's row is read ({@link #endRow}). <b>Thread safety:</b> none.
 */
final class ElementCounts {
  /** A list of a VARIANT column: its first leaf's count in the current row. */
  static final class OfList {
    private final String path; // the list's typed_value column
    private boolean hasFirst;
    private int count;

    OfList(String path) {
      this.path = path;
    }
  }

  /** Per step of the leaf's chain: at a list's element, the elements started in this row. */
  final int[] started;

  private final String leaf;
  private final VariantColumnReader column;
  private int[] steps = {}; // the element steps compared
  private OfList[] lists = {};
  private boolean[] first = {}; // the leaf is that list's first: its count is the list's

  ElementCounts(String leaf, VariantColumnReader column, int steps) {
    this.leaf = leaf;
    this.column = column;
    this.started = new int[steps];
  }

  /**
   * Compares the elements started at {@code step} (a list's element) with {@code list}'s; the first
   * leaf to be added gives the list's count. Leaves are added in the order a row reads them.
   */
  void add(int step, OfList list) {
    int n = steps.length;
    steps = Arrays.copyOf(steps, n + 1);
    lists = Arrays.copyOf(lists, n + 1);
    first = Arrays.copyOf(first, n + 1);
    steps[n] = step;
    lists[n] = list;
    first[n] = !list.hasFirst;
    list.hasFirst = true;
  }

  /**
   * The leaf read its row: its counts become the lists' (its first leaf) or are compared with them,
   * and start again at 0. A count that differs fails the row once all its leaves are read ({@link
   * VariantColumnReader#setLevelFault}), so the next row reads from where it starts.
   */
  void endRow() {
    int[] s = steps;
    for (int j = 0; j < s.length; j++) {
      int n = started[s[j]];
      started[s[j]] = 0;
      OfList list = lists[j];
      if (first[j]) {
        list.count = n;
      } else if (n != list.count) {
        column.setLevelFault(
            new VariantParquetException(
                null,
                leaf,
                -1,
                "Cannot read row: column "
                    + leaf
                    + " holds "
                    + n
                    + " elements of list "
                    + list.path
                    + " in this row where the columns beside it hold "
                    + list.count
                    + " (the file is damaged)",
                null));
      }
    }
  }
}
