// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Plan equality: the plan-text round trip and the writers' "same plan?" checks rest on it, so two
 * plans that differ in one type, one name, one field or one level of nesting must be unequal.
 */
class PlanEqualityTest {
  /** Pairwise different plans; each differs from some other in one detail only. */
  private static final List<String> PLANS =
      List.of(
          "int64",
          "int32",
          "string",
          "variant",
          "decimal(9,2)",
          "decimal(9,3)",
          "decimal(10,2)",
          "[int64]",
          "[string]",
          "[[int64]]",
          "[variant]",
          "{\"a\": int64}",
          "{\"b\": int64}",
          "{\"a\": string}",
          "{\"a\": [int64]}",
          "{\"a\": {\"a\": int64}}",
          "{\"a\": int64, \"b\": int64}",
          "{\"b\": int64, \"a\": int64}", // plan order is column order
          "{\"a\": int64, \"b\": string}");

  @Test
  void plansThatDifferInOneDetailAreUnequal() {
    for (String a : PLANS) {
      for (String b : PLANS) {
        ShreddingPlan pa = ShreddingPlan.parse(a);
        ShreddingPlan pb = ShreddingPlan.parse(b);
        if (a.equals(b)) {
          assertEquals(pa, pb, a);
          assertEquals(pa.hashCode(), pb.hashCode(), a);
        } else {
          assertNotEquals(pa, pb, a + " vs " + b);
        }
      }
    }
  }

  @Test
  void aPlanEqualsNothingButAPlan() {
    for (String p : PLANS) {
      ShreddingPlan plan = ShreddingPlan.parse(p);
      assertNotEquals(null, plan, p);
      assertNotEquals(p, plan); // its text is not the plan
    }
    ShreddedType decimal = ShreddedType.decimal(9, 2);
    assertNotEquals(decimal, ShreddedType.decimal(9, 3));
    assertNotEquals(decimal, ShreddedType.decimal(10, 2));
    assertNotEquals(ShreddedType.INT64, ShreddedType.INT32);
    assertNotEquals(ShreddedType.INT64, "int64");
    assertEquals(decimal, ShreddedType.decimal(9, 2));
  }

  @Test
  void hashesTellApartPlansOfOneShapeThatDifferInOneDetail() {
    // Not required by the contract, but a hash that ignores a name or a type puts such plans,
    // which writers keep in maps, in one bucket. (A plan and the array of it may share a hash.)
    String[][] pairs = {
      {"int64", "int32"},
      {"decimal(9,2)", "decimal(9,3)"},
      {"decimal(9,2)", "decimal(10,2)"},
      {"[int64]", "[string]"},
      {"{\"a\": int64}", "{\"b\": int64}"},
      {"{\"a\": int64}", "{\"a\": string}"},
      {"{\"a\": int64, \"b\": int64}", "{\"b\": int64, \"a\": int64}"},
    };
    for (String[] p : pairs) {
      assertNotEquals(
          ShreddingPlan.parse(p[0]).hashCode(),
          ShreddingPlan.parse(p[1]).hashCode(),
          p[0] + " vs " + p[1]);
    }
    assertNotEquals(ShreddedType.INT64.hashCode(), ShreddedType.INT32.hashCode());
    assertNotEquals(ShreddedType.decimal(9, 2).hashCode(), ShreddedType.decimal(10, 2).hashCode());
  }

  @Test
  void anObjectPlanFindsItsFieldsByName() {
    ShreddingPlan.ObjectPlan plan =
        ShreddingPlan.parse("{\"b\": int64, \"a\": [string]}").asObject();
    assertEquals(ShreddingPlan.parse("int64"), plan.field("b"));
    assertEquals(ShreddingPlan.parse("[string]"), plan.field("a"));
    assertEquals(null, plan.field("c"));
  }
}
