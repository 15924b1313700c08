package io.variant.shredding;

import io.variant.core.EquivalenceClass;
import io.variant.core.Variant;
import io.variant.core.VariantType;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Decides whether a value fits a typed slot, and converts it (seed 002 §lossless widening, digest §D.3).
 * The one place that maps Variant types onto shredded types for writing.
 */
final class Widening {
  private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
  private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

  private Widening() {}

  /** True if {@code v} goes into a slot of type {@code t} under {@code mode}. */
  static boolean fits(Variant v, ShreddedType t, NumericWidening mode) {
    VariantType vt = v.type();
    return switch (t.kind()) {
      case BOOLEAN -> vt == VariantType.BOOLEAN_TRUE || vt == VariantType.BOOLEAN_FALSE;
      case INT8, INT16, INT32, INT64 -> mode == NumericWidening.STRICT
          ? vt == t.variantType()
          : vt.equivalenceClass() == EquivalenceClass.EXACT_NUMERIC && integerFits(v, vt, t.variantType());
      case DECIMAL -> mode == NumericWidening.STRICT
          ? vt == t.variantType() && v.decimalValue().scale() == t.scale() && toDecimal(v, t) != null
          : vt.equivalenceClass() == EquivalenceClass.EXACT_NUMERIC && toDecimal(v, t) != null;
      case FLOAT, DOUBLE, DATE, TIME, TIMESTAMP, TIMESTAMP_NTZ, TIMESTAMP_NANOS, TIMESTAMP_NTZ_NANOS, BINARY,
          STRING, UUID -> vt == t.variantType();
    };
  }

  /** The value of an exact numeric that fits integer type {@code target}. */
  static long toLong(Variant v) {
    VariantType vt = v.type();
    return vt.isInteger() ? v.longValue() : v.decimalValue().longValueExact();
  }

  /** {@code v} at the slot's scale if it fits decimal(P,S) exactly, else {@code null}. */
  static BigDecimal toDecimal(Variant v, ShreddedType t) {
    BigDecimal d = v.decimalValue();
    if (d.scale() > t.scale()) {
      d = d.stripTrailingZeros();
      if (d.scale() > t.scale()) {
        return null; // would lose digits
      }
    }
    BigDecimal scaled = d.setScale(t.scale());
    int precision = scaled.unscaledValue().signum() == 0 ? 1 : scaled.precision();
    return precision <= t.precision() ? scaled : null;
  }

  private static boolean integerFits(Variant v, VariantType vt, VariantType target) {
    long value;
    if (vt.isInteger()) {
      value = v.longValue();
    } else {
      BigDecimal d = v.decimalValue();
      if (d.signum() != 0 && d.stripTrailingZeros().scale() > 0) {
        return false; // has a fraction
      }
      BigInteger i = d.toBigInteger();
      if (i.compareTo(LONG_MIN) < 0 || i.compareTo(LONG_MAX) > 0) {
        return false;
      }
      value = i.longValue();
    }
    return switch (target) {
      case INT8 -> value == (byte) value;
      case INT16 -> value == (short) value;
      case INT32 -> value == (int) value;
      default -> true;
    };
  }
}
