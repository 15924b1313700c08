// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.core.EquivalenceClass;
import io.variant.core.Limits;
import io.variant.core.Variant;
import io.variant.core.VariantType;
import io.variant.core.internal.FloatingDecimals;
import io.variant.core.json.VariantJson;
import java.io.IOException;
import java.math.BigDecimal;

/**
 * {@code get --type}: what a value is printed as. A value that cannot be read as the type prints
 * {@code null}, as SQL's {@code try_variant_get} does: numbers convert to each other when exact
 * ({@code 2.0} is the long {@code 2}, {@code 2.5} is not a long), strings are only strings, and
 * {@code variant} (the default) prints any value as JSON.
 */
enum ValueType {
  LONG,
  DOUBLE,
  DECIMAL,
  STRING,
  BOOLEAN,
  DATE,
  TIMESTAMP,
  VARIANT;

  /** Appends {@code v} as this type (JSON text), or {@code null}. */
  void append(Variant v, StringBuilder out, Limits limits) throws IOException {
    if (this == VARIANT) {
      VariantJson.writeJson(v, out, limits);
      return;
    }
    EquivalenceClass c = v.type().equivalenceClass();
    switch (this) {
      case LONG -> {
        BigDecimal d = exact(v);
        appendOrNull(d == null ? null : longOrNull(d), out);
      }
      case DOUBLE -> {
        BigDecimal d = exact(v);
        double x =
            c == EquivalenceClass.DOUBLE
                ? v.doubleValue()
                : c == EquivalenceClass.FLOAT
                    ? v.floatValue()
                    : d == null ? Double.NaN : d.doubleValue();
        if (d == null && c != EquivalenceClass.DOUBLE && c != EquivalenceClass.FLOAT) {
          out.append("null");
        } else if (Double.isFinite(x)) {
          out.append(x);
        } else {
          out.append('"').append(x).append('"'); // as VariantJson writes NaN and the infinities
        }
      }
      case DECIMAL -> {
        BigDecimal d = exact(v);
        // a Variant decimal holds 38 digits: a double beyond them (1e300, 1e-50) is not one
        boolean fits =
            d != null
                && (d.scale() < 0 ? d.precision() - d.scale() : Math.max(d.precision(), d.scale()))
                    <= MAX_DECIMAL_DIGITS;
        appendOrNull(fits ? d.toPlainString() : null, out);
      }
      case BOOLEAN -> appendOrNull(c == EquivalenceClass.BOOLEAN ? v.booleanValue() : null, out);
      case STRING, DATE, TIMESTAMP -> {
        boolean fits =
            switch (this) {
              case STRING -> c == EquivalenceClass.STRING;
              case DATE -> c == EquivalenceClass.DATE;
              default -> c == EquivalenceClass.TIMESTAMP || c == EquivalenceClass.TIMESTAMP_NTZ;
            };
        if (fits) {
          VariantJson.writeJson(v, out, limits); // a JSON string: ISO-8601 for dates and timestamps
        } else {
          out.append("null");
        }
      }
      default -> throw new AssertionError(this);
    }
  }

  private static final int MAX_DECIMAL_DIGITS = 38;

  /**
   * The numeric value of {@code v}: integers and decimals exactly, finite doubles and floats as the
   * shortest decimal that reads back as them, which is their JSON text ({@code 0.1}, not the binary
   * fraction nearest to it).
   */
  private static BigDecimal exact(Variant v) {
    EquivalenceClass c = v.type().equivalenceClass();
    if (c == EquivalenceClass.EXACT_NUMERIC) {
      return v.type() == VariantType.DECIMAL4
              || v.type() == VariantType.DECIMAL8
              || v.type() == VariantType.DECIMAL16
          ? v.decimalValue()
          : BigDecimal.valueOf(v.longValue());
    }
    if (c == EquivalenceClass.FLOAT) {
      return FloatingDecimals.of(v.floatValue());
    }
    if (c == EquivalenceClass.DOUBLE) {
      return FloatingDecimals.of(v.doubleValue());
    }
    return null;
  }

  private static Long longOrNull(BigDecimal d) {
    try {
      return d.longValueExact();
    } catch (ArithmeticException e) {
      return null; // a fraction, or beyond int64
    }
  }

  private static void appendOrNull(Object value, StringBuilder out) {
    out.append(value == null ? "null" : value.toString());
  }
}
