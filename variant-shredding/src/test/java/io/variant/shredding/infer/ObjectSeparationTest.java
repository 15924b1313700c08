// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import static io.variant.shredding.testkit.Values.arr;
import static io.variant.shredding.testkit.Values.integer;
import static io.variant.shredding.testkit.Values.obj;
import static io.variant.shredding.testkit.Values.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.shredding.testkit.Values;
import io.variant.testkit.Model;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The gain of taking an object out of its parent's residual: it types an object none of whose
 * fields pays alone when there are enough of them, never a few objects however large, and the
 * explanation says so. (That the written file agrees: {@code SeparatedObjectSizeTest} in
 * variant-parquet.)
 */
class ObjectSeparationTest {
  private static InferenceResult infer(List<Model> rows) {
    return PlanInference.infer(Values.variants(rows), InferenceOptions.defaults());
  }

  /** An owner object of five strings whose fields are each too sparse to pay alone. */
  private static Model owner(Random r) {
    String login = "user" + r.nextInt(1_000_000);
    return obj(
        "login",
        str(login),
        "url",
        str("https://example.com/users/" + login),
        "avatar",
        str("https://example.com/avatars/" + r.nextInt(1_000_000) + ".png"),
        "site",
        str("https://" + login + ".example.org/"),
        "bio",
        str("writes about " + r.nextInt(1000) + " things"));
  }

  /**
   * {@code n} rows: objects with an owner in {@code share} percent of them, the others of another
   * family, and one row in seven an array.
   */
  private static List<Model> rows(int n, int share, long seed) {
    Random r = new Random(seed);
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int p = r.nextInt(100);
      rows.add(
          i % 7 == 0
              ? arr(str("ping"), integer(r.nextInt(1000)))
              : p < share
                  ? obj("event", integer(i), "owner", owner(r))
                  : obj("note", str("n" + r.nextInt(100_000)), "size", integer(r.nextInt(500))));
    }
    return rows;
  }

  @Test
  void manyObjectsSharingTheRootResidualAreTypedByTheirCheapestField() {
    InferenceResult r = infer(rows(4000, 25, 1));
    String why = r.explanation().format();

    Explanation.Decision owner = r.explanation().decision("$.owner");
    assertTrue(owner.typed(), why);
    assertTrue(owner.reason().contains("out of its parent's residual saves"), owner.reason());
    assertEquals(1, r.plan().asObject().field("owner").asObject().fields().size(), why);
    long carried =
        r.explanation().decisions().stream()
            .filter(d -> d.path().startsWith("$.owner."))
            .filter(Explanation.Decision::typed)
            .peek(d -> assertTrue(d.estimate().saved() < 0, d.toString()))
            .filter(d -> d.reason().contains("the cheapest field of its object"))
            .count();
    assertEquals(1, carried, why);
  }

  @Test
  void fewObjectsStayInTheResidualHoweverLarge() {
    InferenceResult r = infer(rows(4000, 3, 1)); // about 100 owners
    String why = r.explanation().format();

    Explanation.Decision owner = r.explanation().decision("$.owner");
    assertFalse(owner.typed(), why);
    assertTrue(
        owner.reason().contains("(under " + ObjectSeparation.MIN_OBJECTS + " objects)"),
        owner.reason());
  }

  @Test
  void theSeparationIsTheObjectsBytesLessTheObjectsValueColumn() {
    ObjectSeparation.Estimate e = new ObjectSeparation.Estimate(1000, 100, 6, 245);
    assertEquals(1000 * 6 - 245, e.saved(), 1e-9);
    assertTrue(e.explain().startsWith("out of its parent's residual saves 5755 B"), e.explain());
  }
}
