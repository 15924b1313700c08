// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.shredding.testkit.DatasetGen;
import io.variant.shredding.testkit.Values;
import io.variant.testkit.Trials;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@code plan --explain} has a reason for every path: each node of the plan is explained as typed
 * or not as the plan has it, and every decision gives its reason once.
 */
class ExplanationPropertyTest {
  @Test
  void everyPathOfThePlanIsExplainedAsThePlanHasIt() {
    Trials.run(
        "everyPathOfThePlanIsExplainedAsThePlanHasIt",
        rnd -> {
          DatasetGen.Shape shape =
              switch (rnd.nextInt(4)) {
                case 0 -> DatasetGen.scalarArrays(rnd);
                case 1 -> DatasetGen.sparseFamilies(rnd);
                default -> DatasetGen.shape(rnd, 3);
              };
          DatasetGen.Slot root = new DatasetGen.Slot(shape, rnd.nextBoolean() ? 0.85 : 1.0, 0);
          List<Variant> rows = Values.variants(DatasetGen.rows(rnd, root, 100 + rnd.nextInt(400)));
          InferenceResult r = PlanInference.infer(rows, InferenceOptions.defaults());
          Explanation why = r.explanation();

          Set<String> seen = new HashSet<>();
          for (Explanation.Decision d : why.decisions()) {
            assertTrue(seen.add(d.path()), "explained twice: " + d.path());
            assertFalse(d.reason().isBlank(), d.path());
          }
          for (CoverageReport.Row row : r.coverage().rows()) {
            Explanation.Decision d = why.decision(row.path());
            assertNotNull(d, row.path() + " is in the plan, unexplained: " + why.format());
            assertEquals(!row.type().equals("variant"), d.typed(), row + ": " + d.reason());
          }
        });
  }
}
