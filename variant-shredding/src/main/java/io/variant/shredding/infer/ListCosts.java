// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import io.variant.core.VariantType;
import io.variant.shredding.ShreddedType;
import java.util.Locale;

/**
 * What typing a list of scalars saves, in compressed bytes over the sample: {@link CostModel} for
 * the elements of lists. A list of scalars can be typed two ways, and each is weighed against the
 * list staying whole in its parent's residual:
 *
 * <pre>
 * [variant]: saved = separated × ELEMENT_SEPARATION − 1 column × (repetition + definition levels) − CHUNK_BYTES
 * [T]:       saved = separated × ELEMENT_SEPARATION + saved of the T leaf − 2 columns × repetition levels
 * T leaf:    saved = typed × elementGain(T) − levels of its 2 columns − 2 × CHUNK_BYTES
 * separated: the elements, where their encoded sizes vary (separatedElements)
 * </pre>
 *
 * <p>Measured on rows that are lists of 4 to 9 scalars (parquet-java 1.18.1, ZSTD, one row group;
 * every plan written on the whole file): product rows of 5 strings and 2 to 4 numbers (10,000 rows,
 * 82,122 elements), ragged rows of 48% integers, 42% strings, 5% decimals, 5% nulls (10,000 rows,
 * 63,099 elements) and the {@code bench/sizes} product rows (5,000 rows, 31,662 elements). The
 * element gains are what each typed list saved beyond {@code [variant]} on the same rows, with the
 * levels and chunks the model charges added back.
 */
final class ListCosts {
  /**
   * Compressed bytes each element saves once its list is shredded, whether or not its values are
   * typed: in the residual a list is one array value with a header, a count and an offset per
   * element, in a parent's value column of unlike values; shredded, its elements are values of
   * their own and the list's shape is the repetition levels. Measured ({@code [variant]} against
   * the whole list in the residual, less the model's levels and chunk): 0.38, 0.45 and 0.28 B per
   * element on the three corpora of the class comment.
   */
  static final double ELEMENT_SEPARATION = 0.35;

  /**
   * The elements at {@code element} that gain {@link #ELEMENT_SEPARATION}: all of them where their
   * encoded sizes vary, none where every element has one size (one fixed-width type, e.g. small
   * integers): their offsets then step evenly and the array's header and count repeat, which the
   * compressor stores almost for free (measured: 3,000 lists of two small integers took 75 B more
   * shredded as {@code [variant]} than left in the residual).
   */
  static long separatedElements(PathStats element) {
    TypeFamily only = null;
    for (TypeFamily f : TypeFamily.values()) {
      if (element.count(f) > 0) {
        if (only != null) {
          return element.present; // two families: sizes vary
        }
        only = f;
      }
    }
    boolean oneSize =
        only == null
            || only == TypeFamily.NULL
            || (only == TypeFamily.EXACT_NUMERIC && element.numbers.types() == 1)
            || (only.group() == TypeFamily.Group.SCALAR
                && only.scalarType().variantType().fixedPayloadSize() >= 0);
    return oneSize ? 0 : element.present;
  }

  /**
   * Compressed bytes a string element saves typed rather than in the element residual, whatever its
   * position in the list. Unlike a field's, an element's string has no field id and no siblings'
   * offsets to shed, and one typed column mixes every position of the list into one dictionary:
   * measured 0.42, 0.43 and 0.78 B per string (product rows: 50,000 strings of 19,915 distinct, 9 B
   * each; ragged rows: 26,346 of 11,759, 6 B; bench product rows: 25,000 of 9,368, 10 B).
   */
  static final double STRING_GAIN = 0.5;

  /**
   * A number of this many encoded bytes (header included) in the residual gains nothing typed: a
   * small integer's header repeats and its byte compresses as well as a typed column's (lists of
   * two small integers of mixed rows cost bytes typed).
   */
  static final double SMALL_NUMBER_BYTES = 2;

  /**
   * Bytes a number element gains per encoded byte beyond {@link #SMALL_NUMBER_BYTES}, up to {@link
   * #NUMBER_GAIN_CAP}: integers of 3 to 5 bytes gained 0.98 (product rows' quantities and counts)
   * and 1.1 B (ragged rows' ids and counts) typed as int32; decimals of 6 bytes 1.37 B (prices
   * typed as decimal(9,2)).
   */
  static final double NUMBER_GAIN_PER_BYTE = 1.0;

  /** The most a number element gains typed; see {@link #NUMBER_GAIN_PER_BYTE}. */
  static final double NUMBER_GAIN_CAP = 1.4;

  /**
   * What a number in an 8-byte column (int64, a decimal of more than 9 digits, double, timestamps)
   * gains less than in a 4-byte one: 0.33 B per value (ragged rows' integers as int64 against
   * int32) and 0.30 B (prices as decimal(18,2) against decimal(9,2)).
   */
  static final double WIDE_COLUMN_PENALTY = 0.3;

  /**
   * Bytes of one decimal digit, log2(10) bits: an integer in a decimal column of scale S is stored
   * S digits longer than the integer itself (ragged rows' 7-digit ids as decimal(9,2) cost 0.5 B
   * per value more than as int32).
   */
  static final double DIGIT_BYTES = Math.log(10) / Math.log(2) / 8;

  private ListCosts() {}

  /**
   * What one element of {@code path} gains typed as {@code column}, a column of class {@code kind},
   * beyond staying in the element residual.
   */
  static double elementGain(PathStats path, CostModel.Kind kind, ShreddedType column) {
    return switch (kind) {
      case BOOLEAN, CONSTANT -> 0; // one header repeated: the residual stores it almost for free
      case STRING -> STRING_GAIN;
      case LOW_CARDINALITY_STRING, REPEATED_STRING -> kind.gainPerValue;
      case NUMBER -> numberGain(path.numbers, column);
    };
  }

  private static double numberGain(ExactNumericRange numbers, ShreddedType column) {
    boolean wide = physicalBytes(column) > 4;
    double penalty = wide ? WIDE_COLUMN_PENALTY : 0;
    if (!column.variantType().isInteger() && !column.variantType().isDecimal()) {
      VariantType t = column.variantType(); // a float, date, time, timestamp or uuid
      return Math.max(0, bytesGain(1 + Math.max(t.fixedPayloadSize(), 0)) - penalty);
    }
    boolean decimal = column.kind() == ShreddedType.Kind.DECIMAL;
    long integers = numbers.integers();
    long decimals = decimal ? numbers.decimals() : 0;
    if (integers + decimals == 0) {
      return 0;
    }
    int scale = decimal ? column.scale() : 0;
    double integerGain = bytesGain(numbers.meanIntegerBytes()) - scale * DIGIT_BYTES;
    double decimalGain = bytesGain(numbers.meanDecimalBytes());
    return (integers * integerGain + decimals * decimalGain) / (integers + decimals) - penalty;
  }

  private static double bytesGain(double encodedBytes) {
    return Math.min(
        NUMBER_GAIN_CAP, Math.max(0, (encodedBytes - SMALL_NUMBER_BYTES) * NUMBER_GAIN_PER_BYTE));
  }

  /** {@code t} widened to the most its Parquet physical type holds: int32, decimal(9,S), ... */
  static ShreddedType physicalWidth(ShreddedType t) {
    if (t == null) {
      return null;
    }
    if (t.kind() != ShreddedType.Kind.DECIMAL) {
      return t.kind() == ShreddedType.Kind.INT64 ? t : ShreddedType.INT32;
    }
    int p = t.precision();
    p =
        p <= ExactNumericRange.INT32_DECIMAL_DIGITS
            ? ExactNumericRange.INT32_DECIMAL_DIGITS
            : p <= ExactNumericRange.INT64_DECIMAL_DIGITS
                ? ExactNumericRange.INT64_DECIMAL_DIGITS
                : ExactNumericRange.MAX_DECIMAL_PRECISION;
    return ShreddedType.decimal(p, t.scale());
  }

  /** Bytes of a value of {@code column} in Parquet's fixed-width physical types. */
  private static int physicalBytes(ShreddedType column) {
    return switch (column.kind().slotValue()) {
      case INTEGER -> column.variantType() == VariantType.INT64 ? 8 : 4;
      case DECIMAL -> column.precision() <= ExactNumericRange.INT32_DECIMAL_DIGITS ? 4 : 8;
      default -> Math.max(column.variantType().fixedPayloadSize(), 0);
    };
  }

  /**
   * The estimate for {@code typed} elements typed at {@code gainPerValue} each; {@code typedLevels}
   * and {@code residualLevels} end with the entries holding a typed value and a residual value.
   */
  static CostModel.Estimate elementEstimate(
      CostModel.Kind kind,
      long typed,
      double gainPerValue,
      LevelChain typedLevels,
      LevelChain residualLevels) {
    double levelBytes = CostModel.levelBytes(typedLevels) + CostModel.levelBytes(residualLevels);
    return new CostModel.Estimate(
        kind,
        typed,
        gainPerValue,
        levelBytes,
        CostModel.COLUMNS_PER_LEAF * CostModel.CHUNK_BYTES,
        0);
  }

  /**
   * A typed list of scalars: {@code lists} lists whose lengths carry {@code lengthBits} bits each
   * (their entropy), {@code separated} of whose elements gain {@link #ELEMENT_SEPARATION} ({@link
   * #separatedElements}), and whose leaf saves {@code leafSaved} bytes: each of the leaf's two
   * columns stores a repetition level per element, which says where each list ends and so costs
   * what the lengths carry (measured: 5,000 lists of 6 or 7 strings, 31,662 elements, took 1,000 to
   * 1,050 B of repetition levels per column).
   */
  static CostModel.ListEstimate typedList(
      long separated, double leafSaved, long lists, double lengthBits) {
    double repetition = CostModel.COLUMNS_PER_LEAF * lists * lengthBits * levelBytesPerBit();
    return new CostModel.ListEstimate(
        leafSaved,
        repetition - separated * ELEMENT_SEPARATION,
        String.format(
            Locale.ROOT,
            "repetition levels %.0f B (%d lists, %.2f bits of length each, %d columns) + %d"
                + " elements x %.2f B",
            repetition,
            lists,
            lengthBits,
            CostModel.COLUMNS_PER_LEAF,
            separated,
            ELEMENT_SEPARATION));
  }

  /**
   * A list of scalars shredded with no typed element ({@code [variant]}): one column, holding every
   * element in its value column, whose levels down to the elements are {@code elementLevels}; the
   * other arguments as for {@link #typedList}.
   */
  static CostModel.ListEstimate untypedList(
      long separated, long lists, double lengthBits, LevelChain elementLevels) {
    double repetition = lists * lengthBits * levelBytesPerBit();
    double definition = CostModel.levelBytes(elementLevels);
    return new CostModel.ListEstimate(
        0,
        repetition + definition + CostModel.CHUNK_BYTES - separated * ELEMENT_SEPARATION,
        String.format(
            Locale.ROOT,
            "repetition levels %.0f B (%d lists, %.2f bits of length each, 1 column) - levels"
                + " %.0f B - chunk %.0f B + %d elements x %.2f B",
            repetition,
            lists,
            lengthBits,
            definition,
            CostModel.CHUNK_BYTES,
            separated,
            ELEMENT_SEPARATION));
  }

  private static double levelBytesPerBit() {
    return CostModel.LEVEL_BYTES_PER_BIT;
  }
}
