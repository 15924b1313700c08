// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.testkit.Trials;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/**
 * {@link DecimalWidth#toString(long, long)} writes any 128-bit two's complement value in decimal;
 * {@link DecimalWidth#typeFor(long, int)} picks the width that counting digits picks.
 */
class DecimalWidthTest {
  @Test
  void theWidthOfALongDecimalIsTheWidthOfItsDigits() {
    long[] edges = {
      0,
      1,
      -1,
      999_999_999L,
      1_000_000_000L,
      -999_999_999L,
      -1_000_000_000L,
      999_999_999_999_999_999L,
      1_000_000_000_000_000_000L,
      -999_999_999_999_999_999L,
      -1_000_000_000_000_000_000L,
      Long.MAX_VALUE,
      Long.MIN_VALUE,
      Long.MIN_VALUE + 1
    };
    for (long unscaled : edges) {
      for (int scale = 0; scale <= 38; scale++) {
        checkWidth(unscaled, scale);
      }
    }
    Trials.run(
        "theWidthOfALongDecimalIsTheWidthOfItsDigits",
        rnd -> {
          long unscaled = rnd.nextLong() >> rnd.nextInt(64); // all magnitudes
          checkWidth(unscaled, rnd.nextInt(39));
        });
  }

  private static void checkWidth(long unscaled, int scale) {
    int digits = Math.max(BigInteger.valueOf(unscaled).abs().toString().length(), scale);
    assertEquals(
        DecimalWidth.typeFor(digits),
        DecimalWidth.typeFor(unscaled, scale),
        unscaled + " scale " + scale);
  }

  @Test
  void a128BitValueReadsAsItsBigInteger() {
    Trials.run(
        "a128BitValueReadsAsItsBigInteger",
        rnd -> {
          long high = rnd.nextBoolean() ? rnd.nextLong() : rnd.nextInt(3) - 1;
          long low = rnd.nextLong();
          BigInteger expected =
              BigInteger.valueOf(high)
                  .shiftLeft(64)
                  .add(new BigInteger(Long.toUnsignedString(low)));
          assertEquals(expected.toString(), DecimalWidth.toString(high, low));
        });
    assertEquals("-1", DecimalWidth.toString(-1, -1));
    assertEquals("18446744073709551615", DecimalWidth.toString(0, -1));
    assertEquals(
        BigInteger.ONE.shiftLeft(127).negate().toString(),
        DecimalWidth.toString(Long.MIN_VALUE, 0));
  }
}
