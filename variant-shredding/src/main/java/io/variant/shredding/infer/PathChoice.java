// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import io.variant.shredding.ShreddedType;
import io.variant.shredding.ShreddingPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * {@link PlanChooser}'s decision for one path: what the plan holds there and why. Only {@code
 * kept}, {@code fields} and {@code notInPlan} change once chosen, while the column budget applies.
 */
final class PathChoice {
  /** What the plan holds at the path. */
  enum Shape {
    RESIDUAL,
    SCALAR,
    OBJECT,
    ARRAY
  }

  final PathStats stats;
  final long sampled;
  final Shape shape;
  final TypeFamily family; // the typed family; UNKNOWN for RESIDUAL
  final ShreddedType scalar; // SCALAR only
  long typedNumbers = -1; // exact numerics: the values the column takes, if not the family's
  final List<PathChoice> fields = new ArrayList<>(); // OBJECT only
  PathChoice element; // ARRAY only
  boolean kept = true;
  String leftOutBecause; // a leaf a caller measured and left out: why (else: the column budget)
  // SCALAR leaves weighed by the cost model, and leaves it left in the residual
  CostModel.Estimate estimate;
  CostModel.ListEstimate listEstimate; // ARRAY under the cost model
  // OBJECT under the cost model, for a field of an object: what taking it out of its parent's
  // residual saves (counted only where positive)
  ObjectSeparation.Estimate separation;
  // RESIDUAL under the cost model: the typed choice that did not pay on its own, if any
  PathChoice declined;
  // a leaf typed although it does not pay on its own: the separation of its object it carries
  double carried;
  // SCALAR: the last field its object left in the residual, typed for the levels that saves
  EmptiedResidual emptied;
  Supplier<String> reason = () -> ""; // formatted only if the explanation is read
  // examined fields (or element, or the paths below a family that lost) left out: for the
  // explanation
  final List<PathChoice> notInPlan = new ArrayList<>();

  PathChoice(PathStats stats, long sampled, Shape shape, TypeFamily family, ShreddedType scalar) {
    this.stats = stats;
    this.sampled = sampled;
    this.shape = shape;
    this.family = family;
    this.scalar = scalar;
  }

  static PathChoice residual(PathStats s, long sampled) {
    return new PathChoice(s, sampled, Shape.RESIDUAL, TypeFamily.UNKNOWN, null);
  }

  /** Values that go into the typed column (or, for objects and arrays, the typed group). */
  long typed() {
    return shape == Shape.RESIDUAL ? 0 : typedNumbers >= 0 ? typedNumbers : stats.count(family);
  }

  /**
   * What the typed leaves at and below this path save by the cost model's estimate, summed; a list
   * counts net of its elements. 0 where nothing was estimated.
   */
  double saved() {
    return switch (shape) {
      case SCALAR ->
          (estimate == null ? 0 : estimate.saved()) + (emptied == null ? 0 : emptied.saved());
      case OBJECT ->
          fields.stream().mapToDouble(PathChoice::saved).sum()
              + (separation == null ? 0 : Math.max(0, separation.saved()));
      case ARRAY -> listEstimate != null ? listEstimate.saved() : element.saved();
      case RESIDUAL -> 0;
    };
  }

  /**
   * {@link #saved} without what the values of other families gain in a scalar's value column: the
   * same whichever family is typed, so it does not decide between families.
   */
  double ownSaved() {
    return estimate == null || shape != Shape.SCALAR
        ? saved()
        : saved() - estimate.otherValues() * CostModel.OTHER_VALUE_GAIN;
  }

  /** What the column budget weighs a typed leaf by: its saving and the separation it carries. */
  double worth() {
    return saved() + carried;
  }

  /** The plan node's name: a scalar type's text form, {@code object}, {@code array}, ... */
  String typeName() {
    return switch (shape) {
      case RESIDUAL -> "variant";
      case SCALAR -> scalar.toString();
      case OBJECT -> "object";
      case ARRAY -> "array";
    };
  }

  /** The plan at this path, adding a coverage row per node in plan order (pre-order). */
  ShreddingPlan plan(List<CoverageReport.Row> rows) {
    rows.add(new CoverageReport.Row(stats.path, sampled, stats.present, typed(), typeName()));
    return switch (shape) {
      case RESIDUAL -> ShreddingPlan.residual();
      case SCALAR -> ShreddingPlan.scalar(scalar);
      case OBJECT -> {
        List<ShreddingPlan.Field> out = new ArrayList<>();
        for (PathChoice f : fields) {
          out.add(new ShreddingPlan.Field(f.stats.key, f.plan(rows)));
        }
        yield new ShreddingPlan.ObjectPlan(out);
      }
      case ARRAY -> ShreddingPlan.array(element.plan(rows));
    };
  }
}
