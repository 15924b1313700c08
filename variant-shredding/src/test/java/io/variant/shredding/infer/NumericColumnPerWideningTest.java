// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import static io.variant.shredding.testkit.Values.dec;
import static io.variant.shredding.testkit.Values.integer;
import static io.variant.shredding.testkit.Values.times;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.shredding.NumericWidening;
import io.variant.testkit.Model;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The integer or decimal column inference picks for the widening the plan will be written with:
 * lossless widening takes every number into one column; same-scale widening only the numbers of the
 * column's scale, so the column gets the scale most values have; strict widening only those of its
 * Variant type and scale. The typed count of the coverage report says how many sampled values the
 * column takes.
 */
class NumericColumnPerWideningTest {
  private static final InferenceOptions RULES = PlanInferenceTest.RULES;

  /** Prices as JSON writers print them: 6 with two decimals, 3 with one, 1 whole. */
  private static final List<Model> PRICES =
      PlanInferenceTest.concat(
          times(6, dec("12.25")), times(3, dec("174.2")), times(1, integer(3)));

  private static void assertColumn(
      String type, long typed, List<Model> rows, InferenceOptions options) {
    InferenceResult r = PlanInferenceTest.infer(rows, options);
    assertEquals(type, r.plan().print(), options.widening().toString());
    assertEquals(typed, r.coverage().row("$").typed(), options.widening() + ": typed values");
  }

  @Test
  void losslessTakesEveryPriceAtTheLargestScale() {
    assertColumn("decimal(5,2)", 10, PRICES, RULES);
  }

  @Test
  void sameScaleTakesThePricesOfTheMostCommonScale() {
    assertColumn("decimal(4,2)", 6, PRICES, RULES.withWidening(NumericWidening.SAME_SCALE));
  }

  @Test
  void strictTakesThePricesOfTheMostCommonTypeAndScale() {
    assertColumn("decimal(9,2)", 6, PRICES, RULES.withWidening(NumericWidening.STRICT));
  }

  @Test
  void valuesOfOneScaleKeepItUnderEveryWidening() {
    List<Model> rows = PlanInferenceTest.concat(times(4, dec("174.2")), times(4, dec("0.5")));
    assertColumn("decimal(4,1)", 8, rows, RULES);
    assertColumn("decimal(4,1)", 8, rows, RULES.withWidening(NumericWidening.SAME_SCALE));
    // strict: the column of the values' own width, decimal4 (precision 9)
    assertColumn("decimal(9,1)", 8, rows, RULES.withWidening(NumericWidening.STRICT));
  }

  @Test
  void sameScaleTakesIntegersOfAnyWidthStrictOnlyTheMostCommonWidth() {
    List<Model> rows =
        PlanInferenceTest.concat(
            times(3, integer(7)), times(5, integer(300)), times(1, dec("1.5")));
    assertColumn("int16", 8, rows, RULES.withWidening(NumericWidening.SAME_SCALE));
    assertColumn("int16", 5, rows, RULES.withWidening(NumericWidening.STRICT));
    assertColumn("decimal(4,1)", 9, rows, RULES);
  }

  @Test
  void sameScaleWidensTheColumnOfTheChosenScaleForTheFile() {
    InferenceOptions file =
        InferenceOptions.defaults()
            .withSelection(Selection.PRESENCE)
            .withMinPresence(0.10)
            .withWidening(NumericWidening.SAME_SCALE);
    assertColumn("decimal(9,2)", 6, PRICES, file);
  }
}
