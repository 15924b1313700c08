// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.internal;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.infer.InferenceOptions;
import io.variant.shredding.infer.InferenceResult;
import io.variant.shredding.infer.PlanInference;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A flag in 15% of the rows, the only field of its object that does not pay for a column on its
 * own: typed, it leaves the object's value column empty, and the written file shows it pays.
 */
class EmptiedResidualSizeTest {
  /** Event rows whose user always has an id, a name and an email, and a flag in 15% of them. */
  private static List<Variant> rows(int n, long seed) {
    Random r = new Random(seed);
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int id = r.nextInt(5000);
      String flag = r.nextInt(100) < 15 ? ", \"premium\": " + r.nextBoolean() : "";
      rows.add(
          VariantJson.parse(
              String.format(
                  Locale.ROOT,
                  "{\"event_id\": %d, \"type\": \"%s\", \"user\": {\"id\": %d, \"name\": \"%s\","
                      + " \"email\": \"user%d@example.com\"%s}}",
                  i,
                  new String[] {"view", "click", "search", "logout"}[r.nextInt(4)],
                  id,
                  new String[] {"Alice", "Kenji", "Łukasz", "Yuki", "Siobhán"}[r.nextInt(5)],
                  id,
                  flag)));
    }
    return rows;
  }

  /** {@code plan} without the field {@code premium} of its object {@code user}. */
  private static ShreddingPlan withoutFlag(ShreddingPlan plan) {
    List<ShreddingPlan.Field> root = new ArrayList<>();
    for (ShreddingPlan.Field f : plan.asObject().fields()) {
      if (f.name().equals("user")) {
        List<ShreddingPlan.Field> user = new ArrayList<>(f.plan().asObject().fields());
        user.removeIf(u -> u.name().equals("premium"));
        root.add(new ShreddingPlan.Field("user", new ShreddingPlan.ObjectPlan(user)));
      } else {
        root.add(f);
      }
    }
    return new ShreddingPlan.ObjectPlan(root);
  }

  @Test
  void theLastFieldLeftInItsObjectsResidualIsTypedAndTheFileIsSmaller() throws IOException {
    List<Variant> rows = rows(20_000, 5);
    InferenceResult inferred = PlanInference.infer(rows, InferenceOptions.defaults());
    String why = inferred.explanation().format();

    ShreddingPlan user = inferred.plan().asObject().field("user");
    assertNotNull(user, why);
    assertNotNull(user.asObject().field("premium"), why);
    assertTrue(
        inferred
            .explanation()
            .decision("$.user.premium")
            .reason()
            .contains("the last field of its object's residual"),
        why);
    long typed = CheckedPlan.size(rows, inferred.plan());
    long untyped = CheckedPlan.size(rows, withoutFlag(inferred.plan()));
    assertTrue(typed < untyped, "with the flag typed " + typed + " B, without " + untyped + " B");
  }
}
