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
      maxDecimalIntegerDigits = Math.max(maxDecimalIntegerDigits, d.precision() - d.scale());
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
    int integerDigits = maxDecimalIntegerDigits;
    if (integers > 0) {
      integerDigits = Math.max(integerDigits, Math.max(digits(min), digits(max)));
    }
    int precision = Math.max(integerDigits + maxScale, 1); // 0.00 has no integer digit and scale 2
    return precision > MAX_DECIMAL_PRECISION ? null : ShreddedType.decimal(precision, maxScale);
  }

  /** Decimal digits of |x|; 1 for 0. */
  private static int digits(long x) {
    return x == 0 ? 1 : BigDecimal.valueOf(x).precision();
  }
}
