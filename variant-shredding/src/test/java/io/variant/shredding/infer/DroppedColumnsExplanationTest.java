// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import static io.variant.shredding.testkit.Values.int8;
import static io.variant.shredding.testkit.Values.obj;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.shredding.testkit.Values;
import io.variant.testkit.Model;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A typed leaf left out for want of columns says which limit left it out: the column budget of the
 * options, or a caller's smaller budget after measuring the plan too large (the size check); a leaf
 * a caller measured and left out by path says the caller's reason.
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

  @Test
  void aLeafLeftOutByPathGivesTheCallersReasonAndLeavesTheRest() {
    PlanInference inference = counted(PRESENCE);
    InferenceResult r = inference.result(10, Map.of("$.b", "measured"));

    assertEquals("{\"a\": int32, \"c\": int32}", r.plan().toString());
    Explanation.Decision b = r.explanation().decision("$.b");
    assertFalse(b.typed());
    assertEquals("int32: passes presence and dominance; dropped: measured", b.reason());
    assertTrue(r.explanation().decision("$.a").typed());
    assertNull(r.coverage().row("$.b"));
    assertEquals(2, r.coverage().typedColumns());
    assertEquals(inference.result().plan(), inference.result(10, Map.of()).plan());
  }

  @Test
  void anObjectLeftWithoutTypedLeavesGoesBackToItsParentsResidual() {
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      rows.add(obj("o", obj("x", int8(i)), "c", int8(1)));
    }
    PlanInference inference = PlanInference.create(PRESENCE);
    Values.variants(rows).forEach(inference::add);

    InferenceResult r = inference.result(10, Map.of("$.o.x", "measured"));

    assertEquals("{\"c\": int32}", r.plan().toString());
    assertFalse(r.explanation().decision("$.o").typed());
    Explanation.Decision x = r.explanation().decision("$.o.x");
    assertFalse(x.typed());
    assertTrue(x.reason().endsWith("; dropped: measured"), x.reason());
  }

  @Test
  void leavingOutEveryLeafLeavesTheWholeValueInTheResidual() {
    InferenceResult r = counted(PRESENCE).result(10, Map.of("$.a", "m", "$.b", "m", "$.c", "m"));

    assertEquals("variant", r.plan().toString());
    assertEquals(0, r.coverage().typedColumns());
    // every examined path still says why, as where some leaves stay (it had said nothing)
    assertTrue(r.explanation().decision("$.a").reason().endsWith("; dropped: m"));
  }

  @Test
  void aBudgetOfNoColumnsStillExplainsEveryExaminedPath() {
    InferenceResult none = counted(PRESENCE).result(0);
    InferenceResult noOptionColumns = counted(PRESENCE.withMaxTypedColumns(0)).result();

    for (InferenceResult r : List.of(none, noOptionColumns)) {
      assertEquals("variant", r.plan().toString());
      for (String path : List.of("$.a", "$.b", "$.c")) {
        Explanation.Decision d = r.explanation().decision(path);
        assertFalse(d.typed());
        assertTrue(d.reason().startsWith("int32: passes presence and dominance; dropped: "), path);
      }
    }
  }

  @Test
  void anObjectAtTheDepthLimitSaysSo() {
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      rows.add(obj("o", obj("x", int8(i)), "list", Values.arr(int8(i)), "c", int8(1)));
    }
    PlanInference inference = PlanInference.create(PRESENCE.withMaxDepth(1));
    Values.variants(rows).forEach(inference::add);

    InferenceResult r = inference.result();

    assertEquals("{\"c\": int32, \"list\": variant, \"o\": variant}", r.plan().toString());
    // it had said "no field pays for a typed column", of objects of 0 B
    assertEquals(
        "object: at the plan's depth limit of 1 (--max-plan-depth), its fields not examined",
        r.explanation().decision("$.o").reason());
    assertEquals(
        "array: at the plan's depth limit of 1 (--max-plan-depth), its elements not examined",
        r.explanation().decision("$.list").reason());
  }
}
