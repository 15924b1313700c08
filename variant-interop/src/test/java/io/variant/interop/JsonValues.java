// SPDX-License-Identifier: Apache-2.0
package io.variant.interop;

import io.variant.core.Variant;
import io.variant.core.VariantEquality;
import io.variant.core.VariantType;
import java.math.BigDecimal;

/**
 * Equality of two Variants as JSON text shows them, for readers that hand back JSON (DuckDB's
 * {@code CAST(v AS JSON)}, Spark's {@code to_json}): a JSON number has no Variant type, so numbers
 * of any class compare by decimal value (a double by its shortest decimal form: 0.1 equals the
 * decimal 0.1); everything else as {@link VariantEquality#logical} (objects as maps whatever their
 * key order, arrays element by element).
 */
final class JsonValues {
  private JsonValues() {}

  static boolean equal(Variant a, Variant b) {
    if (a.isObject() && b.isObject()) {
      if (a.fieldCount() != b.fieldCount()) {
        return false;
      }
      for (int i = 0; i < a.fieldCount(); i++) {
        Variant other = b.field(a.fieldName(i));
        if (other == null || !equal(a.fieldValue(i), other)) {
          return false;
        }
      }
      return true;
    }
    if (a.isArray() && b.isArray()) {
      if (a.size() != b.size()) {
        return false;
      }
      for (int i = 0; i < a.size(); i++) {
        if (!equal(a.element(i), b.element(i))) {
          return false;
        }
      }
      return true;
    }
    BigDecimal x = number(a);
    BigDecimal y = number(b);
    if (x != null && y != null) {
      return x.compareTo(y) == 0;
    }
    return VariantEquality.logical(a, b);
  }

  /**
   * The value of a number of any Variant numeric type, or null (NaN and infinities have no JSON
   * number).
   */
  private static BigDecimal number(Variant v) {
    VariantType t = v.type();
    if (t.isInteger() || t.isDecimal()) {
      return v.decimalValue();
    }
    if (t == VariantType.DOUBLE || t == VariantType.FLOAT) {
      double d = t == VariantType.DOUBLE ? v.doubleValue() : v.floatValue();
      return Double.isFinite(d)
          ? new BigDecimal(t == VariantType.DOUBLE ? Double.toString(d) : Float.toString((float) d))
          : null;
    }
    return null;
  }
}
