package io.variant.shredding;

import io.variant.core.EquivalenceClass;
import io.variant.core.Variant;
import io.variant.core.VariantType;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Decides whether a value goes into a typed slot, and converts it: the one place that maps Variant
 * types onto shredded types for writing. Seed 002 §lossless widening; digest §D.3.
 *
 * <ul>
 *   <li>{@link NumericWidening#LOSSLESS}: any Exact Numeric (int8 to int64, decimal4 to decimal16)
 *       goes into any integer or decimal slot that holds its value exactly; scales change only by
 *       adding or removing trailing zeros.
 *   <li>{@link NumericWidening#STRICT}: only the slot's own Variant type; a decimal also needs the
 *       slot's scale, so that the rebuilt value is physically equal.
 *   <li>Either way, every other kind (float, double, dates, times, timestamps, binary, string,
 *       uuid, boolean) needs exactly its type, and Variant null never goes typed (there is no typed
 *       null).
 * </ul>
 */
final class Widening {
  private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
  private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

  private Widening() {}

  /** True if {@code v} goes into a slot of type {@code t} under {@code mode}. */
  static boolean fits(Variant v, ShreddedType t, NumericWidening mode) {
    VariantType vt = v.type();
    return switch (t.kind().slotValue()) {
      case INTEGER ->
          mode == NumericWidening.STRICT
              ? vt == t.variantType()
              : vt.equivalenceClass() == EquivalenceClass.EXACT_NUMERIC
                  && integerFits(v, vt, t.variantType());
      case DECIMAL -> toDecimal(v, t, mode) != null;
      case BOOLEAN, FLOAT, DOUBLE, DATE, TEMPORAL, BINARY, STRING, UUID ->
          ShreddedType.Kind.of(vt) == t.kind();
    };
  }

  /**
   * The value of an Exact Numeric that {@link #fits} an integer slot: an integer as is, or a
   * decimal whose fraction is zero.
   */
  static long toLong(Variant v) {
    return v.type().isInteger() ? v.longValue() : v.decimalValue().longValueExact();
  }

  /**
   * {@code v} at scale {@code t.scale()} if it goes into the decimal slot {@code t} under {@code
   * mode}, else {@code null}. Lossless: the value is rescaled when only trailing zeros change (1.5
   * → 1.50, 1.500 → 1.5) and must then have at most {@code t.precision()} digits. Strict: the
   * Variant type and the scale must already be the slot's.
   */
  static BigDecimal toDecimal(Variant v, ShreddedType t, NumericWidening mode) {
    VariantType vt = v.type();
    boolean accepted =
        mode == NumericWidening.STRICT
            ? vt == t.variantType()
            : vt.equivalenceClass() == EquivalenceClass.EXACT_NUMERIC;
    if (!accepted) {
      return null;
    }
    BigDecimal d = v.decimalValue();
    if (d.scale() != t.scale()) {
      if (mode == NumericWidening.STRICT) {
        return null;
      }
      if (d.scale() > t.scale()) {
        d = d.stripTrailingZeros(); // may turn the scale negative (1E+3); setScale below undoes
        // that
        if (d.scale() > t.scale()) {
          return null; // a non-zero digit would be cut off
        }
      }
      d = d.setScale(t.scale()); // only appends zeros now: exact
    }
    return d.precision() <= t.precision()
        ? d
        : null; // BigDecimal gives 0 precision 1, as the spec does
  }

  private static boolean integerFits(Variant v, VariantType vt, VariantType target) {
    long value;
    if (vt.isInteger()) {
      value = v.longValue();
    } else {
      BigDecimal d = v.decimalValue();
      if (d.signum() != 0 && d.stripTrailingZeros().scale() > 0) {
        return false; // a non-zero fraction
      }
      BigInteger i = d.toBigInteger();
      if (i.compareTo(LONG_MIN) < 0 || i.compareTo(LONG_MAX) > 0) {
        return false;
      }
      value = i.longValue();
    }
    int unused =
        Long.SIZE
            - Byte.SIZE * target.fixedPayloadSize(); // INT64: 0, and the range was checked above
    return (value << unused) >> unused
        == value; // the value survives sign extension from the target's width
  }
}
