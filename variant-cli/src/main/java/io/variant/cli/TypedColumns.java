// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.shredding.ShreddingPlan;

/**
 * Counts the typed leaf columns of a plan, as the summaries of {@code convert} and {@code schema}
 * show them.
 */
final class TypedColumns {
  private TypedColumns() {}

  /**
   * One per scalar slot; objects and arrays add the columns of their children, {@code variant}
   * none.
   */
  static int of(ShreddingPlan plan) {
    return switch (plan.shape()) {
      case SCALAR -> 1;
      case ARRAY -> of(plan.asArray().element());
      case OBJECT -> plan.asObject().fields().stream().mapToInt(f -> of(f.plan())).sum();
      case RESIDUAL -> 0;
    };
  }
}
