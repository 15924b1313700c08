// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import static io.variant.shredding.testkit.Values.arr;
import static io.variant.shredding.testkit.Values.dec;
import static io.variant.shredding.testkit.Values.integer;
import static io.variant.shredding.testkit.Values.obj;
import static io.variant.shredding.testkit.Values.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.testkit.Values;
import io.variant.testkit.Model;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Lists of scalars under the cost model: a list costs the repetition levels of its lengths, not a
 * charge per element; strings among other elements gain what strings among sibling fields gain, and
 * fixed-width values in a list gain nothing.
 */
class ScalarListCostTest {
  private static InferenceResult infer(List<Model> rows) {
    PlanInference inference = PlanInference.create(InferenceOptions.defaults());
    Values.variants(rows).forEach(inference::add);
    return inference.result();
  }

  /**
   * Rows that are lists of 6 or 7 product strings with a price among them: shredded as a list,
   * whose elements stay untyped (measured on rows of this shape: 51,043 B as {@code [variant]},
   * 51,293 B as {@code [string]}, 57,790 B unshredded).
   */
  @Test
  void productRowsThatAreListsOfStringsAreShreddedAsLists() {
    Random r = new Random(792);
    String[] words = {"steel", "oak", "linen", "smart", "mini", "pro", "travel", "kitchen"};
    String[] nouns = {"lamp", "chair", "mug", "kettle", "backpack", "tent", "bottle", "rug"};
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      List<Model> cells = new ArrayList<>();
      cells.add(
          str(
              words[r.nextInt(words.length)]
                  + " "
                  + nouns[r.nextInt(nouns.length)]
                  + (r.nextBoolean() ? " " + (100 + r.nextInt(9900)) : "")));
      cells.add(str("cat" + r.nextInt(8)));
      cells.add(dec(String.format(Locale.ROOT, "%d.%02d", 1 + r.nextInt(300), r.nextInt(100))));
      cells.add(str(String.format(Locale.ROOT, "SKU-%06d", 10_000 + i * 7 + r.nextInt(7))));
      cells.add(str("colour" + r.nextInt(6)));
      if (r.nextBoolean()) {
        cells.add(integer(r.nextInt(1000)));
      }
      cells.add(str(r.nextInt(5) == 0 ? "out of stock" : "in stock"));
      rows.add(arr(cells.toArray(new Model[0])));
    }

    InferenceResult result = infer(rows);

    assertEquals(ShreddingPlan.parse("[variant]"), result.plan(), result.explanation().format());
    String why = result.explanation().decision("$").reason();
    assertTrue(why.contains("repetition levels"), why);
    assertTrue(why.contains("also weighed: [string] saves"), why);
  }

  /** Pairs of small integers: in the residual each costs a header byte and an even offset. */
  @Test
  void pairsOfSmallIntegersStayInTheResidual() {
    Random r = new Random(5);
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      rows.add(
          obj(
              "helpful",
              arr(integer(r.nextInt(20)), integer(r.nextInt(40))),
              "name",
              str("reviewer " + r.nextInt(100_000))));
    }

    InferenceResult result = infer(rows);

    Explanation.Decision helpful = result.explanation().decision("$.helpful");
    assertFalse(helpful.typed(), result.explanation().format());
    Explanation.Decision element = result.explanation().decision("$.helpful[*]");
    assertEquals(0.0, element.estimate().gainPerValue(), 1e-9, element.toString());
  }

  /**
   * A list is typed only when it saves more than nothing, either way. 250 lists of 2 or 3 distinct
   * strings (half each), 625 in all. Typed: the element column saves 625 × 0.5 − 490 B of chunks =
   * -178 B, the lengths' 1 bit costs 2 columns × 250 × 0.22 B = 110 B of repetition levels, and the
   * elements gain 625 × 0.35 B out of the array value: -69 B. Untyped: 55 B of repetition levels
   * and 245 B of chunk against the same 219 B: -81 B. (A field of four values in every row saves 10
   * B, so that the root object is typed either way.)
   */
  @Test
  void aListThatSavesNothingEitherWayStaysInTheResidual() {
    InferenceResult even = infer(listsOfStrings(26));
    assertEquals("{\"kind\": string}", even.plan().print(), even.explanation().format());
    assertEquals(
        "array as [string]: costs 69 B: leaves -178 B - repetition levels 110 B (250 lists, 1.00"
            + " bits of length each, 2 columns) + 625 elements x 0.35 B; also weighed: [variant]"
            + " costs 81 B",
        even.explanation().decision("$.l").reason());
  }

  /** 250 rows {"kind": ..., "l": [...]}, l of 2 or 3 distinct strings of {@code chars} chars. */
  private static List<Model> listsOfStrings(int chars) {
    List<Model> rows = new ArrayList<>();
    int k = 0;
    for (int i = 0; i < 250; i++) {
      Model[] cells = new Model[2 + i % 2];
      for (int j = 0; j < cells.length; j++) {
        cells[j] = str(String.format(Locale.ROOT, "%0" + chars + "d", k++));
      }
      rows.add(obj("kind", str("k" + i % 4), "l", arr(cells)));
    }
    return rows;
  }

  /**
   * A list that saves nothing beside a family that pays is explained as left out, with its terms.
   * 2,200 rows: in 1,800 "l" is one of four strings (typed: they pay), in 400 a list of 4 or 5
   * distinct strings (half each), 1,800 elements. Half the element column's 3,600 entries are rows
   * without a list, so its levels cost 1 bit an entry in each column.
   */
  @Test
  void aListThatSavesNothingBesideAFamilyThatPaysIsExplainedAsLeftOut() {
    List<Model> rows = new ArrayList<>();
    int k = 0;
    for (int i = 0; i < 2200; i++) {
      if (i % 11 < 9) {
        rows.add(obj("l", str("s" + i % 4)));
      } else {
        Model[] cells = new Model[4 + i % 2];
        for (int j = 0; j < cells.length; j++) {
          cells[j] = str(String.format(Locale.ROOT, "%024d", k++));
        }
        rows.add(obj("l", arr(cells)));
      }
    }
    InferenceResult r = infer(rows);
    assertEquals("{\"l\": string}", r.plan().print(), r.explanation().format());
    String reason = r.explanation().decision("$.l").reason();
    assertTrue(
        reason.endsWith(
            "; also weighed (the type whose own values save most is typed; string's 2448 B):"
                + " array as [variant]: costs 495 B: leaves 0 B - repetition levels 88 B (400"
                + " lists, 1.00 bits of length each, 1 column) - levels 792 B - chunk 245 B + 1800"
                + " elements x 0.35 B; also weighed: [string] costs 720 B"),
        reason);
  }
}
