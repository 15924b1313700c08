// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.parquet.encoding.LeafPages;

/**
 * The rows of a leaf of a list whose elements are scalars (tags, ids), in a column whose groups
 * above the list are pulled ({@link LeafColumn#pullAbove}): a well-formed row (repetition level 0,
 * then elements at the list's level 1) is read as one run, its slot and list started and its
 * elements appended and filled in one call, instead of an entry walk for the first element and a
 * run for the rest; a row that reaches past the decoded levels has more of its page's decoded after
 * it first ({@link LeafPages#extend}). Everything else (a row that reaches past its page or the
 * level buffers, levels no writer produces) is left to the leaf's entry-by-entry path, which reads
 * it, or fails naming the column, exactly as before: {@link #read} then consumes nothing.
 *
 * <p>The state a clean row leaves is the entry path's: the same slot stamps, list start and
 * elements appended (cleared) or reused, the same values through the same decoders, and the same
 * slot and elements told to the leaf's {@link ListAgreement}. <b>Thread safety:</b> none.
 */
final class ScalarListRows {
  private final VariantColumnReader column;
  private final SlotSource slot; // the list's slot: its group, and its typed part is the list
  private final boolean root; // the slot is the column's own group
  private final ScalarElements elements; // the slot's elements
  private final int slotDefined; // the definition level at which the slot's group exists
  private final int listDefined; // ... the list (the slot's typed part) is non-null
  private final int elementDefined; // ... the entry is an element of the list
  private final int maxDefinition;
  private final ListAgreement lists; // the leaf's: the row's slot of the list and its elements
  private final int step; // the element's step in the leaf's chain
  private int valued; // entries of the last scan's row that hold a value

  /**
   * @param slot the list's slot in the column's tree, whose elements are leaves ({@link
   *     SlotSource#hasLeafElements})
   * @param root whether {@code slot} is the column's group (a list at the top of the column)
   * @param steps the leaf's chain of groups (as {@link LeafColumn}'s constructor takes it), ending
   *     in the slot's group, {@link LeafSteps#LIST} and {@link LeafSteps#ELEMENT}
   * @param lists the leaf's {@link LeafColumn#counts}, told of each row's slot of the list and its
   *     elements as the leaf's entry path tells it
   */
  ScalarListRows(
      VariantColumnReader column,
      SlotSource slot,
      boolean root,
      int[][] steps,
      int maxDefinition,
      ListAgreement lists) {
    int n = steps.length;
    if (!slot.hasLeafElements()
        || n < 3
        || steps[n - 2][0] != LeafSteps.LIST
        || steps[n - 1][0] != LeafSteps.ELEMENT
        || steps[n - 1][2] != 1) {
      throw new IllegalArgumentException("Not a list of scalars at the top level: " + slot.node);
    }
    this.column = column;
    this.slot = slot;
    this.root = root;
    this.elements = slot.leafElements(0, 0); // appends nothing
    this.slotDefined = steps[n - 3][1];
    this.listDefined = steps[n - 2][1];
    this.elementDefined = steps[n - 1][1];
    this.maxDefinition = maxDefinition;
    this.lists = lists;
    this.step = n - 1;
  }

  /** The source the leaf's converter writes the elements' values to. */
  ScalarElements elements() {
    return elements;
  }

  /**
   * Reads the row at {@code pages}' current entry if its levels are well formed (decoding more of
   * them after it if it reaches past the decoded ones), {@code left} being the chunk's entries not
   * read yet, and {@code raw} the leaf's {@link ScalarConverters#rawKind}. Returns the entries
   * consumed: 0 if the row is the entry path's.
   */
  int read(LeafPages pages, long left, int raw) {
    int n;
    do {
      n = scan(pages, left);
    } while (n < 0 && pages.extend()); // a row past the decoded levels: decode more after it
    if (n <= 0) {
      return 0;
    }
    int d = pages.definitions()[pages.position()];
    if (d >= slotDefined) {
      lists.slot(step, d >= listDefined);
      lists.started[step] += d >= elementDefined ? n : 0;
      SlotSource s = slot;
      if (!s.startedIn(column.row())) {
        if (!root) {
          s.reset();
        } else if (!column.present()) {
          column.start();
        }
      }
      if (d >= listDefined) {
        if (!s.hasTyped()) {
          s.startList();
        }
        if (d >= elementDefined) {
          s.leafElements(0, n).takeRun(pages, 0, n, valued, raw);
        }
      }
    }
    pages.consume(n);
    return n;
  }

  /**
   * The entries of the row at {@code pages}' current entry if it is well formed and ends in the
   * decoded levels (its valued entries in {@link #valued}), 0 if it is not well formed, -1 if it
   * may reach past them.
   */
  private int scan(LeafPages pages, long left) {
    int[] rep = pages.repetitions();
    int[] def = pages.definitions();
    int at = pages.position();
    int end = pages.decoded();
    int d = def[at];
    if (rep[at] != 0 || d > maxDefinition) {
      return 0;
    }
    int i = at + 1;
    int values = d == maxDefinition ? 1 : 0;
    if (d >= elementDefined) {
      int min = elementDefined;
      int max = maxDefinition;
      for (; i < end; i++) {
        int e = def[i];
        if (rep[i] != 1 || e < min || e > max) {
          break;
        }
        values += e == max ? 1 : 0;
      }
    }
    valued = values;
    // the row must end at a new row, or at the chunk's end: else the entry path reads it
    if (i < end) {
      return rep[i] == 0 ? i - at : 0;
    }
    return i - at < left ? -1 : i - at;
  }
}
