// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import static io.variant.shredding.infer.PlanInferenceTest.assertPlan;
import static io.variant.shredding.infer.PlanInferenceTest.concat;
import static io.variant.shredding.infer.PlanInferenceTest.infer;
import static io.variant.shredding.testkit.Values.arr;
import static io.variant.shredding.testkit.Values.dec;
import static io.variant.shredding.testkit.Values.int8;
import static io.variant.shredding.testkit.Values.integer;
import static io.variant.shredding.testkit.Values.obj;
import static io.variant.shredding.testkit.Values.str;
import static io.variant.shredding.testkit.Values.times;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.core.Variant;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.testkit.Values;
import io.variant.testkit.Model;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Objects, arrays, presence, depth, the column budget, the path cap and determinism. */
class PlanInferenceStructureTest {
  private static final InferenceOptions DEFAULTS = PlanInferenceTest.RULES;

  @Test
  void aFieldPresentInExactlyMinPresenceOfItsObjectsIsKept() {
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      List<Object> kv = new ArrayList<>(List.of("a", int8(1)));
      if (i < 10) {
        kv.addAll(List.of("b", str("x"))); // 10 of 100: exactly 0.10
      }
      if (i < 9) {
        kv.addAll(List.of("c", str("y"))); // 9 of 100: below
      }
      rows.add(obj(kv.toArray()));
    }
    assertPlan("{\"a\": int8, \"b\": string}", rows);
    assertPlan("{\"a\": int8, \"b\": string, \"c\": string}", rows, DEFAULTS.withMinPresence(0));
    assertPlan("{\"a\": int8}", rows, DEFAULTS.withMinPresence(1));
  }

  @Test
  void presenceCountsParentObjectsNotRows() {
    // $.user is an object in 50 rows; user.name is in 5 of them: 10% of users but 5% of rows
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      if (i >= 50) {
        rows.add(obj("id", int8(i)));
      } else {
        rows.add(
            obj(
                "id",
                int8(i),
                "user",
                i < 5 ? obj("id", int8(1), "name", str("n")) : obj("id", int8(1))));
      }
    }
    InferenceResult result = infer(rows, DEFAULTS);
    assertEquals(
        ShreddingPlan.parse("{\"id\": int8, \"user\": {\"id\": int8, \"name\": string}}"),
        result.plan());
    assertEquals(
        new CoverageReport.Row("$.user", 100, 50, 50, "object"), result.coverage().row("$.user"));
    assertEquals(
        new CoverageReport.Row("$.user.name", 50, 5, 5, "string"),
        result.coverage().row("$.user.name"));
  }

  @Test
  void anObjectWhoseFieldsAllFailPresenceIsVariant() {
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      rows.add(obj("k" + i, int8(i))); // every key in 1 of 20 objects: 5%
    }
    assertPlan("variant", rows);
    assertPlan("{\"wrap\": variant}", rows.stream().map(r -> (Model) obj("wrap", r)).toList());
  }

  @Test
  void aFieldWithoutADominantFamilyStaysAsVariant() {
    List<Model> rows = List.of(obj("a", int8(1), "m", str("x")), obj("a", int8(2), "m", int8(1)));
    assertPlan("{\"a\": int8, \"m\": variant}", rows);
  }

  @Test
  void fieldsAreSortedByUtf8BytesNotUtf16() {
    // U+E000 sorts before U+1F600 in UTF-8 byte order; String.compareTo puts the surrogate pair
    // first
    Model row =
        obj("b", int8(1), "\uD83D\uDE00", int8(1), "\uE000", int8(1), "a", int8(1), "B", int8(1));
    assertPlan(
        "{\"B\": int8, \"a\": int8, \"b\": int8, \"\uE000\": int8, \"\uD83D\uDE00\": int8}",
        List.of(row));
  }

  @Test
  void arraysOfObjectsInferTheElementOverAllElements() {
    List<Model> rows =
        List.of(
            obj(
                "items",
                arr(
                    obj("price", dec("1.5"), "qty", integer(1)),
                    obj("price", dec("2.25"), "qty", integer(300)))),
            obj("items", arr(obj("price", dec("10"), "qty", integer(2)))),
            obj("items", arr()));
    InferenceResult result = infer(rows, DEFAULTS);
    assertEquals(
        ShreddingPlan.parse("{\"items\": [{\"price\": decimal(4,2), \"qty\": int16}]}"),
        result.plan());
    List<String> paths = result.coverage().rows().stream().map(CoverageReport.Row::path).toList();
    assertEquals(
        List.of("$", "$.items", "$.items[*]", "$.items[*].price", "$.items[*].qty"), paths);
    assertEquals(
        new CoverageReport.Row("$.items[*]", 3, 3, 3, "object"),
        result.coverage().row("$.items[*]"));
    assertEquals(
        new CoverageReport.Row("$.items[*].qty", 3, 3, 3, "int16"),
        result.coverage().row("$.items[*].qty"));
  }

  @Test
  void anArrayWhoseElementsHaveNoTypedPlanIsVariant() {
    assertPlan("[int16]", List.of(arr(integer(1), integer(2)), arr(integer(300))));
    assertPlan("variant", List.of(arr(), arr())); // no element to infer from
    assertPlan("variant", List.of(arr(int8(1), str("x")))); // elements 50/50
    assertPlan("[[string]]", List.of(arr(arr(str("a")), arr()), arr(arr(str("b"), str("c")))));
  }

  @Test
  void maxDepthCutsNestingIntoVariant() {
    List<Model> rows = List.of(obj("a", obj("b", obj("c", int8(1)))));
    assertPlan("{\"a\": {\"b\": {\"c\": int8}}}", rows, DEFAULTS.withMaxDepth(3));
    assertPlan("{\"a\": {\"b\": variant}}", rows, DEFAULTS.withMaxDepth(2));
    assertPlan("{\"a\": variant}", rows, DEFAULTS.withMaxDepth(1));
    assertPlan("variant", rows, DEFAULTS.withMaxDepth(0));
    assertPlan("int8", List.of(int8(1)), DEFAULTS.withMaxDepth(0)); // a scalar root needs no depth
  }

  @Test
  void maxDepthCountsArraysToo() {
    List<Model> rows = List.of(arr(arr(int8(1))));
    assertPlan("[[int8]]", rows, DEFAULTS.withMaxDepth(2));
    assertPlan("variant", rows, DEFAULTS.withMaxDepth(1)); // [variant] would add nothing
  }

  @Test
  void theColumnBudgetKeepsTheMostPresentLeaves() {
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      rows.add(
          i < 5
              ? obj("a", int8(1), "b", int8(1), "c", int8(1))
              : i < 9 ? obj("b", int8(1), "c", int8(1)) : obj("c", int8(1)));
    }
    // presence: a 5, b 9, c 10
    assertPlan("{\"b\": int8, \"c\": int8}", rows, DEFAULTS.withMaxTypedColumns(2));
    assertPlan("{\"c\": int8}", rows, DEFAULTS.withMaxTypedColumns(1));
    assertEquals(2, infer(rows, DEFAULTS.withMaxTypedColumns(2)).coverage().typedColumns());
  }

  @Test
  void theColumnBudgetBreaksTiesByPlanOrder() {
    List<Model> rows = times(3, obj("z", int8(1), "a", int8(1), "m", int8(1)));
    assertPlan("{\"a\": int8, \"m\": int8}", rows, DEFAULTS.withMaxTypedColumns(2));
  }

  @Test
  void theColumnBudgetRemovesContainersLeftEmpty() {
    List<Model> rows =
        concat(
            times(5, obj("x", obj("y", int8(1)), "l", arr(int8(1)), "z", int8(1))),
            times(5, obj("z", int8(2))));
    assertPlan("{\"l\": [int8], \"x\": {\"y\": int8}, \"z\": int8}", rows);
    assertPlan("{\"z\": int8}", rows, DEFAULTS.withMaxTypedColumns(1));
    assertPlan("variant", List.of(int8(1)), DEFAULTS.withMaxTypedColumns(0));
  }

  @Test
  void theColumnBudgetDoesNotCountVariantFields() {
    List<Model> rows = List.of(obj("m", int8(1), "n", int8(1)), obj("m", str("x"), "n", int8(2)));
    assertPlan("{\"m\": variant}", rows, DEFAULTS.withMaxTypedColumns(0));
  }

  @Test
  void pathsBeyondTheTrackingCapStayInTheResidual() {
    List<Model> rows = times(4, obj("a", int8(1), "b", int8(1), "c", int8(1)));
    InferenceResult result = infer(rows, DEFAULTS.withMaxTrackedPaths(3)); // $, a, b
    assertEquals(ShreddingPlan.parse("{\"a\": int8, \"b\": int8}"), result.plan());
    assertEquals(3, result.coverage().trackedPaths());
    assertEquals(4, result.coverage().untrackedValues());
  }

  @Test
  void sqlNullRowsAreSampledButNotPresent() {
    PlanInference inference = PlanInference.create(DEFAULTS);
    inference.add(int8(1).build());
    inference.add(null);
    InferenceResult result = inference.result();
    assertEquals(ShreddingPlan.parse("int8"), result.plan());
    assertEquals(new CoverageReport.Row("$", 2, 1, 1, "int8"), result.coverage().row("$"));
    assertEquals(2, inference.rows());
  }

  @Test
  void anEmptySampleGivesVariant() {
    InferenceResult result = PlanInference.create(DEFAULTS).result();
    assertEquals(ShreddingPlan.residual(), result.plan());
    assertEquals(
        List.of(new CoverageReport.Row("$", 0, 0, 0, "variant")), result.coverage().rows());
  }

  @Test
  void resultsCanBeTakenWhileRowsKeepComing() {
    PlanInference inference = PlanInference.create(DEFAULTS);
    inference.add(int8(1).build());
    assertEquals(ShreddingPlan.parse("int8"), inference.result().plan());
    inference.add(integer(1000).build());
    assertEquals(ShreddingPlan.parse("int16"), inference.result().plan());
  }

  @Test
  void theSameRowsInAnyOrderGiveTheSamePlanAndReport() {
    List<Model> rows = new ArrayList<>();
    Random rnd = new Random(7);
    for (int i = 0; i < 200; i++) {
      List<Object> kv = new ArrayList<>();
      for (String k : new String[] {"id", "name", "score", "tags", "é", "\uD83D\uDE00"}) {
        if (rnd.nextInt(10) < 8) {
          kv.add(k);
          kv.add(
              rnd.nextInt(10) == 0
                  ? str("n/a")
                  : rnd.nextBoolean() ? integer(rnd.nextInt(1000)) : arr(str("t")));
        }
      }
      rows.add(obj(kv.toArray()));
    }
    List<Variant> variants = Values.variants(rows);
    InferenceResult first = PlanInference.infer(variants, DEFAULTS);
    for (int i = 0; i < 5; i++) {
      List<Variant> shuffled = new ArrayList<>(variants);
      Collections.shuffle(shuffled, rnd);
      InferenceResult again = PlanInference.infer(shuffled, DEFAULTS);
      assertEquals(first.plan(), again.plan());
      assertEquals(first.coverage().format(), again.coverage().format());
    }
  }
}
