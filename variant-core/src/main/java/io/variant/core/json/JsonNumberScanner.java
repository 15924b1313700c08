// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import io.variant.core.VariantBuilder;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigDecimal;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * The number scanning of {@link JsonBytesParser}: one JSON number from UTF-8 bytes straight into a
 * {@link VariantBuilder}, by the rules of {@link JsonToVariant}. Integers become the smallest
 * integer type, fractions without exponent decimals (a negative zero the double -0.0), exponents
 * doubles; what only the jackson path takes exactly is declined. Digits are read 8 bytes at a time
 * (SWAR), scanned and converted in one step.
 *
 * <p>Not thread-safe; one instance per {@link JsonBytesParser}.
 */
final class JsonNumberScanner {
  /** Digits that always fit a long. */
  private static final int MAX_LONG_DIGITS = 18;

  /**
   * Digits (max of precision and scale) a decimal16 holds. spec: VariantEncoding §Encoding types
   */
  private static final int MAX_DECIMAL_DIGITS = 38;

  /** Significant digits that always make an exact double (below 2^53). */
  private static final int MAX_EXACT_DIGITS = 15;

  /** The largest power of ten that is an exact double. */
  private static final int MAX_EXACT_POWER = 22;

  private static final double[] EXACT_POWERS_OF_TEN = new double[MAX_EXACT_POWER + 1];
  private static final long[] POWERS_OF_TEN = new long[MAX_LONG_DIGITS + 1];

  static {
    double d = 1;
    for (int i = 0; i <= MAX_EXACT_POWER; i++, d *= 10) {
      EXACT_POWERS_OF_TEN[i] = d;
    }
    long l = 1;
    for (int i = 0; i <= MAX_LONG_DIGITS; i++, l *= 10) {
      POWERS_OF_TEN[i] = l;
    }
  }

  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private long digitsValue; // the value of the digits the last digits() call read

  /**
   * Appends the number that starts at {@code b[start]} (a minus sign or a digit, else it declines)
   * and ends before {@code end} to {@code out}.
   *
   * @return the position after the number, or -1 if the jackson path must take it
   */
  int scan(byte[] b, int start, int end, VariantBuilder out) {
    int p = start;
    boolean negative = b[p] == '-';
    if (negative) {
      p++;
    }
    if (p >= end) {
      return -1;
    }
    long unscaled = 0;
    int digits;
    if (b[p] == '0') {
      p++;
      digits = 1;
    } else if (b[p] >= '1' && b[p] <= '9') {
      int q = digits(b, p, end, 0);
      unscaled = digitsValue;
      digits = q - p;
      p = q;
    } else {
      return -1;
    }
    int scale = 0;
    if (p < end && b[p] == '.') {
      p++;
      int q = digits(b, p, end, unscaled);
      scale = q - p;
      if (scale == 0) {
        return -1;
      }
      unscaled = digitsValue;
      digits += scale;
      p = q;
    }
    if (p < end && (b[p] == 'e' || b[p] == 'E')) {
      return exponent(b, start, p, end, out, negative, unscaled, digits, scale);
    }
    if (digits > MAX_LONG_DIGITS || (negative && unscaled == 0 && scale > 0)) {
      // long, or a negative zero (-0.0)
      return longLiteral(b, start, p, scale == 0, out) ? p : -1;
    }
    long v = negative ? -unscaled : unscaled;
    if (scale == 0) {
      out.appendLong(v);
    } else {
      out.appendDecimal(v, scale);
    }
    return p;
  }

  /**
   * How many of the 8 bytes of {@code w} (first byte lowest) are digits before the first non-digit.
   * A byte is a digit if its high nibble is 3 and adding 6 keeps it 3; a carry out of that addition
   * only reaches later bytes, so the lowest non-digit found is exact.
   */
  static int leadingDigits(long w) {
    long nonDigit =
        ((w & 0xF0F0F0F0F0F0F0F0L) ^ 0x3030303030303030L)
            | (((w + 0x0606060606060606L) & 0xF0F0F0F0F0F0F0F0L) ^ 0x3030303030303030L);
    return Long.numberOfTrailingZeros(nonDigit) >>> 3;
  }

  /**
   * Reads the ASCII digits from {@code p} on and returns the position after them, leaving {@code
   * acc} × 10^n plus their value in {@link #digitsValue} (n digits; it wraps around past 18 digits
   * in all, which callers detect by counting digits). One pass, 8 bytes at a time: each word is
   * scanned and converted at once (a scan, then a conversion, took 13% of {@code parse(String)}).
   */
  private int digits(byte[] b, int p, int end, long acc) {
    while (p + 8 <= end) {
      long w = (long) LONGS.get(b, p);
      int n = leadingDigits(w);
      if (n < 8) {
        if (n > 0) {
          // The n digits in the high bytes, zeros (digit 0) below: the same 8-digit conversion. A
          // borrow from the non-digits only runs into the bytes the shift drops.
          acc =
              acc * POWERS_OF_TEN[n] + eightDigitValues((w - 0x3030303030303030L) << (8 * (8 - n)));
        }
        digitsValue = acc;
        return p + n;
      }
      acc = acc * 100_000_000L + eightDigits(w);
      p += 8;
    }
    while (p < end && b[p] >= '0' && b[p] <= '9') {
      acc = acc * 10 + (b[p++] - '0');
    }
    digitsValue = acc;
    return p;
  }

  /** The value of 8 ASCII digits, the first in the lowest byte. */
  static long eightDigits(long w) {
    return eightDigitValues(w - 0x3030303030303030L);
  }

  /** The value of 8 digit values 0-9, one per byte, the most significant in the lowest byte. */
  private static long eightDigitValues(long v) {
    v = v * 10 + (v >>> 8); // pairs of digits, in every other byte
    long pairs = 0x000000FF000000FFL;
    return (((v & pairs) * (100 + (1_000_000L << 32)))
            + (((v >>> 16) & pairs) * (1 + (10_000L << 32))))
        >>> 32;
  }

  /**
   * A literal of more than 18 digits or a negative zero, the rules of {@link JsonToVariant}: an
   * integer that fits int64 is one, a negative zero with a fraction the double -0.0, otherwise a
   * decimal if max(precision, scale) is at most 38, else a double.
   *
   * @return false if it is out of the double range (the jackson path reports it)
   */
  private static boolean longLiteral(
      byte[] b, int start, int p, boolean integer, VariantBuilder out) {
    BigDecimal v = new BigDecimal(new String(b, start, p - start, StandardCharsets.ISO_8859_1));
    if (integer && v.unscaledValue().bitLength() <= 63) {
      out.appendLong(v.longValue());
    } else if (!integer && v.signum() == 0 && b[start] == '-') {
      out.appendDouble(-0.0); // as in scan(): a negative zero keeps its sign as a double
    } else if (Math.max(v.precision(), v.scale()) <= MAX_DECIMAL_DIGITS) {
      out.appendDecimal(v);
    } else {
      double d = v.doubleValue();
      if (Double.isInfinite(d) || (d == 0 && v.signum() != 0)) {
        return false; // out of the double range at either end: the jackson path reports it
      }
      out.appendDouble(d);
    }
    return true;
  }

  /**
   * A literal with an exponent, from {@code start}; {@code p} is at the 'e'. Exact without a String
   * where the digits and the power of ten are both exact doubles (at most 15 significant digits,
   * |power| at most 22): one multiplication or division then rounds once, correctly.
   *
   * @return the position after the literal, or -1 for the jackson path
   */
  private int exponent(
      byte[] b,
      int start,
      int p,
      int end,
      VariantBuilder out,
      boolean negative,
      long unscaled,
      int digits,
      int scale) {
    p++;
    boolean negativeExponent = false;
    if (p < end && (b[p] == '+' || b[p] == '-')) {
      negativeExponent = b[p] == '-';
      p++;
    }
    int expStart = p;
    p = digits(b, p, end, 0);
    int run = p - expStart;
    if (run == 0) {
      return -1;
    }
    double d;
    if (digits <= MAX_EXACT_DIGITS && run <= 3) {
      int e = (int) digitsValue;
      int power = (negativeExponent ? -e : e) - scale;
      if (power >= -MAX_EXACT_POWER && power <= MAX_EXACT_POWER) {
        d =
            power >= 0
                ? unscaled * EXACT_POWERS_OF_TEN[power]
                : unscaled / EXACT_POWERS_OF_TEN[-power];
        out.appendDouble(negative ? -d : d);
        return p;
      }
    }
    String literal = new String(b, start, p - start, StandardCharsets.ISO_8859_1);
    d = Double.parseDouble(literal);
    if (Double.isInfinite(d) || (d == 0 && JsonToVariant.hasNonZeroDigit(literal))) {
      return -1; // out of the double range at either end: the jackson path reports it
    }
    out.appendDouble(d);
    return p;
  }
}
