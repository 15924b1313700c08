// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import io.variant.core.Variant;
import io.variant.core.VariantType;
import io.variant.shredding.NumericWidening;
import io.variant.shredding.ShreddedType;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

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
 * value was written with. Under {@link NumericWidening#SAME_SCALE} a column takes only the values
 * of its own scale, so the column is the one of the scale most values have; under {@link
 * NumericWidening#STRICT} only those of its own Variant type and scale ({@link #column}). O(1)
 * memory: a few counters per scale.
 */
final class ExactNumericRange {
  /** spec: VariantEncoding §Decimals; ShreddedType.decimal enforces the same bound. */
  static final int MAX_DECIMAL_PRECISION = 38;

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
  static final int INT32_DECIMAL_DIGITS = 9;

  static final int INT64_DECIMAL_DIGITS = 18;

  /** Scales a decimal can have. spec: VariantEncoding §Decimals */
  private static final int SCALES = MAX_DECIMAL_PRECISION + 1;

  /** Exact numeric types in {@link #column}'s strict order: integers, then decimals by width. */
  private static final VariantType[] EXACT_TYPES = {
    VariantType.INT8,
    VariantType.INT16,
    VariantType.INT32,
    VariantType.INT64,
    VariantType.DECIMAL4,
    VariantType.DECIMAL8,
    VariantType.DECIMAL16
  };

  /** The widest precision of each decimal width (decimal4, 8, 16): its strict column. */
  private static final int[] WIDTH_DIGITS = {9, 18, MAX_DECIMAL_PRECISION};

  /** The column for a path's values under a widening mode, and how many sampled values it takes. */
  record Column(ShreddedType type, long typed) {}

  private long integers;
  private long decimals;
  private final long[] integersByType = new long[4]; // int8, int16, int32, int64
  private long[] decimalsByScale; // made with the first decimal
  private long[] decimalsByTypeAndScale; // [width * SCALES + scale], width 0..2
  private int[] integerDigitsByScale; // the most integer digits of the decimals of each scale
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
      integersByType[typeIndex(v.type())]++;
      min = Math.min(min, x);
      max = Math.max(max, x);
    } else {
      BigDecimal d = v.decimalValue();
      anyDecimal = true;
      maxScale = Math.max(maxScale, d.scale());
      maxDecimalIntegerDigits = Math.max(maxDecimalIntegerDigits, integerDigits(d));
      countDecimal(d, typeIndex(v.type()) - integersByType.length);
    }
  }

  private void countDecimal(BigDecimal d, int width) {
    if (decimalsByScale == null) {
      decimalsByScale = new long[SCALES];
      decimalsByTypeAndScale = new long[WIDTH_DIGITS.length * SCALES];
      integerDigitsByScale = new int[SCALES];
    }
    int scale = d.scale(); // 0 to 38: Variant.decimalValue() checked it
    decimals++;
    decimalsByScale[scale]++;
    decimalsByTypeAndScale[width * SCALES + scale]++;
    integerDigitsByScale[scale] = Math.max(integerDigitsByScale[scale], integerDigits(d));
  }

  private static int typeIndex(VariantType t) {
    for (int i = 0; i < EXACT_TYPES.length; i++) {
      if (EXACT_TYPES[i] == t) {
        return i;
      }
    }
    throw new IllegalArgumentException("not an exact numeric type: " + t);
  }

  /** Integers added. */
  long integers() {
    return integers;
  }

  /** Decimals added. */
  long decimals() {
    return decimals;
  }

  /** How many of the exact numeric Variant types (int8 to decimal16) the values added have. */
  int types() {
    int n = 0;
    for (long c : integersByType) {
      n += c > 0 ? 1 : 0;
    }
    for (int w = 0; decimalsByTypeAndScale != null && w < WIDTH_DIGITS.length; w++) {
      for (int s = 0; s < SCALES; s++) {
        if (decimalsByTypeAndScale[w * SCALES + s] > 0) {
          n++;
          break;
        }
      }
    }
    return n;
  }

  /** Mean encoded size of the integers added, header included, as the residual stores them. */
  double meanIntegerBytes() {
    long bytes = 0;
    for (int i = 0; i < integersByType.length; i++) {
      bytes += integersByType[i] * encodedBytes(EXACT_TYPES[i]);
    }
    return integers == 0 ? 0 : (double) bytes / integers;
  }

  /** Mean encoded size of the decimals added, header included, as the residual stores them. */
  double meanDecimalBytes() {
    long bytes = 0;
    for (int w = 0; decimalsByTypeAndScale != null && w < WIDTH_DIGITS.length; w++) {
      long n = 0;
      for (int s = 0; s < SCALES; s++) {
        n += decimalsByTypeAndScale[w * SCALES + s];
      }
      bytes += n * encodedBytes(EXACT_TYPES[integersByType.length + w]);
    }
    return decimals == 0 ? 0 : (double) bytes / decimals;
  }

  private static int encodedBytes(VariantType t) {
    return 1 + t.fixedPayloadSize(); // the header, then the payload
  }

  /**
   * The columns weighed for array elements under {@code mode}: {@link #column}'s, and under
   * lossless widening also the one of the same physical width as the narrowest column that holds
   * the sampled values (decimal(9,2) where {@code width} gives decimal(18,2)), and, where integers
   * and decimals mix, the integer column, which leaves the decimals in the residual. An element's
   * column is one of many values per row, whose width is what decides its bytes.
   */
  List<Column> elementColumns(TypeWidth width, NumericWidening mode) {
    List<Column> out = new ArrayList<>();
    Column base = column(width, null, mode);
    if (base != null) {
      out.add(base);
    }
    if (mode != NumericWidening.LOSSLESS) {
      return out;
    }
    addColumn(out, ListCosts.physicalWidth(narrowest()), integers + decimals);
    if (anyDecimal && integers > 0) {
      addColumn(out, widened(narrowestInteger(), width, null), integers);
      addColumn(out, ListCosts.physicalWidth(narrowestInteger()), integers);
    }
    return out;
  }

  private static void addColumn(List<Column> out, ShreddedType t, long typed) {
    if (t != null && out.stream().noneMatch(c -> c.type().equals(t))) {
      out.add(new Column(t, typed));
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
    return widened(narrowest(), width, key);
  }

  /**
   * The column for the values added at field {@code key} when typed columns take them under {@code
   * mode}, and how many of them it takes; {@code null} if no column takes any.
   *
   * <ul>
   *   <li>{@link NumericWidening#LOSSLESS}: {@link #type}, which takes them all.
   *   <li>{@link NumericWidening#SAME_SCALE}: the column of the scale most values have (integers
   *       have scale 0; ties: the smaller scale), as wide as {@code width} says; the other values
   *       go to the residual.
   *   <li>{@link NumericWidening#STRICT}: exactly the Variant type and scale most values have
   *       (ties: the narrower type, then the smaller scale), whatever {@code width} says: a wider
   *       column would take none of them.
   * </ul>
   */
  Column column(TypeWidth width, String key, NumericWidening mode) {
    ShreddedType t =
        switch (mode) {
          case LOSSLESS -> type(width, key);
          case SAME_SCALE -> widened(mostCommonScale(), width, key);
          case STRICT -> mostCommonType();
        };
    return t == null ? null : new Column(t, typedUnder(t, mode));
  }

  /** The narrowest column of the scale most values have, or null. */
  private ShreddedType mostCommonScale() {
    int best = 0;
    long bestCount = integers + (decimalsByScale == null ? 0 : decimalsByScale[0]);
    for (int s = 1; decimalsByScale != null && s < SCALES; s++) {
      if (decimalsByScale[s] > bestCount) {
        best = s;
        bestCount = decimalsByScale[s];
      }
    }
    if (bestCount == 0) {
      return null;
    }
    if (best == 0 && (decimalsByScale == null || decimalsByScale[0] == 0)) {
      return narrowestInteger();
    }
    int digits = integerDigitsByScale[best];
    if (best == 0 && integers > 0) {
      digits = Math.max(digits, integerDigits(BigDecimal.valueOf(min)));
      digits = Math.max(digits, integerDigits(BigDecimal.valueOf(max)));
    }
    int precision = Math.max(digits + best, 1);
    return precision > MAX_DECIMAL_PRECISION ? null : ShreddedType.decimal(precision, best);
  }

  /** The exact type (and scale) most values have, as a column, or null. */
  private ShreddedType mostCommonType() {
    ShreddedType best = null;
    long bestCount = 0;
    for (int i = 0; i < integersByType.length; i++) {
      if (integersByType[i] > bestCount) {
        best = ShreddedType.of(ShreddedType.Kind.of(EXACT_TYPES[i]), 0, 0);
        bestCount = integersByType[i];
      }
    }
    for (int w = 0; decimalsByTypeAndScale != null && w < WIDTH_DIGITS.length; w++) {
      for (int s = 0; s <= WIDTH_DIGITS[w]; s++) { // a decimal column needs precision >= scale
        long n = decimalsByTypeAndScale[w * SCALES + s];
        if (n > bestCount) {
          best = ShreddedType.decimal(WIDTH_DIGITS[w], s);
          bestCount = n;
        }
      }
    }
    return best;
  }

  /**
   * How many values added column {@code t} takes under {@code mode}; {@code t} is {@link
   * #column}'s, so under lossless widening all of them.
   */
  private long typedUnder(ShreddedType t, NumericWidening mode) {
    int scale = t.kind() == ShreddedType.Kind.DECIMAL ? t.scale() : 0;
    return switch (mode) {
      case LOSSLESS -> integers + decimals;
      case SAME_SCALE ->
          (scale == 0 ? integers : 0) + (decimalsByScale == null ? 0 : decimalsByScale[scale]);
      case STRICT ->
          t.kind() == ShreddedType.Kind.DECIMAL
              ? decimalsByTypeAndScale[(typeIndex(t.variantType()) - 4) * SCALES + scale]
              : integersByType[typeIndex(t.variantType())];
    };
  }

  /** {@code narrow} with the headroom {@code width} asks for at field {@code key}; null stays. */
  private ShreddedType widened(ShreddedType narrow, TypeWidth width, String key) {
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
      return narrowestInteger();
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

  /** The narrowest integer column holding the integers added, or null if there are none. */
  private ShreddedType narrowestInteger() {
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

  /** Digits before the decimal point that a column needs for {@code d}: 0 for 0 and for |d| < 1. */
  private static int integerDigits(BigDecimal d) {
    return d.signum() == 0 ? 0 : Math.max(d.precision() - d.scale(), 0);
  }
}
