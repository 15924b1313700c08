package io.variant.cli;

import io.variant.shredding.ShreddingPlan;

/** Counts the typed leaf columns of a plan, as the summaries of {@code convert} and {@code schema} show them. */
final class TypedColumns {
  private TypedColumns() {}

  /** One per scalar slot; objects and arrays add the columns of their children, {@code variant} none. */
  static int of(ShreddingPlan plan) {
    if (plan instanceof ShreddingPlan.ScalarPlan) {
      return 1;
    }
    if (plan instanceof ShreddingPlan.ArrayPlan a) {
      return of(a.element());
    }
    if (plan instanceof ShreddingPlan.ObjectPlan o) {
      return o.fields().stream().mapToInt(f -> of(f.plan())).sum();
    }
    return 0;
  }
}
