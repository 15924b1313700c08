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
 * Under the cost model, a path whose values are of several families is typed with the family whose
 * typed column pays most; the values of the other families stay in the residual. No share of one
 * family vetoes the others: the share is one input of the estimate.
 */
class MixedFamiliesTest {
  private static InferenceResult infer(List<Model> rows) {
    return PlanInference.infer(Values.variants(rows), InferenceOptions.defaults());
  }

  private static Model event(Random rnd, int i) {
    return obj(
        "id",
        integer(i),
        "kind",
        str("k" + rnd.nextInt(5)),
        "score",
        integer(rnd.nextInt(100_000)));
  }

  @Test
  void objectRowsAreTypedWhenSomeRowsAreArrays() {
    Random rnd = new Random(3);
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      rows.add(
          rnd.nextInt(100) < 14
              ? arr(str("p" + rnd.nextInt(50)), integer(rnd.nextInt(9)))
              : event(rnd, i));
    }
    InferenceResult r = infer(rows);
    assertEquals("{\"id\": int64, \"kind\": string, \"score\": int32}", r.plan().print());
    Explanation.Decision root = r.explanation().decision("$");
    assertTrue(root.typed(), root.toString());
    assertTrue(root.reason().contains("in the residual"), root.reason());
  }

  @Test
  void aFieldOfTwoTypesGetsTheColumnOfTheOneThatPays() {
    Random rnd = new Random(5);
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      Model price = rnd.nextInt(100) < 85 ? integer(rnd.nextInt(1_000_000)) : str("n/a " + i);
      rows.add(obj("id", integer(i), "price", price));
    }
    InferenceResult r = infer(rows);
    assertEquals("{\"id\": int64, \"price\": int32}", r.plan().print());
    Explanation.Decision price = r.explanation().decision("$.price");
    assertTrue(price.reason().contains("% of 5000 non-null values;"), price.reason());
    // both save once the other family's values leaving the root's residual count; the integers
    // save more on their own values
    assertTrue(
        price.reason().contains("; int32's 4471 B): string costs 1244 B on its own values, saves"),
        price.reason());
    assertTrue(price.reason().contains("other values x 1.5 B"), price.reason());
  }

  @Test
  void arrayElementsOfMostlyStringsAreTypedAsStrings() {
    Random rnd = new Random(9);
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      List<Model> elements = new ArrayList<>();
      for (int k = 0; k < 6; k++) {
        elements.add(str("w" + rnd.nextInt(40)));
      }
      elements.add(integer(rnd.nextInt(1000)));
      rows.add(arr(elements.toArray(new Model[0])));
    }
    InferenceResult r = infer(rows);
    assertEquals("[string]", r.plan().print());
  }

  @Test
  void anElementOfAListLeftOutIsNotExplainedAsTyped() {
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      // objects: their elements cost what a list of objects costs each (a list of scalars costs
      // its lengths' repetition levels, nothing here)
      rows.add(arr(obj("a", str("unique-" + i + "-a")), obj("a", str("unique-" + i + "-b"))));
    }
    InferenceResult r = infer(rows);
    assertEquals("variant", r.plan().print(), r.explanation().format());
    Explanation.Decision list = r.explanation().decision("$");
    Explanation.Decision element = r.explanation().decision("$[*]");
    assertFalse(list.typed(), list.toString());
    assertTrue(list.reason().startsWith("array as [object]: costs"), list.reason());
    assertFalse(element.typed(), element.toString());
  }

  @Test
  void aFamilyUnderAGivenDominanceIsNeverTyped() {
    Random rnd = new Random(5);
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      Model price = rnd.nextInt(100) < 85 ? integer(rnd.nextInt(1_000_000)) : str("n/a " + i);
      rows.add(obj("id", integer(i), "price", price));
    }
    InferenceResult r =
        PlanInference.infer(Values.variants(rows), InferenceOptions.defaults().withDominance(0.9));
    assertEquals("{\"id\": int64}", r.plan().print());
    Explanation.Decision price = r.explanation().decision("$.price");
    assertFalse(price.typed(), price.toString());
    assertTrue(price.reason().contains("90%"), price.reason());
  }
}
