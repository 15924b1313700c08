// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Random;

/**
 * Random numbers as JSON text in every notation a writer uses: integers, plain decimals, exponents
 * with {@code e} or {@code E}, signed or not, with leading zeros in the exponent ({@code 5e-05}, as
 * Python writes) or an integer mantissa ({@code 12345e-3}); tiny, huge and negative ones.
 */
final class NumberText {
  private NumberText() {}

  /**
   * A number around {@code sign * 10^magnitude} of 1 to 20 significant digits, or now and then a
   * zero.
   */
  static String random(Random rnd, int sign, int magnitude) {
    if (rnd.nextInt(25) == 0) {
      return pick(rnd, "0", "-0", "0.0", "-0.0", "0e0", "-0.0E-3", "0.000");
    }
    return of(rnd, value(rnd, sign, magnitude));
  }

  /** A number around {@code sign * 10^magnitude} with an exponent, so a double when converted. */
  static String exponent(Random rnd, int sign, int magnitude) {
    return scientific(rnd, value(rnd, sign, magnitude));
  }

  /** Not zero: its leading digit stands for 10^magnitude. */
  private static BigDecimal value(Random rnd, int sign, int magnitude) {
    int digits = 1 + rnd.nextInt(rnd.nextBoolean() ? 4 : 20);
    BigInteger unscaled = new BigInteger(digits * 4, rnd).mod(BigInteger.TEN.pow(digits));
    BigDecimal v = new BigDecimal(unscaled.max(BigInteger.ONE), digits - 1 - magnitude);
    return sign < 0 ? v.negate() : v;
  }

  /** {@code v} in a random valid JSON notation, its value exact. */
  static String of(Random rnd, BigDecimal v) {
    if (v.signum() == 0) {
      return pick(rnd, "0", "0.0", "0e0", "0E+5");
    }
    BigDecimal x = rnd.nextBoolean() ? v.stripTrailingZeros() : v;
    return switch (rnd.nextInt(5)) {
      case 0 -> plainOrShort(x);
      case 1 -> x.toString(); // 1.23E+5, 1E-7 or plain
      case 2 -> scientific(rnd, x);
      case 3 -> x.unscaledValue() + (rnd.nextBoolean() ? "e" : "E") + -x.scale();
      default -> x.scale() > 0 && x.scale() <= 40 ? x.toPlainString() : scientific(rnd, x);
    };
  }

  /** Plain digits unless they would run past a few hundred characters. */
  private static String plainOrShort(BigDecimal x) {
    return Math.abs((long) x.scale()) > 320 ? x.toString() : x.toPlainString();
  }

  /** d.ddd followed by e or E, a signed or unsigned exponent, maybe padded to two digits. */
  private static String scientific(Random rnd, BigDecimal x) {
    String digits = x.unscaledValue().abs().toString();
    int exponent = digits.length() - 1 - x.scale();
    String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
    String e = rnd.nextBoolean() ? "e" : "E";
    String sign = exponent < 0 ? "-" : rnd.nextBoolean() ? "+" : "";
    String magnitude = Integer.toString(Math.abs(exponent));
    if (magnitude.length() == 1 && rnd.nextBoolean()) {
      magnitude = "0" + magnitude;
    }
    return (x.signum() < 0 ? "-" : "") + mantissa + e + sign + magnitude;
  }

  private static String pick(Random rnd, String... options) {
    return options[rnd.nextInt(options.length)];
  }
}
