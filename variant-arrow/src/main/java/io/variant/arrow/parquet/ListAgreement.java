// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import io.variant.parquet.VariantParquetException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One leaf's elements of the lists above it that another leaf writes (their {@link
 * VectorNode#owner}), held against the offsets and validity that owner wrote, list slot by list
 * slot. Every leaf under a list's elements has an entry in each of them (spec: Parquet's Dremel
 * levels), so a leaf that counts another number of elements in a slot, or says a list is null that
 * its owner holds, disagrees on what the row holds: a damaged or hostile file. Its values would
 * otherwise land in other rows' elements, and a count that is one short in one row and one over in
 * the next would pass a comparison of whole batches. The row reader refuses the same counts, per
 * row, in the same words. Owners are read first ({@code VariantBatchReader} reads leaves in order),
 * so their buffers are whole when this leaf reads them. <b>Thread safety:</b> none.
 */
final class ListAgreement {
  private final String column;
  private final VectorNode[] lists; // top down: an outer list's owner owns the lists inside it too
  // per list, the levels of VectorNode#starts for its slots and for its elements' slots, and
  // VectorNode#definition: copied into arrays, as every entry of the leaf reads them
  private final int[] slotDepth;
  private final int[] slotDefinition;
  private final int[] elementDepth;
  private final int[] elementDefinition;
  private final int[] presentDefinition;
  private final int[] slots; // per list: slots this leaf started in this batch
  private final int[] started; // per list: elements this leaf started in this batch
  private final int[] rows; // per list: the batch's row of the slot this leaf is in
  private final boolean[] present; // per list: this leaf says the slot it is in is non-null
  private long firstRow;

  private ListAgreement(String column, VectorNode[] lists, VectorNode[] elements) {
    this.column = column;
    this.lists = lists;
    int n = lists.length;
    this.slotDepth = new int[n];
    this.slotDefinition = new int[n];
    this.elementDepth = new int[n];
    this.elementDefinition = new int[n];
    this.presentDefinition = new int[n];
    for (int i = 0; i < n; i++) {
      slotDepth[i] = lists[i].depth;
      slotDefinition[i] = lists[i].elementDefinition;
      elementDepth[i] = elements[i].depth;
      elementDefinition[i] = elements[i].elementDefinition;
      presentDefinition[i] = lists[i].definition;
    }
    this.slots = new int[lists.length];
    this.started = new int[lists.length];
    this.rows = new int[lists.length];
    this.present = new boolean[lists.length];
  }

  /** The lists of {@code ancestors} that {@code leaf} does not own, or {@code null} if none. */
  static ListAgreement of(String column, List<VectorNode> ancestors, LeafReader leaf) {
    List<VectorNode> lists = new ArrayList<>();
    List<VectorNode> elements = new ArrayList<>();
    for (VectorNode n : ancestors) {
      if (n.list != null && n.list.owner != leaf) {
        lists.add(n.list);
        elements.add(n);
      }
    }
    return lists.isEmpty()
        ? null
        : new ListAgreement(
            column, lists.toArray(new VectorNode[0]), elements.toArray(new VectorNode[0]));
  }

  /** Starts a batch whose first row is the file's row {@code firstRow}. */
  void startBatch(long firstRow) {
    this.firstRow = firstRow;
    Arrays.fill(slots, 0);
    Arrays.fill(started, 0);
  }

  /**
   * Takes an entry of levels {@code r} and {@code d} in the batch's row {@code row}: a slot it
   * starts ends the one before, whose count must be the owner's, and whose nullness then too (a
   * count that differs is the row reader's refusal, so it comes first).
   */
  void entry(int r, int d, int row) {
    for (int i = 0; i < slots.length; i++) {
      if (r <= slotDepth[i] && d >= slotDefinition[i]) { // the list's VectorNode#starts
        int s = slots[i];
        if (s > 0) {
          ended(i, s - 1);
        }
        if (s == lists[i].slotsStarted()) { // more elements of the list around it than its owner's
          throw i > 0 ? elementCount(i - 1, slots[i - 1] - 1, row) : elementCount(i, s - 1, row);
        }
        slots[i] = s + 1;
        rows[i] = row;
        present[i] = d >= presentDefinition[i];
      }
      if (r <= elementDepth[i] && d >= elementDefinition[i]) {
        started[i]++;
      }
    }
  }

  /** Ends the batch, whose last row is {@code row}: the lists' last slots end with it. */
  void finish(int row) {
    for (int i = 0; i < lists.length; i++) {
      if (slots[i] > 0) {
        ended(i, slots[i] - 1);
      }
      if (slots[i] != lists[i].slotsStarted()) { // fewer elements of the list around it
        throw i > 0 ? elementCount(i - 1, slots[i - 1] - 1, row) : elementCount(i, slots[i], row);
      }
    }
  }

  /** Slot {@code slot} of list {@code i}, the last this leaf started, ended. */
  private void ended(int i, int slot) {
    VectorNode list = lists[i];
    if (started[i] != list.endOffset(slot)) {
      throw elementCount(i, slot, rows[i]);
    }
    if (present[i] != list.isValid(slot)) {
      throw nullness(list, present[i], rows[i]);
    }
  }

  /** In the row reader's words: this leaf's elements of list {@code i}'s slot and the owner's. */
  private VariantParquetException elementCount(int i, int slot, int row) {
    VectorNode list = lists[i];
    int from = slot <= 0 ? 0 : list.endOffset(slot - 1);
    int theirs = slot < 0 ? 0 : list.endOffset(slot) - from;
    return refusal(
        "holds "
            + (started[i] - from)
            + " elements of list "
            + list.column
            + " in this row where the columns beside it hold "
            + theirs,
        row);
  }

  private VariantParquetException nullness(VectorNode list, boolean mine, int row) {
    return refusal(
        mine
            ? "holds list "
                + list.column
                + " in this row where the columns beside it say it is null"
            : "says list "
                + list.column
                + " is null in this row where the columns beside it hold the list",
        row);
  }

  private VariantParquetException refusal(String what, int row) {
    return new VariantParquetException(
        null,
        column,
        firstRow + row,
        "Cannot read row: column " + column + " " + what + " (the file is damaged)",
        null);
  }
}
