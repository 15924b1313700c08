// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantType;
import io.variant.shredding.NumericWidening;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/**
 * {@link ExactNumericRange} at its bounds: when a path grows, which column each widening mode
 * chooses (ties included) and how many values it takes, and the headroom of a file-wide decimal.
 */
class ExactNumericRangeTest {
  private static Variant integer(VariantType t, long x) {
    return new VariantBuilder().appendInteger(t, x).build();
  }

  private static Variant decimal(VariantType t, String d) {
    return new VariantBuilder().appendDecimal(t, new BigDecimal(d)).build();
  }

  private static ExactNumericRange ints(long... values) {
    ExactNumericRange r = new ExactNumericRange();
    for (long x : values) {
      r.add(integer(VariantType.INT64, x));
    }
    return r;
  }

  private static String column(ExactNumericRange r, NumericWidening mode) {
    ExactNumericRange.Column c = r.column(TypeWidth.SAMPLE, null, mode);
    return c == null ? null : c.type() + " takes " + c.typed();
  }

  @Test
  void growthNeedsEightPairsNinetyPercentNotDecreasingAndHalfIncreasing() {
    assertFalse(ints(1, 2, 3, 4, 5, 6, 7, 8).grows(), "7 pairs");
    assertTrue(ints(1, 2, 3, 4, 5, 6, 7, 8, 9).grows(), "8 pairs, all increasing");
    assertTrue(ints(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0).grows(), "9 of 10 pairs not decreasing");
    assertFalse(ints(0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 0).grows(), "8 of 10 pairs not decreasing");
    assertTrue(ints(1, 1, 2, 2, 3, 3, 4, 4, 5).grows(), "4 of 8 pairs increasing, 4 equal");
    assertFalse(ints(1, 1, 1, 2, 2, 2, 3, 3, 3).grows(), "2 of 8 pairs increasing");
  }

  @Test
  void sameScaleTakesTheScaleMostValuesHaveTheSmallerOnATie() {
    ExactNumericRange r = new ExactNumericRange();
    r.add(decimal(VariantType.DECIMAL4, "1.5"));
    r.add(decimal(VariantType.DECIMAL4, "2.5"));
    r.add(decimal(VariantType.DECIMAL4, "1.25"));
    r.add(decimal(VariantType.DECIMAL4, "2.25"));
    assertEquals("decimal(2,1) takes 2", column(r, NumericWidening.SAME_SCALE));
    r.add(decimal(VariantType.DECIMAL4, "3.25"));
    assertEquals("decimal(3,2) takes 3", column(r, NumericWidening.SAME_SCALE));
  }

  @Test
  void integersAndScaleZeroDecimalsCountTogether() {
    ExactNumericRange r = new ExactNumericRange();
    r.add(integer(VariantType.INT16, 12345));
    r.add(integer(VariantType.INT8, 1));
    r.add(decimal(VariantType.DECIMAL4, "7"));
    r.add(decimal(VariantType.DECIMAL4, "0.5"));
    r.add(decimal(VariantType.DECIMAL4, "0.25"));
    r.add(decimal(VariantType.DECIMAL4, "0.75"));
    // scale 0: two integers and one decimal, 3 values; scale 2: 2; the integers' digits count
    assertEquals("decimal(5,0) takes 3", column(r, NumericWidening.SAME_SCALE));
  }

  @Test
  void scaleZeroDecimalsWithoutIntegersNeedOnlyTheirOwnDigits() {
    ExactNumericRange r = new ExactNumericRange();
    r.add(decimal(VariantType.DECIMAL4, "7"));
    r.add(decimal(VariantType.DECIMAL4, "-42"));
    assertEquals("decimal(2,0) takes 2", column(r, NumericWidening.SAME_SCALE));
  }

  @Test
  void integersAheadOfDecimalsOfOtherScalesGiveAnIntegerColumn() {
    ExactNumericRange r = ints(1, 2, 3);
    assertEquals("int8 takes 3", column(r, NumericWidening.SAME_SCALE));
    r.add(decimal(VariantType.DECIMAL4, "0.25"));
    assertEquals("int8 takes 3", column(r, NumericWidening.SAME_SCALE));
  }

  @Test
  void thirtyEightDigitsStillMakeAColumn() {
    ExactNumericRange r = new ExactNumericRange();
    r.add(decimal(VariantType.DECIMAL16, "1" + "0".repeat(37)));
    assertEquals("decimal(38,0) takes 1", column(r, NumericWidening.SAME_SCALE));
    assertEquals("decimal(38,0) takes 1", column(r, NumericWidening.LOSSLESS));
  }

  @Test
  void strictTakesTheMostCommonTypeTheNarrowerOnATie() {
    ExactNumericRange r = new ExactNumericRange();
    r.add(integer(VariantType.INT16, 1));
    r.add(integer(VariantType.INT8, 1));
    assertEquals("int8 takes 1", column(r, NumericWidening.STRICT));
    r.add(decimal(VariantType.DECIMAL4, "1.5"));
    assertEquals("int8 takes 1", column(r, NumericWidening.STRICT), "an int before a decimal");
    r.add(decimal(VariantType.DECIMAL8, "2.5"));
    r.add(decimal(VariantType.DECIMAL8, "3.5"));
    assertEquals("decimal(18,1) takes 2", column(r, NumericWidening.STRICT));
    r.add(decimal(VariantType.DECIMAL4, "4.5"));
    assertEquals("decimal(9,1) takes 2", column(r, NumericWidening.STRICT), "decimal4 first");
  }

  @Test
  void strictTakesADecimalWhoseScaleIsItsWholePrecision() {
    ExactNumericRange r = new ExactNumericRange();
    r.add(decimal(VariantType.DECIMAL4, "0.123456789"));
    assertEquals("decimal(9,9) takes 1", column(r, NumericWidening.STRICT));
  }

  @Test
  void fileWidthAddsThreeDigitsUpToTheNextStoredWidth() {
    assertEquals("decimal(9,2)", fileWide("1234.56")); // 6 digits + 3 = 9: INT32
    assertEquals("decimal(18,2)", fileWide("1234567.89")); // 9 + 3 = 12: INT64
    assertEquals("decimal(18,2)", fileWide("1234567890123.45")); // 15 + 3 = 18: INT64
    assertEquals("decimal(38,2)", fileWide("12345678901234.56")); // 16 + 3 = 19: binary
  }

  private static String fileWide(String d) {
    ExactNumericRange r = new ExactNumericRange();
    r.add(decimal(VariantType.DECIMAL16, d));
    return r.type(TypeWidth.FILE, null).toString();
  }

  @Test
  void nothingAddedIsNoColumn() {
    ExactNumericRange r = new ExactNumericRange();
    assertNull(column(r, NumericWidening.SAME_SCALE));
    assertNull(column(r, NumericWidening.STRICT));
    assertNull(r.narrowest());
    assertFalse(r.constant());
  }
}
