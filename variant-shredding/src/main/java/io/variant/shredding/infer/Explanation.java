// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Why inference typed each path or left it in the residual: one {@link Decision} per path it
 * examined, in plan order (pre-order, fields sorted), with the cost model's numbers for leaves.
 * {@link #format()} renders it for {@code variant plan --explain}:
 *
 * <pre>
 * typed     $.id        int64: saves 18950 B: 10000 values x 1.6 B - levels 0 B - chunks 490 B (number)
 * residual  $.note      string: costs 2015 B: 120 values x 0.6 B - levels 1553 B - chunks 490 B (string)
 * residual  $.debug     present in 0.5% of parent objects, under min presence 10.0%
 * </pre>
 *
 * <p>Immutable and thread-safe. The decisions are worked out on first use: {@code convert} takes a
 * result per plan it tries and prints none of them, and formatting every examined path's numbers
 * was most of taking a result.
 */
public final class Explanation {
  /**
   * The decision for one path.
   *
   * @param path as in {@link CoverageReport.Row#path()}
   * @param typed whether the path is in the plan with a typed column (or, for objects and arrays,
   *     typed leaves)
   * @param reason why, with the model's numbers where it decided
   * @param estimate the cost model's estimate for a leaf it weighed; null for objects, arrays and
   *     paths decided by a threshold
   */
  public record Decision(String path, boolean typed, String reason, CostModel.Estimate estimate) {}

  /** Paths longer than this overflow their column instead of widening every line. */
  static final int MAX_PATH_WIDTH = 40;

  private Supplier<List<Decision>> source; // null once decisions is set
  private List<Decision> decisions;

  /**
   * @param source the decisions, in plan order; called once, on first use, and then released
   */
  Explanation(Supplier<List<Decision>> source) {
    this.source = source;
  }

  /** One decision per examined path, in plan order. */
  public synchronized List<Decision> decisions() {
    if (decisions == null) {
      decisions = List.copyOf(source.get());
      source = null;
    }
    return decisions;
  }

  /** The decision for {@code path}, or null if inference did not examine it. */
  public Decision decision(String path) {
    for (Decision d : decisions()) {
      if (d.path().equals(path)) {
        return d;
      }
    }
    return null;
  }

  /**
   * One line per decision: "typed" or "residual", the path, the reason; lines end with {@code \n}.
   */
  public String format() {
    List<Decision> all = decisions();
    int width = "path".length();
    for (Decision d : all) {
      width = Math.min(Math.max(width, d.path().length()), MAX_PATH_WIDTH);
    }
    StringBuilder out = new StringBuilder();
    for (Decision d : all) {
      out.append(
          String.format(
              Locale.ROOT,
              "%-8s  %-" + width + "s  %s%n",
              d.typed() ? "typed" : "residual",
              d.path(),
              d.reason()));
    }
    return out.toString();
  }

  @Override
  public String toString() {
    return format();
  }
}
