// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.math.BigDecimal;
import java.math.BigInteger;

/** Chooses decimal widths: by max(precision, scale), so that Spark's reader accepts them too. */
final class DecimalWidth {
  private DecimalWidth() {}

  /** Digits a decimal needs: max(precision, scale), with the precision of 0 being 1. */
  static int digits(BigDecimal value) {
    if (value.scale() < 0) {
      throw new IllegalArgumentException(
          "Cannot append decimal " + value + ": negative scale; use setScale(0)");
    }
    return Math.max(precision(value.unscaledValue()), value.scale());
  }

  static int precision(BigInteger unscaled) {
    return unscaled.signum() == 0 ? 1 : new BigDecimal(unscaled).precision();
  }

  private static final long[] POWERS_OF_TEN = new long[19];

  static {
    long p = 1;
    for (int i = 0; i < POWERS_OF_TEN.length; i++, p *= 10) {
      POWERS_OF_TEN[i] = p;
    }
  }

  /** Digits of an unscaled long (1 for 0). */
  static int precision(long unscaled) {
    if (unscaled == Long.MIN_VALUE) {
      return 19;
    }
    long a = Math.abs(unscaled);
    // log10 from the bit length (1233 / 4096 is just above log10(2)), then one correction.
    int t = ((64 - Long.numberOfLeadingZeros(a)) * 1233) >>> 12;
    int digits = t + (a >= POWERS_OF_TEN[t] ? 1 : 0);
    return Math.max(digits, 1);
  }

  /** 10^d for d in [0, 38], as 128-bit two's complement {high, low}. */
  private static final long[][] POWERS_OF_TEN_128 = new long[Layout.MAX_DECIMAL_PRECISION + 1][];

  static {
    for (int d = 0; d < POWERS_OF_TEN_128.length; d++) {
      BigInteger p = BigInteger.TEN.pow(d);
      POWERS_OF_TEN_128[d] = new long[] {p.shiftRight(64).longValue(), p.longValue()};
    }
  }

  /**
   * True if the 128-bit two's complement integer {@code high}:{@code low} has at most {@code
   * digits} (0 to 38) digits: its magnitude is below 10^digits.
   */
  static boolean fits(long high, long low, int digits) {
    if (high == (low >> 63)) { // a long: compare with 10^digits as a long (below 2^63 to 18)
      return digits >= 19 || (low > -POWERS_OF_TEN[digits] && low < POWERS_OF_TEN[digits]);
    }
    if (high < 0) { // the magnitude: negate; -2^127 stays negative and has 39 digits
      low = -low;
      high = ~high + (low == 0 ? 1 : 0);
      if (high < 0) {
        return false;
      }
    }
    long[] p = POWERS_OF_TEN_128[digits];
    return high < p[0] || (high == p[0] && Long.compareUnsigned(low, p[1]) < 0);
  }

  /**
   * True if a decimal of {@code scale} and {@code unscaled} value can be stored as {@code t}: a
   * decimal type, a scale in [0, 38], at most 38 digits, and an unscaled value that fits {@code
   * t}'s width.
   */
  static boolean storable(VariantType t, int scale, BigInteger unscaled) {
    int w = t.isDecimal() ? t.fixedPayloadSize() - 1 : 0;
    return w > 0
        && scale >= 0
        && scale <= Layout.MAX_DECIMAL_PRECISION
        && unscaled.bitLength() <= 8 * w - 1
        // below 2^126 a value has at most 38 digits: count them only above
        && (unscaled.bitLength() <= 126 || precision(unscaled) <= Layout.MAX_DECIMAL_PRECISION);
  }

  /**
   * {@link #storable(VariantType, int, BigInteger)} for the unscaled value {@code high}:{@code low}
   * (128-bit two's complement) of at most {@code precision} digits (0 to 38).
   */
  static boolean storable(VariantType t, int precision, int scale, long high, long low) {
    boolean isLong = high == (low >> 63);
    int w = t.isDecimal() ? t.fixedPayloadSize() - 1 : 0;
    return w > 0
        && scale >= 0
        && scale <= Layout.MAX_DECIMAL_PRECISION
        && precision >= 0
        && precision <= Layout.MAX_DECIMAL_PRECISION
        && fits(high, low, precision)
        && (w != 4 || (isLong && low == (int) low))
        && (w != 8 || isLong);
  }

  /**
   * {@code typeFor(max(precision(unscaled), scale))} for a scale in [0, 38], without counting
   * digits: max(precision, scale) is at most 9 exactly when the magnitude is below 10^9 and the
   * scale at most 9, and likewise for 18. Two comparisons per width where counting took a log; the
   * JSON parser appends one decimal per literal with a fraction.
   */
  static VariantType typeFor(long unscaled, int scale) {
    if (scale <= 9 && unscaled > -POWERS_OF_TEN[9] && unscaled < POWERS_OF_TEN[9]) {
      return VariantType.DECIMAL4;
    }
    if (scale <= 18 && unscaled > -POWERS_OF_TEN[18] && unscaled < POWERS_OF_TEN[18]) {
      return VariantType.DECIMAL8;
    }
    return VariantType.DECIMAL16; // a long has at most 19 digits
  }

  /** DECIMAL4 up to 9 digits, DECIMAL8 up to 18, DECIMAL16 up to 38. */
  static VariantType typeFor(int digits) {
    if (digits <= 9) {
      return VariantType.DECIMAL4;
    }
    if (digits <= 18) {
      return VariantType.DECIMAL8;
    }
    if (digits <= Layout.MAX_DECIMAL_PRECISION) {
      return VariantType.DECIMAL16;
    }
    throw new IllegalArgumentException(
        "Cannot append a decimal of " + digits + " digits: the maximum is 38");
  }

  /** The 128-bit two's complement integer {@code high}:{@code low} in decimal, for messages. */
  static String toString(long high, long low) {
    if (high == (low >> 63)) {
      return Long.toString(low);
    }
    BigInteger unsignedLow =
        BigInteger.valueOf(low >>> 1).shiftLeft(1).or(BigInteger.valueOf(low & 1));
    return BigInteger.valueOf(high).shiftLeft(64).or(unsignedLow).toString();
  }
}
