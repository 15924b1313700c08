package io.variant.shredding.infer;

import io.variant.core.Variant;
import io.variant.shredding.ShreddedType;
import java.math.BigDecimal;

/**
 * The range of the exact numeric values (int8 to int64, decimals) seen at one path, and the narrowest
 * column that holds all of them without loss:
 *
 * <ul>
 *   <li>integers only: the narrowest of int8, int16, int32 and int64 that holds the minimum and maximum;
 *   <li>any decimal: {@code decimal(P,S)} with S the largest scale seen and P the most integer digits seen
 *       plus S; when P exceeds 38 no column holds them all.
 * </ul>
 *
 * Scales are taken as stored: {@code 1.50} needs scale 2, so the column never drops a digit the value was
 * written with. O(1) memory.
 */
final class ExactNumericRange {
  /** spec: VariantEncoding §Decimals; ShreddedType.decimal enforces the same bound. */
  private static final int MAX_DECIMAL_PRECISION = 38;

  private long integers;
  private long min = Long.MAX_VALUE;
  private long max = Long.MIN_VALUE;
  private boolean anyDecimal;
  private int maxScale;
  private int maxDecimalIntegerDigits;

  /** Adds one value of the exact numeric family. */
  void add(Variant v) {
    if (v.type().isInteger()) {
      long x = v.longValue();
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

  /**
   * The narrowest column holding every value added, or {@code null} when decimals need more than 38
   * digits (or nothing was added).
   */
  ShreddedType type() {
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
      return min >= Integer.MIN_VALUE && max <= Integer.MAX_VALUE ? ShreddedType.INT32 : ShreddedType.INT64;
    }
    int digits = maxDecimalIntegerDigits;
    if (integers > 0) {
      digits = Math.max(digits, Math.max(integerDigits(BigDecimal.valueOf(min)), integerDigits(BigDecimal.valueOf(max))));
    }
    int precision = Math.max(digits + maxScale, 1); // all zeros at scale 0 still need one digit
    return precision > MAX_DECIMAL_PRECISION ? null : ShreddedType.decimal(precision, maxScale);
  }

  /** Digits before the decimal point that a column needs for {@code d}: 0 for 0 and for |d| < 1. */
  private static int integerDigits(BigDecimal d) {
    return d.signum() == 0 ? 0 : Math.max(d.precision() - d.scale(), 0);
  }
}
