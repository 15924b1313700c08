// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.parquet.VariantParquetException;
import java.util.Arrays;

/**
 * One leaf's slots of each list above it in a row (a list that may be null, in the group that holds
 * it), and the elements it starts in each, held against the same of the list's first leaf. Every
 * leaf under a list's elements has an entry in each of them (spec: Parquet's Dremel levels), so
 * leaves that count differently, or disagree on whether a list is null, disagree on what the row
 * holds: a damaged or hostile file. Each leaf would otherwise add the elements that only it has
 * (the first leaf's are the list's), leave the ones it lacks to the other leaves' values, or start
 * a list that the first leaf says is null, and the row would read as no leaf wrote it. The batch
 * reader compares the same slots in the same order and words; here the first leaf's slots are kept
 * for the row, which it reads before the others, and each other leaf compares a slot when it ends:
 * its count, then whether it is null. The slots are arrays that grow to the most a row has had, so
 * a row allocates nothing. A row that disagrees fails once all its leaves are read ({@link
 * VariantColumnReader#setLevelFault}), so the next row reads from where it starts. <b>Thread
 * safety:</b> none.
 */
final class ListAgreement {
  /** A list of a VARIANT column: its first leaf's slots of it in the current row. */
  static final class OfList {
    private final String path; // the list's typed_value column
    private boolean hasFirst;
    private int slots; // the first leaf's slots in the row
    // per slot: the elements of the row up to the slot's end, and whether the list is non-null
    private int[] ends = new int[1];
    private boolean[] held = new boolean[1];

    OfList(String path) {
      this.path = path;
    }
  }

  /** Per step of the leaf's chain: at a list's element, the elements started in this row. */
  final int[] started;

  private final String leaf;
  private final VariantColumnReader column;
  private final int[] byStep; // per step: at a list's element, that list's index below, else -1
  // per list, outermost first (a leaf that is not a list's first leaf is neither the first of the
  // lists around it): its element step, the list, and whether this leaf is its first
  private int[] steps = {};
  private OfList[] lists = {};
  private boolean[] first = {};
  private int[] slots = {}; // per list: the slots this leaf started in the row
  private boolean[] held = {}; // per list: this leaf's last slot holds a list (non-null)

  ListAgreement(String leaf, VariantColumnReader column, int steps) {
    this.leaf = leaf;
    this.column = column;
    this.started = new int[steps];
    this.byStep = new int[steps];
    Arrays.fill(byStep, -1);
  }

  /**
   * Compares the slots of {@code list}, whose element is step {@code step}, with its first leaf's;
   * the first leaf to be added is that leaf. Leaves are added in the order a row reads them.
   */
  void add(int step, OfList list) {
    int n = steps.length;
    int at = 0;
    while (at < n && steps[at] < step) {
      at++;
    }
    steps = insert(steps, at, step);
    lists = Arrays.copyOf(lists, n + 1);
    System.arraycopy(lists, at, lists, at + 1, n - at);
    lists[at] = list;
    boolean[] f = new boolean[n + 1];
    System.arraycopy(first, 0, f, 0, at);
    System.arraycopy(first, at, f, at + 1, n - at);
    f[at] = !list.hasFirst;
    first = f;
    list.hasFirst = true;
    slots = new int[n + 1];
    held = new boolean[n + 1];
    Arrays.fill(byStep, -1);
    for (int j = 0; j <= n; j++) {
      byStep[steps[j]] = j;
    }
  }

  private static int[] insert(int[] a, int at, int v) {
    int[] b = new int[a.length + 1];
    System.arraycopy(a, 0, b, 0, at);
    System.arraycopy(a, at, b, at + 1, a.length - at);
    b[at] = v;
    return b;
  }

  /**
   * An entry starts a slot of the list whose element is step {@code step}: a list ({@code list}
   * true) or a null. The slot before it in the row ends, before the entry's element is counted.
   */
  void slot(int step, boolean list) {
    int j = byStep[step];
    int s = slots[j];
    OfList l = lists[j];
    if (first[j]) {
      if (s > 0) {
        l.ends[s - 1] = started[step];
      }
      if (s == l.held.length) {
        l.ends = Arrays.copyOf(l.ends, 2 * s);
        l.held = Arrays.copyOf(l.held, 2 * s);
      }
      l.held[s] = list;
    } else if (j > 0) { // the outermost list has a slot a row at most: compared when it ends
      if (s > 0) {
        ended(j, s - 1);
      }
      if (s >= l.slots) { // more slots than the first leaf's: the list around it has more elements
        column.setLevelFault(elementCount(j - 1, slots[j - 1] - 1));
      }
    }
    held[j] = list;
    slots[j] = s + 1;
  }

  /**
   * The leaf read its row: its slots become the lists' (its first leaf) or end and are compared
   * with them, and the counts start again at 0.
   */
  void endRow() {
    for (int j = 0; j < steps.length; j++) {
      int s = slots[j];
      OfList l = lists[j];
      if (first[j]) {
        if (s > 0) {
          l.ends[s - 1] = started[steps[j]];
        }
        l.slots = s;
      } else if (j == 0) {
        if (s > 0 || l.slots > 0) {
          ended(0, 0);
        }
      } else {
        if (s > 0) {
          ended(j, s - 1);
        }
        if (s < l.slots) { // fewer slots than the first leaf's: the list around it has fewer
          column.setLevelFault(elementCount(j - 1, slots[j - 1] - 1));
        }
      }
    }
    for (int j = 0; j < steps.length; j++) {
      slots[j] = 0;
      started[steps[j]] = 0;
    }
  }

  /**
   * Slot {@code slot} of list {@code j}, this leaf's last of it, ended: its count, then whether it
   * is null, against the first leaf's. Where the first leaf has no such slot (in the outermost
   * list: no group holds the list in this row), its list counts as null.
   */
  private void ended(int j, int slot) {
    OfList l = lists[j];
    int end = 0;
    boolean theirs = false;
    boolean mine = slot < slots[j] && held[j];
    if (slot < l.slots) {
      end = l.ends[slot];
      theirs = l.held[slot];
    } else if (j > 0) {
      return; // refused when it started
    }
    if (started[steps[j]] != end) {
      column.setLevelFault(elementCount(j, slot));
    } else if (mine != theirs) {
      column.setLevelFault(nullness(l, mine));
    }
  }

  /** In the batch reader's words: this leaf's elements of list {@code j}'s slot and the first's. */
  private VariantParquetException elementCount(int j, int slot) {
    OfList l = lists[j];
    int from = slot <= 0 || slot > l.slots ? 0 : l.ends[slot - 1];
    int theirs = slot < 0 || slot >= l.slots ? 0 : l.ends[slot] - from;
    return refusal(
        "holds "
            + (started[steps[j]] - from)
            + " elements of list "
            + l.path
            + " in this row where the columns beside it hold "
            + theirs);
  }

  private VariantParquetException nullness(OfList l, boolean mine) {
    return refusal(
        mine
            ? "holds list " + l.path + " in this row where the columns beside it say it is null"
            : "says list "
                + l.path
                + " is null in this row where the columns beside it hold the list");
  }

  private VariantParquetException refusal(String what) {
    return new VariantParquetException(
        null,
        leaf,
        -1,
        "Cannot read row: column " + leaf + " " + what + " (the file is damaged)",
        null);
  }
}
