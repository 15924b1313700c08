// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import io.variant.shredding.ShreddedType;
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
  // SCALAR leaves weighed by the cost model, and leaves it left in the residual
  CostModel.Estimate estimate;
  CostModel.ListEstimate listEstimate; // ARRAY under the cost model
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
      case SCALAR -> estimate == null ? 0 : estimate.saved();
      case OBJECT -> fields.stream().mapToDouble(PathChoice::saved).sum();
      case ARRAY -> listEstimate != null ? listEstimate.saved() : element.saved();
      case RESIDUAL -> 0;
    };
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
}
