// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The {@link Explanation.Decision}s of a chosen {@link PathChoice} tree: one per examined path, in
 * path order, with why it is typed or left in the residual, and, for a leaf dropped after it was
 * chosen, why it was dropped (the column budget, or the reason a caller gave for leaving it out).
 */
final class ChoiceDecisions {
  private final boolean costModel;
  private final String dropped; // why a leaf past the column budget is left out

  /**
   * @param costModel whether the cost model chose, so objects carry its verdict
   * @param dropped why a leaf past the column budget is left out
   */
  ChoiceDecisions(boolean costModel, String dropped) {
    this.costModel = costModel;
    this.dropped = dropped;
  }

  /** The decisions at and below {@code top}, which is in the plan. */
  List<Explanation.Decision> of(PathChoice top) {
    List<Explanation.Decision> out = new ArrayList<>();
    explain(top, true, out);
    return out;
  }

  /**
   * Adds a decision per examined path at and below {@code c}, in path order; {@code inPlan} is
   * false below a path left out of the plan, where nothing is typed whatever its own choice.
   */
  private void explain(PathChoice c, boolean inPlan, List<Explanation.Decision> out) {
    boolean typed = inPlan && c.shape != PathChoice.Shape.RESIDUAL && c.kept;
    String reason = c.reason.get();
    if (c.shape == PathChoice.Shape.OBJECT) {
      reason =
          "object"
              + Shares.of(c.stats, c.typed())
              + ": "
              + c.fields.size()
              + " of "
              + (c.fields.size() + c.notInPlan.size())
              + " examined fields in the plan"
              + (costModel ? ", " + Shares.verdict(c.saved()) : "")
              + (c.separation == null ? "" : "; " + c.separation.explain());
    }
    if (!c.kept) {
      reason = reason + "; dropped: " + (c.leftOutBecause != null ? c.leftOutBecause : dropped);
    }
    out.add(new Explanation.Decision(c.stats.path, typed, reason, c.estimate));
    List<PathChoice> below = new ArrayList<>(c.fields);
    below.addAll(c.notInPlan);
    if (c.element != null) {
      below.add(c.element);
    }
    below.sort(Comparator.comparing((PathChoice f) -> f.stats.path));
    below.forEach(f -> explain(f, typed && (c.fields.contains(f) || f == c.element), out));
  }
}
