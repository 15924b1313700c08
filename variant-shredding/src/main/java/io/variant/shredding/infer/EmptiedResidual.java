// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import java.util.Comparator;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * What typing the last field an object leaves in its residual saves beyond that field's own
 * estimate ({@link CostModel}). While any field of an object stays out of the plan, the object's
 * {@code value} column holds it in the rows that have it, and that column's definition levels say
 * which rows those are. Typed, the field's own columns say it instead, and their levels are what
 * its estimate charges; the object's {@code value} column is then null in every object row, its
 * levels the same in each. Without this credit the field's presence would be paid for twice.
 *
 * <pre>
 * saved = levels of the object's value column, holding a value where the field is
 *       - the same levels, holding none
 * </pre>
 *
 * <p>Measured on the event log of {@code bench/sizes} (200,000 rows), where {@code user.premium} (a
 * boolean in 15% of the rows) was the only field of {@code user} left out: its estimate was a 298 B
 * loss over the 10,048 sampled rows, and typed it made the file 63 KB smaller (3,170 B at the
 * sample's scale). This credit (1,386 B) turns the estimate into a gain; what it still misses is
 * the residual object each such row carried for the one field.
 *
 * @param rows the object rows whose value column the field leaves empty
 * @param saved the bytes of definition levels saved
 */
record EmptiedResidual(long rows, double saved) {
  /**
   * Types the one field {@code c} would leave in its objects' residual, a scalar, if that pays with
   * what it saves the objects' value column (this credit); every field of the objects was examined,
   * and the others are in the plan.
   *
   * @param chain the levels down to the objects
   */
  static void typeLastField(PathChoice c, LevelChain chain) {
    if (c.fields.isEmpty() || c.notInPlan.size() != 1) {
      return;
    }
    PathChoice last = c.notInPlan.get(0).declined;
    if (last == null || last.shape != PathChoice.Shape.SCALAR) {
      return;
    }
    EmptiedResidual emptied = of(last.stats, chain);
    if (last.saved() + emptied.saved() <= 0) {
      return;
    }
    last.emptied = emptied;
    c.notInPlan.clear();
    c.fields.add(last);
    c.fields.sort(
        Comparator.comparing((PathChoice f) -> f.stats.key, PathStats::compareCodePoints));
    Supplier<String> own = last.reason;
    double net = last.saved();
    last.reason = () -> own.get() + "; " + emptied.explain() + ": in all " + Shares.verdict(net);
  }

  /**
   * The credit for typing {@code field}, the only field left in the residual of the objects that
   * {@code objects} reaches.
   */
  static EmptiedResidual of(PathStats field, LevelChain objects) {
    double before = CostModel.levelBytes(objects.then(field.present));
    double after = CostModel.levelBytes(objects.then(0));
    return new EmptiedResidual(field.present, Math.max(0, before - after));
  }

  /** "the last field of its object's residual: typed, ... saves 1386 B". */
  String explain() {
    return String.format(
        Locale.ROOT,
        "the last field of its object's residual: typed, it leaves that value column empty in %d"
            + " rows, whose levels save %.0f B",
        rows,
        saved);
  }
}
