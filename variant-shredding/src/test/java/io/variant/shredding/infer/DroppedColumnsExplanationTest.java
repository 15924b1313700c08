// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import static io.variant.shredding.testkit.Values.int8;
import static io.variant.shredding.testkit.Values.obj;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.variant.shredding.testkit.Values;
import io.variant.testkit.Model;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A typed leaf left out for want of columns says which limit left it out: the column budget of the
 * options, or a caller's smaller budget after measuring the plan too large (the size check).
 */
class DroppedColumnsExplanationTest {
  private static final InferenceOptions PRESENCE =
      InferenceOptions.defaults().withSelection(Selection.PRESENCE);

  /** a in 5 rows of 10, b in 9, c in all: the least present leaves go first. */
  private static PlanInference counted(InferenceOptions options) {
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      rows.add(
          i < 5
              ? obj("a", int8(1), "b", int8(1), "c", int8(1))
              : i < 9 ? obj("b", int8(1), "c", int8(1)) : obj("c", int8(1)));
    }
    PlanInference inference = PlanInference.create(options);
    Values.variants(rows).forEach(inference::add);
    return inference;
  }

  @Test
  void theOptionsBudgetIsNamedAsSuch() {
    InferenceResult r = counted(PRESENCE.withMaxTypedColumns(2)).result();

    Explanation.Decision a = r.explanation().decision("$.a");
    assertFalse(a.typed());
    assertEquals(
        "int32: passes presence and dominance; dropped: past the column budget of 2 typed columns",
        a.reason());
  }

  @Test
  void aSmallerBudgetAfterMeasuringIsTheSizeChecks() {
    InferenceResult r = counted(PRESENCE).result(1);

    assertEquals(
        "int32: passes presence and dominance; dropped: the size check kept the best 1 typed"
            + " column",
        r.explanation().decision("$.b").reason());
  }

  @Test
  void theOptionsBudgetStillDecidesWhenItIsTheSmaller() {
    InferenceResult r = counted(PRESENCE.withMaxTypedColumns(1)).result(2);

    assertEquals(
        "int32: passes presence and dominance; dropped: past the column budget of 1 typed column",
        r.explanation().decision("$.b").reason());
  }
}
