package io.variant.core;

import java.util.BitSet;

/**
 * The deep check behind {@link Variant#validate()}. Linear in the buffer: a value start already checked
 * is not checked again, so forged objects whose offsets share sub-values cannot make it exponential.
 */
final class VariantValidator {
  private final int maxDepth;
  private final BitSet checked = new BitSet();

  VariantValidator(int maxDepth) {
    this.maxDepth = maxDepth;
  }

  void check(Variant v) {
    check(v, 0);
  }

  private void check(Variant v, int depth) {
    int pos = v.position();
    if (checked.get(pos)) {
      return;
    }
    if (depth > maxDepth) {
      throw VariantFormatException.at(pos, "nesting deeper than %d levels (Limits.maxDepth)", maxDepth);
    }
    v.valueSize(); // bounds of the whole value
    switch (v.type()) {
      case OBJECT:
        checkObject(v, depth);
        break;
      case ARRAY:
        int n = v.size();
        for (int i = 0; i < n; i++) {
          check(v.element(i), depth + 1);
        }
        break;
      case STRING:
        v.stringValue();
        break;
      case DECIMAL4:
      case DECIMAL8:
      case DECIMAL16:
        checkDecimal(v);
        break;
      default:
        break; // fixed-size payloads: valueSize() checked them
    }
    checked.set(pos);
  }

  private void checkObject(Variant v, int depth) {
    int n = v.fieldCount();
    VariantMetadata m = v.metadata();
    int previous = -1;
    for (int i = 0; i < n; i++) {
      int id = v.fieldId(i);
      if (previous >= 0) {
        int c = m.compareKeys(previous, id);
        if (c >= 0) {
          throw VariantFormatException.at(v.position(),
              c == 0 ? "duplicate key \"%s\" in object" : "object keys out of order at \"%s\"", m.key(id));
        }
      }
      m.key(id); // UTF-8
      previous = id;
      check(v.fieldValue(i), depth + 1);
    }
  }

  private static void checkDecimal(Variant v) {
    java.math.BigDecimal d = v.decimalValue(); // scale and decimal16 precision
    int precision = d.unscaledValue().signum() == 0 ? 1 : d.precision();
    if (precision > 38) {
      throw VariantFormatException.at(v.position(), "decimal precision %d exceeds 38", precision);
    }
  }
}
