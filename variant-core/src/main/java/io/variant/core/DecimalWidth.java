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
}
