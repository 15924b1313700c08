// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import java.util.Arrays;

/**
 * The chain of groups from a VARIANT column down to one of its leaves, as steps: the column's group
 * ({@link #ROOT}), an object's {@code typed_value} ({@link #OBJECT}) and one of its field groups
 * ({@link #FIELD}), a list's {@code typed_value} ({@link #LIST}) and its repeated group ({@link
 * #ELEMENT}); each with the definition level at which its group exists. An entry of the leaf walks
 * the steps while its definition level says the group exists ({@link LeafColumn}). Ordinary columns
 * have no steps.
 *
 * <p>Besides the steps themselves, what {@link LeafColumn} derives from them once: which step is
 * the element of the list at each repetition level, the steps above the first list and their slots
 * (the same in every row), the lists an entry of each definition level is inside of, and for a leaf
 * outside lists, the steps an entry walks at each definition level. It starts, in a row, the groups
 * above the first list that no sibling leaf started ({@link #startFrom}).
 */
final class LeafSteps {
  static final int ROOT = 0;
  static final int OBJECT = 1;
  static final int FIELD = 2;
  static final int LIST = 3;
  static final int ELEMENT = 4;

  private static final int[] NONE = {};

  final int[] kinds;
  final int[] definedAt; // per step: the definition level at which its group exists
  final int[] args; // FIELD: the field's index; ELEMENT: the list's repetition level
  final int[] elementStep; // per repetition level: the ELEMENT step of that list, or -1
  final int prefix; // the steps above the first list (all of them outside lists)
  final SlotSource[] fixed; // per step above the first list: its source
  final int[] reach; // per definition level: the steps an entry walks, or null in a list
  // per definition level: the lists an entry of that level is inside an element of, so the highest
  // repetition level the leaf's next entry may have (a higher one continues a list never started)
  final int[] openLists;
  private final VariantColumnReader column;

  /**
   * @param steps the chain of groups, each as {kind, definition level, argument}
   * @param column the VARIANT column the leaf belongs to, or {@code null} for an ordinary column
   * @param what the leaf, for the message of a chain that cannot be
   */
  LeafSteps(
      int[][] steps,
      int maxDefinition,
      int maxRepetition,
      VariantColumnReader column,
      Object what) {
    int n = steps.length;
    this.kinds = n == 0 ? NONE : new int[n];
    this.definedAt = n == 0 ? NONE : new int[n];
    this.args = n == 0 ? NONE : new int[n];
    for (int k = 0; k < n; k++) {
      kinds[k] = steps[k][0];
      definedAt[k] = steps[k][1];
      args[k] = steps[k][2];
    }
    this.elementStep = new int[maxRepetition + 1];
    Arrays.fill(elementStep, -1);
    for (int k = 0; k < n; k++) {
      if (kinds[k] == ELEMENT && args[k] <= maxRepetition) {
        elementStep[args[k]] = k;
      }
    }
    boolean flat = maxRepetition == 0;
    int p = 0;
    while (p < n && kinds[p] != LIST && kinds[p] != ELEMENT) {
      p++;
    }
    if (flat && p < n) {
      throw new IllegalArgumentException(
          "Cannot read column " + what + ": a list step in a column outside lists");
    }
    this.prefix = p;
    this.column = column;
    this.fixed = new SlotSource[p];
    SlotSource s = null;
    for (int k = 0; k < p; k++) {
      s =
          kinds[k] == ROOT
              ? column.root
              : kinds[k] == FIELD ? s.fieldSlot(args[k]) : s; // OBJECT: s
      fixed[k] = s;
    }
    this.openLists = new int[maxDefinition + 1];
    for (int k = 0; k < n; k++) {
      for (int d = definedAt[k]; kinds[k] == ELEMENT && d <= maxDefinition; d++) {
        openLists[d]++;
      }
    }
    this.reach = flat ? new int[maxDefinition + 1] : null;
    if (flat) {
      for (int d = 0; d <= maxDefinition; d++) {
        int k = 0;
        while (k < n && d >= definedAt[k]) {
          k++;
        }
        reach[d] = k;
      }
    }
  }

  /** The source of the deepest of the first {@code k} steps (above any list), or null if none. */
  SlotSource deepest(int k) {
    return k == 0 ? null : fixed[k - 1];
  }

  /** True if the deepest of the first {@code k} steps is an object's {@code typed_value}. */
  boolean deepestIsObject(int k) {
    return k > 0 && kinds[k - 1] == OBJECT;
  }

  /**
   * Starts the groups of steps below {@code k} that no sibling leaf started in this row (outside
   * lists): only those under the deepest started one, not the whole chain from the column down.
   */
  void startFrom(int k) {
    int j = k - 2;
    while (j >= 0 && !started(j)) {
      j--;
    }
    for (int i = j + 1; i < k; i++) {
      switch (kinds[i]) {
        case ROOT -> column.start(); // not started, so not present: the first leaf of the row
        case OBJECT -> fixed[i].startObject();
        default -> fixed[i - 1].startField(args[i]); // FIELD: its object is step i - 1
      }
    }
  }

  /** True if the group of step {@code k} (above any list) started in this row. */
  boolean started(int k) {
    SlotSource s = fixed[k];
    // Invariant: a group starts only after the groups above it, so their state is this row's too.
    return s.startedIn(column.row()) && (kinds[k] != OBJECT || s.hasTyped());
  }
}
