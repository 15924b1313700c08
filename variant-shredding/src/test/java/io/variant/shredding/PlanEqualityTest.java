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
}
