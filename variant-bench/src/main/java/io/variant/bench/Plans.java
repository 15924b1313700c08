// SPDX-License-Identifier: Apache-2.0
package io.variant.bench;

import io.variant.core.Variant;
import io.variant.shredding.PlanText;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.infer.InferenceOptions;
import io.variant.shredding.infer.PlanInference;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Small facts about plans that the benchmarks print next to their results. */
final class Plans {
  private Plans() {}

  /**
   * The plan a benchmark's {@code plan} parameter names: empty for the plan inferred from {@code
   * rows} with the defaults, {@code @FILE} for the plan text in FILE, or the plan text itself. A
   * fixed plan keeps a before/after comparison of two commits about the operation measured, when
   * inference changed in between and would hand the two a different plan.
   */
  static ShreddingPlan chosen(String plan, List<Variant> rows) {
    if (plan == null || plan.isBlank()) {
      return PlanInference.infer(rows, InferenceOptions.defaults()).plan();
    }
    if (plan.startsWith("@")) {
      try {
        return PlanText.parse(Files.readString(Path.of(plan.substring(1)), StandardCharsets.UTF_8));
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read the plan " + plan.substring(1), e);
      }
    }
    return PlanText.parse(plan);
  }

  /** Fields of a top-level object plan; 0 for any other plan. */
  static int topLevelFields(ShreddingPlan plan) {
    return plan.shape() == ShreddingPlan.Shape.OBJECT ? plan.asObject().fields().size() : 0;
  }
}
