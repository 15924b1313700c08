// SPDX-License-Identifier: Apache-2.0
package io.variant.bench;

import io.variant.shredding.ShreddingPlan;

/** Small facts about plans that the benchmarks print next to their results. */
final class Plans {
  private Plans() {}

  /** Fields of a top-level object plan; 0 for any other plan. */
  static int topLevelFields(ShreddingPlan plan) {
    return plan.shape() == ShreddingPlan.Shape.OBJECT ? plan.asObject().fields().size() : 0;
  }
}
