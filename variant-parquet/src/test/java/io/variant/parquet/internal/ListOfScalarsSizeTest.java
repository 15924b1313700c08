// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.internal;

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
import java.util.StringJoiner;
import org.junit.jupiter.api.Test;

/**
 * Rows that are lists of scalars of several types: the plan inferred for them, written, is smaller
 * than the plans the cost model chose before it weighed lists with no typed element and integer
 * columns beside decimals ({@code [string]} for tuples, the unshredded layout for ragged rows).
 */
class ListOfScalarsSizeTest {
  private static final String[] WORDS =
      ("the of and to in is that for it as with was on be by this are from at or an have not"
              + " which but all were when we there can more if some will one about how up out them"
              + " then she many so these would other into has her two like him see time could no"
              + " make than first been its who now people my made over did down only way find use"
              + " may water long little very after words called just where most know get through"
              + " back much before go good new write our used me man too any day same right look")
          .split(" ");
  private static final String[] NAMES =
      ("smith johnson williams brown jones garcia miller davis rodriguez martinez hernandez"
              + " lopez gonzalez wilson anderson thomas taylor moore jackson martin lee perez"
              + " thompson white harris sanchez clark ramirez lewis robinson walker young allen"
              + " king wright scott torres nguyen hill flores green adams nelson baker hall rivera")
          .split(" ");

  private static final String[] CATEGORIES = {
    "Electronics", "Home", "Garden", "Toys", "Books", "Sports", "Beauty", "Grocery"
  };

  private static String words(Random r, int n) {
    StringJoiner j = new StringJoiner(" ");
    for (int i = 0; i < n; i++) {
      String w = WORDS[r.nextInt(WORDS.length)];
      j.add(Character.toUpperCase(w.charAt(0)) + w.substring(1));
    }
    return j.toString();
  }

  /**
   * {@code ["SKU-670487", "That Well", "young", "Toys", 139.83, 52, "USD", 1.1, 7623]}: the rating
   * in 70% of rows, the review count in half.
   */
  private static List<Variant> tuples(int n, long seed) {
    Random r = new Random(seed);
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      StringJoiner row = new StringJoiner(", ", "[", "]");
      row.add(String.format(Locale.ROOT, "\"SKU-%06d\"", r.nextInt(1_000_000)));
      row.add("\"" + words(r, 2 + r.nextInt(4)) + "\"");
      row.add("\"" + NAMES[r.nextInt(NAMES.length)] + "\"");
      row.add("\"" + CATEGORIES[r.nextInt(CATEGORIES.length)] + "\"");
      row.add(String.format(Locale.ROOT, "%d.%02d", r.nextInt(999), 1 + r.nextInt(99)));
      row.add(Integer.toString(r.nextInt(501)));
      row.add(new String[] {"\"USD\"", "\"EUR\"", "\"USD\"", "\"GBP\""}[r.nextInt(4)]);
      if (r.nextInt(10) < 7) {
        row.add((1 + r.nextInt(4)) + "." + (1 + r.nextInt(9)));
      }
      if (r.nextBoolean()) {
        row.add(Integer.toString(r.nextInt(20_001)));
      }
      rows.add(VariantJson.parse(row.toString()));
    }
    return rows;
  }

  /** {@code [1867826, "that well 412", "KG", null, 1424, 9674, "like7"]}, 4 to 9 wide. */
  private static List<Variant> ragged(int n, long seed) {
    Random r = new Random(seed);
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      StringJoiner row = new StringJoiner(", ", "[", "]");
      row.add(Integer.toString(1_000_000 + r.nextInt(6_000_000)));
      row.add("\"" + words(r, 2) + " " + r.nextInt(5000) + "\"");
      row.add(new String[] {"\"KG\"", "\"EA\"", "\"L\""}[r.nextInt(3)]);
      int kind = r.nextInt(3);
      row.add(
          kind == 0
              ? "null"
              : kind == 1
                  ? String.format(Locale.ROOT, "%d.%02d", r.nextInt(999), 1 + r.nextInt(99))
                  : "\"" + WORDS[r.nextInt(WORDS.length)] + r.nextInt(100) + "\"");
      for (int j = r.nextInt(5); j > 0; j--) {
        row.add(Integer.toString(r.nextInt(10_000)));
      }
      if (r.nextBoolean()) {
        row.add("\"" + WORDS[r.nextInt(WORDS.length)] + r.nextInt(100) + "\"");
      }
      rows.add(VariantJson.parse(row.toString()));
    }
    return rows;
  }

  @Test
  void tupleRowsAreSmallerThanWithTheirStringsTyped() throws IOException {
    List<Variant> rows = tuples(5000, 41);
    InferenceResult inferred = PlanInference.infer(rows, InferenceOptions.defaults());
    String why = inferred.explanation().format();

    long ours = CheckedPlan.size(rows, inferred.plan());
    long strings = CheckedPlan.size(rows, ShreddingPlan.parse("[string]"));
    long unshredded = CheckedPlan.size(rows, ShreddingPlan.residual());
    assertTrue(ours < strings, "inferred " + ours + " B, [string] " + strings + " B: " + why);
    assertTrue(ours < unshredded, "inferred " + ours + " B, unshredded " + unshredded + " B");
  }

  @Test
  void raggedRowsAreSmallerThanUnshredded() throws IOException {
    List<Variant> rows = ragged(5000, 42);
    InferenceResult inferred = PlanInference.infer(rows, InferenceOptions.defaults());
    String why = inferred.explanation().format();

    long ours = CheckedPlan.size(rows, inferred.plan());
    long unshredded = CheckedPlan.size(rows, ShreddingPlan.residual());
    assertTrue(
        ours < 0.95 * unshredded, "inferred " + ours + " B, unshredded " + unshredded + ": " + why);
  }
}
