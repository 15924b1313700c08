// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import static io.variant.shredding.testkit.Values.arr;
import static io.variant.shredding.testkit.Values.integer;
import static io.variant.shredding.testkit.Values.obj;
import static io.variant.shredding.testkit.Values.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.shredding.NumericWidening;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.testkit.Values;
import io.variant.testkit.Model;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Javadoc examples of this package, kept compiling and true. */
class InferenceExamplesTest {
  @Test
  void planInferenceClassExample() {
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      rows.add(obj("id", integer(i), "tags", arr(str("t" + i % 7))));
    }
    List<Variant> sample = Values.variants(rows);

    PlanInference inference = PlanInference.create(InferenceOptions.defaults());
    for (Variant v : sample) {
      inference.add(v);
    }
    InferenceResult result = inference.result();
    String plan = result.plan().print(); // {"id": int64, "tags": [string]}
    String table = result.coverage().format(); // a row per plan node: counts, shares, type, path

    assertEquals("{\"id\": int64, \"tags\": [string]}", plan);
    assertTrue(table.contains("   1000   100.0%   100.0%      0.0%  int64   $.id\n"), table);
  }

  @Test
  void inferenceOptionsExample() {
    InferenceOptions options = InferenceOptions.defaults().withMinPresence(0.5).withDominance(0.95);
    assertEquals(
        new InferenceOptions(
            0.5,
            0.95,
            300,
            50,
            10_000,
            TypeWidth.FILE,
            Selection.COST_MODEL,
            NumericWidening.LOSSLESS),
        options);
  }

  @Test
  void staticInferOverAnIterable() {
    InferenceResult result =
        PlanInference.infer(
            Values.variants(List.of(integer(1), integer(2))), InferenceOptions.defaults());
    assertEquals(
        ShreddingPlan.residual(), result.plan()); // two values never pay for a column's fixed cost
  }
}
