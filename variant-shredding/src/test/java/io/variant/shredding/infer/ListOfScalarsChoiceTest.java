// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import static io.variant.shredding.testkit.Values.arr;
import static io.variant.shredding.testkit.Values.dec;
import static io.variant.shredding.testkit.Values.integer;
import static io.variant.shredding.testkit.Values.nul;
import static io.variant.shredding.testkit.Values.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.shredding.ShreddedType;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.testkit.Values;
import io.variant.testkit.Model;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Rows that are lists of scalars of several types: the list with no typed element ({@code
 * [variant]}), integer columns beside decimals, the narrowest decimal column, and strings that a
 * typed column would mix from every position of the list.
 */
class ListOfScalarsChoiceTest {
  private static final String[] WORDS = {
    "that", "well", "young", "user", "should", "value", "feature", "an", "engineer", "like", "token"
  };

  private static InferenceResult infer(List<Model> rows) {
    PlanInference inference = PlanInference.create(InferenceOptions.defaults());
    Values.variants(rows).forEach(inference::add);
    return inference.result();
  }

  private static String words(Random r, int n) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < n; i++) {
      sb.append(i == 0 ? "" : " ").append(WORDS[r.nextInt(WORDS.length)]);
    }
    return sb.toString();
  }

  /**
   * Product rows exported as tuples: {@code ["SKU-670487", "That Well", "Young", "Toys", 139.83,
   * 52, "USD", 1.1, 7623]}. The strings come from five positions into one high-cardinality column,
   * where typed they save less than their levels cost; the elements still save their offsets in the
   * array value, so the list is shredded with no typed element.
   */
  @Test
  void tupleRowsOfHighCardinalityStringsAreShreddedWithoutATypedElement() {
    Random r = new Random(11);
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 4000; i++) {
      List<Model> cells = new ArrayList<>();
      cells.add(str(String.format(Locale.ROOT, "SKU-%06d", r.nextInt(1_000_000))));
      cells.add(str(words(r, 1 + r.nextInt(4))));
      cells.add(str(WORDS[r.nextInt(WORDS.length)] + r.nextInt(300)));
      cells.add(str("cat" + r.nextInt(12)));
      cells.add(dec(String.format(Locale.ROOT, "%d.%02d", 1 + r.nextInt(999), r.nextInt(100))));
      cells.add(integer(r.nextInt(400)));
      cells.add(str(r.nextBoolean() ? "USD" : "EUR"));
      if (r.nextInt(4) > 0) {
        cells.add(dec(String.format(Locale.ROOT, "%d.%d", 1 + r.nextInt(4), r.nextInt(10))));
      }
      if (r.nextInt(3) > 0) {
        cells.add(integer(r.nextInt(10_000)));
      }
      rows.add(arr(cells.toArray(new Model[0])));
    }

    InferenceResult result = infer(rows);

    assertEquals(ShreddingPlan.parse("[variant]"), result.plan(), result.explanation().format());
    String why = result.explanation().decision("$").reason();
    assertTrue(why.startsWith("array as [variant]: saves"), why);
    assertTrue(why.contains("also weighed: [string]"), why);
  }

  /**
   * CSV-like rows: about half integers (an id of 7 digits, then counts), 40% strings, some decimal
   * prices and nulls, of varying width. The integers are weighed on their own, not only folded into
   * a decimal column with the few decimals, and an int32 list saves most.
   */
  @Test
  void raggedRowsWeighTheIntegersOnTheirOwn() {
    Random r = new Random(12);
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 4000; i++) {
      List<Model> cells = new ArrayList<>();
      cells.add(integer(1_000_000 + r.nextInt(6_000_000)));
      cells.add(str(words(r, 2) + " " + r.nextInt(5000)));
      cells.add(str(new String[] {"KG", "EA", "L"}[r.nextInt(3)]));
      int kind = r.nextInt(3);
      cells.add(
          kind == 0
              ? nul()
              : kind == 1
                  ? dec(String.format(Locale.ROOT, "%d.%02d", r.nextInt(999), r.nextInt(100)))
                  : str(words(r, 1) + r.nextInt(100)));
      for (int j = r.nextInt(5); j > 0; j--) {
        cells.add(integer(r.nextInt(10_000)));
      }
      if (r.nextBoolean()) {
        cells.add(str(WORDS[r.nextInt(WORDS.length)] + r.nextInt(100)));
      }
      rows.add(arr(cells.toArray(new Model[0])));
    }

    InferenceResult result = infer(rows);

    assertEquals(ShreddingPlan.parse("[int32]"), result.plan(), result.explanation().format());
  }

  /**
   * Prices of up to 7 digits: the file's width would take decimal(18,2), but the narrowest decimal
   * that holds the sampled values fits 4 bytes, which is weighed too and saves more.
   */
  @Test
  void theNarrowestDecimalOfTheSampleIsWeighedForElements() {
    Random r = new Random(13);
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      rows.add(
          arr(
              dec(String.format(Locale.ROOT, "%d.%02d", r.nextInt(99_999), r.nextInt(100))),
              dec(String.format(Locale.ROOT, "%d.%02d", r.nextInt(999), r.nextInt(100)))));
    }

    InferenceResult result = infer(rows);

    assertEquals(
        ShreddingPlan.array(ShreddingPlan.scalar(ShreddedType.decimal(9, 2))),
        result.plan(),
        result.explanation().format());
    String why = result.explanation().decision("$[*]").reason();
    assertTrue(why.contains("decimal(18,2)"), why);
  }

  /**
   * A string element gains the same whatever the length of its list: unlike an object's field, it
   * has no field id and no siblings' offsets to shed.
   */
  @Test
  void aStringElementGainsTheSameInShortAndLongLists() {
    double[] gains = new double[2];
    int[] lengths = {2, 10};
    for (int k = 0; k < lengths.length; k++) {
      Random r = new Random(14);
      List<Model> rows = new ArrayList<>();
      for (int i = 0; i < 2000; i++) {
        Model[] cells = new Model[lengths[k]];
        for (int j = 0; j < cells.length; j++) {
          cells[j] = str(words(r, 3));
        }
        rows.add(arr(cells));
      }
      Explanation.Decision element = infer(rows).explanation().decision("$[*]");
      gains[k] = element.estimate().gainPerValue();
    }
    assertEquals(gains[0], gains[1], 1e-9);
  }
}
