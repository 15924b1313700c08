// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.variant.testkit.Trials;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link FixedDictionaryBuilder#appendDecimal(VariantType, int, int, long, long)} (an unscaled
 * 128-bit value, what Parquet readers hold) writes the bytes {@link
 * FixedDictionaryBuilder#appendDecimal(VariantType, BigDecimal)} writes for the same decimal, and
 * fails exactly where the value has more digits than the precision allows or does not fit the type.
 */
class UnscaledDecimalPropertyTest {
  private static final VariantType[] TYPES = {
    VariantType.DECIMAL4, VariantType.DECIMAL8, VariantType.DECIMAL16
  };

  @Test
  void unscaledDecimalsEncodeAsTheirBigDecimals() {
    VariantMetadata empty = VariantMetadata.of(new byte[] {1, 0, 0});
    Trials.run(
        "unscaledDecimals",
        rnd -> {
          BigInteger unscaled = unscaled(rnd);
          int scale = rnd.nextInt(39);
          int precision = rnd.nextInt(39);
          VariantType t = TYPES[rnd.nextInt(TYPES.length)];
          long high = unscaled.shiftRight(64).longValue();
          long low = unscaled.longValue();
          FixedDictionaryBuilder b = new FixedDictionaryBuilder(Limits.defaults());
          b.start(empty);
          BigDecimal d = new BigDecimal(unscaled, scale);
          boolean digitsFit =
              (unscaled.signum() == 0 ? 0 : unscaled.abs().toString().length()) <= precision;
          byte[] want;
          try {
            want = b.appendDecimal(t, d).build().valueBytes();
          } catch (IllegalArgumentException e) {
            want = null;
          }
          b.start(empty);
          String at = unscaled + " scale " + scale + " precision " + precision + " " + t;
          if (want == null || !digitsFit) {
            assertThrows(
                IllegalArgumentException.class,
                () -> b.appendDecimal(t, precision, scale, high, low),
                at);
          } else {
            assertArrayEquals(
                want, b.appendDecimal(t, precision, scale, high, low).build().valueBytes(), at);
          }
        });
  }

  /** Integers of 0 to 38 digits, both signs, and the 128-bit extremes. */
  private static BigInteger unscaled(Random rnd) {
    if (rnd.nextInt(20) == 0) {
      BigInteger two127 = BigInteger.ONE.shiftLeft(127);
      return rnd.nextBoolean() ? two127.negate() : two127.subtract(BigInteger.ONE);
    }
    int digits = rnd.nextInt(39); // up to 38: wider ones do not fit 128 bits
    BigInteger v = BigInteger.ZERO;
    for (int i = 0; i < digits; i++) {
      v = v.multiply(BigInteger.TEN).add(BigInteger.valueOf(rnd.nextInt(10)));
    }
    return rnd.nextBoolean() ? v.negate() : v;
  }
}
