// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import static io.variant.shredding.testkit.Values.bool;
import static io.variant.shredding.testkit.Values.integer;
import static io.variant.shredding.testkit.Values.obj;
import static io.variant.shredding.testkit.Values.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.testkit.Values;
import io.variant.testkit.Model;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The last field an object leaves in its residual: typed, it leaves the object's value column
 * empty, and the levels that column no longer needs pay for the field's. (That the written file
 * agrees: {@code EmptiedResidualSizeTest} in variant-parquet.)
 */
class EmptiedResidualTest {
  private static final String MARK = "the last field of its object's residual";

  /**
   * Rows whose {@code user} always has an id and a name, a {@code premium} flag in 15% of them and,
   * when {@code withNote}, a random {@code note} in 3% of them.
   */
  static List<Model> rows(int n, boolean withNote, long seed) {
    Random r = new Random(seed);
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      List<Object> user = new ArrayList<>(List.of("id", integer(r.nextInt(5000))));
      user.addAll(List.of("name", str("user" + r.nextInt(5000))));
      if (r.nextInt(100) < 15) {
        user.addAll(List.of("premium", bool(r.nextBoolean())));
      }
      if (withNote && r.nextInt(100) < 3) {
        user.addAll(List.of("note", str(Long.toHexString(r.nextLong()))));
      }
      rows.add(obj("event", integer(i), "user", obj(user.toArray())));
    }
    return rows;
  }

  private static InferenceResult infer(List<Model> rows) {
    return PlanInference.infer(Values.variants(rows), InferenceOptions.defaults());
  }

  @Test
  void theOnlyFieldLeftInItsObjectsResidualIsTypedForTheLevelsItSaves() {
    InferenceResult r = infer(rows(4000, false, 3));
    String why = r.explanation().format();

    ShreddingPlan user = r.plan().asObject().field("user");
    assertNotNull(user, why);
    assertNotNull(user.asObject().field("premium"), why);
    Explanation.Decision premium = r.explanation().decision("$.user.premium");
    assertTrue(premium.typed(), why);
    assertTrue(premium.estimate().saved() < 0, "the flag does not pay on its own: " + why);
    assertTrue(premium.reason().contains(MARK), premium.reason());
    assertTrue(premium.reason().contains(": in all saves "), premium.reason());
    // the plan keeps its fields in key order with the flag among them
    assertEquals(
        List.of("id", "name", "premium"),
        user.asObject().fields().stream().map(ShreddingPlan.Field::name).toList());
  }

  @Test
  void aFieldLeftBesideAnotherInTheResidualGainsNothing() {
    InferenceResult r = infer(rows(4000, true, 3));
    String why = r.explanation().format();

    ShreddingPlan user = r.plan().asObject().field("user");
    assertNotNull(user, why);
    assertNull(user.asObject().field("premium"), why);
    assertNull(user.asObject().field("note"), why);
    for (String path : List.of("$.user.premium", "$.user.note")) {
      Explanation.Decision d = r.explanation().decision(path);
      assertFalse(d.typed(), why);
      assertFalse(d.reason().contains(MARK), d.reason());
    }
  }

  @Test
  void theCreditIsTheLevelsTheObjectsValueColumnNoLongerNeeds() {
    PathStats field = PathStats.root().newField("premium");
    field.present = 1580;
    LevelChain objects = LevelChain.root(10048).then(10048).then(10048);
    EmptiedResidual e = EmptiedResidual.of(field, objects);
    // 10,048 entries x H(1580 / 10048) bits x 0.22 B per bit
    double p = 1580 / 10048.0;
    double bits = -(p * Math.log(p) + (1 - p) * Math.log(1 - p)) / Math.log(2);
    assertEquals(10048 * bits * CostModel.LEVEL_BYTES_PER_BIT, e.saved(), 1e-6);
    assertEquals(1580, e.rows());
    assertTrue(
        e.explain().endsWith("1580 rows, whose levels save " + Math.round(e.saved()) + " B"));
    assertEquals(0, EmptiedResidual.of(PathStats.root().newField("none"), objects).saved(), 1e-9);
  }
}
