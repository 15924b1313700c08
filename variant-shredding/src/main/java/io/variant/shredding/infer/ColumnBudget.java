// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The {@code maxTypedColumns} rule: past the budget, the best typed leaves stay (the most saving
 * under the cost model, else the most present; ties keep plan order) and the others go back to
 * their parent's residual, with the objects and arrays left without a typed leaf. A leaf typed only
 * to take its object out of its parent's residual counts with that saving ({@link
 * PathChoice#worth}).
 */
final class ColumnBudget {
  private ColumnBudget() {}

  /** The typed leaves at and below {@code c}, in plan order. */
  static List<PathChoice> leaves(PathChoice c) {
    List<PathChoice> out = new ArrayList<>();
    collect(c, out);
    return out;
  }

  private static void collect(PathChoice c, List<PathChoice> out) {
    switch (c.shape) {
      case SCALAR -> out.add(c);
      case OBJECT -> c.fields.forEach(f -> collect(f, out));
      case ARRAY -> collect(c.element, out);
      case RESIDUAL -> {}
    }
  }

  /**
   * Marks all but the {@code budget} best of {@code leavesInPlanOrder} as dropped, then removes the
   * dropped nodes below {@code top} bottom-up (keeping them for the explanation).
   *
   * @return whether {@code top} keeps a typed leaf
   */
  static boolean apply(
      PathChoice top, List<PathChoice> leavesInPlanOrder, int budget, boolean costModel) {
    List<Integer> ranked = new ArrayList<>();
    for (int i = 0; i < leavesInPlanOrder.size(); i++) {
      ranked.add(i);
    }
    Comparator<Integer> best =
        costModel
            ? Comparator.comparingDouble((Integer i) -> -leavesInPlanOrder.get(i).worth())
            : Comparator.comparingLong((Integer i) -> -leavesInPlanOrder.get(i).stats.present);
    ranked.sort(best.thenComparing(i -> i));
    for (int r = budget; r < ranked.size(); r++) {
      leavesInPlanOrder.get(ranked.get(r)).kept = false;
    }
    return prune(top);
  }

  /**
   * Marks the typed leaves below {@code top} whose paths {@code leftOut} names as dropped, with its
   * reason, then removes the dropped nodes as {@link #apply} does.
   *
   * @return whether {@code top} keeps a typed leaf
   */
  static boolean leaveOut(PathChoice top, Map<String, String> leftOut) {
    for (PathChoice leaf : leaves(top)) {
      String why = leftOut.get(leaf.stats.path);
      if (why != null) {
        leaf.kept = false;
        leaf.leftOutBecause = why;
      }
    }
    return prune(top);
  }

  /** Removes dropped nodes bottom-up; returns whether {@code c} stays. */
  private static boolean prune(PathChoice c) {
    switch (c.shape) {
      case OBJECT -> {
        for (PathChoice f : c.fields) {
          if (!prune(f)) {
            f.kept = false;
            c.notInPlan.add(f);
          }
        }
        c.fields.removeIf(f -> !f.kept);
        c.kept = !c.fields.isEmpty();
      }
      case ARRAY -> c.kept = prune(c.element);
      case SCALAR, RESIDUAL -> {}
    }
    return c.kept;
  }
}
