package io.variant.shredding.infer;

import io.variant.core.Variant;
import io.variant.shredding.ShreddedType;
import java.math.BigDecimal;

/**
 * The range of the exact numeric values (int8 to int64, decimals) seen at one path, and the column
 * that holds them. The narrowest column without loss ({@link TypeWidth#SAMPLE}):
 *
 * <ul>
 *   <li>integers only: the narrowest of int8, int16, int32 and int64 that holds the minimum and
 *       maximum;
 *   <li>any decimal: {@code decimal(P,S)} with S the largest scale seen and P the most integer
 *       digits seen plus S; when P exceeds 38 no column holds them all.
 * </ul>
 *
 * {@link TypeWidth#FILE} widens that column for values the sample did not see, as its Javadoc says.
 * An integer path "grows" when, in the order values were added, at least {@value
 * #GROWING_SHARE_PERCENT}% of consecutive pairs do not decrease, at least half increase, and there
 * are at least {@value #MIN_PAIRS_FOR_GROWTH} pairs: ids, sequence numbers and times in a log (a
 * constant does not grow).
 *
 * <p>Scales are taken as stored: {@code 1.50} needs scale 2, so the column never drops a digit the
 * value was written with. O(1) memory.
 */
final class ExactNumericRange {
  /** spec: VariantEncoding §Decimals; ShreddedType.decimal enforces the same bound. */
  private static final int MAX_DECIMAL_PRECISION = 38;

  /**
   * FILE width: largest magnitude kept in int32, 2^31 / 256: values may grow 256-fold and still
   * fit.
   */
  static final long INT32_HEADROOM_LIMIT = (1L << 31) / 256;

  /**
   * FILE width: integer digits added to a decimal column beyond the most seen (values 1000 times
   * larger).
   */
  static final int DECIMAL_HEADROOM_DIGITS = 3;

  static final int GROWING_SHARE_PERCENT = 90;
  static final int MIN_PAIRS_FOR_GROWTH = 8;

  /** Largest decimal precision stored as INT32, then as INT64 (Parquet LogicalTypes: DECIMAL). */
  private static final int INT32_DECIMAL_DIGITS = 9;

  private static final int INT64_DECIMAL_DIGITS = 18;

  private long integers;
  private long min = Long.MAX_VALUE;
  private long max = Long.MIN_VALUE;
  private boolean anyDecimal;
  private int maxScale;
  private int maxDecimalIntegerDigits;
  private long last;
  private long pairs; // consecutive integer pairs, in the order added
  private long nonDecreasingPairs;
  private long increasingPairs;

  /** Adds one value of the exact numeric family. */
  void add(Variant v) {
    if (v.type().isInteger()) {
      long x = v.longValue();
      if (integers > 0) {
        pairs++;
        if (x >= last) {
          nonDecreasingPairs++;
        }
        if (x > last) {
          increasingPairs++;
        }
      }
      last = x;
      integers++;
      min = Math.min(min, x);
      max = Math.max(max, x);
    } else {
      BigDecimal d = v.decimalValue();
      anyDecimal = true;
      maxScale = Math.max(maxScale, d.scale());
      maxDecimalIntegerDigits = Math.max(maxDecimalIntegerDigits, integerDigits(d));
    }
  }

  /** True if every value added is one and the same integer. */
  boolean constant() {
    return integers > 0 && !anyDecimal && min == max;
  }

  /**
   * The column for the values added at field {@code key} (null for the root and array elements), as
   * {@code width} says; {@code null} when decimals need more than 38 digits (or nothing was added).
   */
  ShreddedType type(TypeWidth width, String key) {
    ShreddedType narrow = narrowest();
    if (width == TypeWidth.SAMPLE || narrow == null) {
      return narrow;
    }
    if (narrow.kind() != ShreddedType.Kind.DECIMAL) {
      long magnitude =
          Math.max(
              Math.abs(Math.max(min, -Long.MAX_VALUE)), Math.abs(Math.max(max, -Long.MAX_VALUE)));
      boolean wide = IdLikeNames.isIdLike(key) || grows() || magnitude > INT32_HEADROOM_LIMIT;
      return wide ? ShreddedType.INT64 : ShreddedType.INT32;
    }
    int precision = narrow.precision() + DECIMAL_HEADROOM_DIGITS;
    precision =
        precision <= INT32_DECIMAL_DIGITS
            ? INT32_DECIMAL_DIGITS
            : precision <= INT64_DECIMAL_DIGITS ? INT64_DECIMAL_DIGITS : MAX_DECIMAL_PRECISION;
    return ShreddedType.decimal(precision, narrow.scale());
  }

  /** True if the integers grow along the order they were added, as the class comment defines. */
  boolean grows() {
    return pairs >= MIN_PAIRS_FOR_GROWTH
        && nonDecreasingPairs * 100 >= pairs * GROWING_SHARE_PERCENT
        && increasingPairs * 2 >= pairs;
  }

  /**
   * The narrowest column holding every value added, or {@code null} when decimals need more than 38
   * digits (or nothing was added).
   */
  ShreddedType narrowest() {
    if (!anyDecimal) {
      if (integers == 0) {
        return null;
      }
      if (min >= Byte.MIN_VALUE && max <= Byte.MAX_VALUE) {
        return ShreddedType.INT8;
      }
      if (min >= Short.MIN_VALUE && max <= Short.MAX_VALUE) {
        return ShreddedType.INT16;
      }
      return min >= Integer.MIN_VALUE && max <= Integer.MAX_VALUE
          ? ShreddedType.INT32
          : ShreddedType.INT64;
    }
    int digits = maxDecimalIntegerDigits;
    if (integers > 0) {
      digits =
          Math.max(
              digits,
              Math.max(
                  integerDigits(BigDecimal.valueOf(min)), integerDigits(BigDecimal.valueOf(max))));
    }
    int precision = Math.max(digits + maxScale, 1); // all zeros at scale 0 still need one digit
    return precision > MAX_DECIMAL_PRECISION ? null : ShreddedType.decimal(precision, maxScale);
  }

  /** Digits before the decimal point that a column needs for {@code d}: 0 for 0 and for |d| < 1. */
  private static int integerDigits(BigDecimal d) {
    return d.signum() == 0 ? 0 : Math.max(d.precision() - d.scale(), 0);
  }
}
