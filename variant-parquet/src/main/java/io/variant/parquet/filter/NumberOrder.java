// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.filter;

import java.math.BigDecimal;
import java.util.OptionalInt;

/**
 * The one order of numbers that both the row test and pruning use. Integers and decimals compare
 * with the literal by exact value. A float or double compares with the literal rounded to its own
 * type, as a SQL engine casts a DECIMAL to DOUBLE to compare it with a DOUBLE: the double stored
 * for the JSON text {@code 1e-3} equals the literal {@code 0.001}. Rounding is monotone, so this is
 * the order of the texts themselves whenever the value and the literal each have at most 15
 * significant digits (a double's guaranteed decimal precision; a float's is 6). {@code -0.0} equals
 * 0; an infinity lies beyond every finite number, even a literal too large for the type; NaN is
 * unordered, so it compares with nothing (not even NaN).
 */
final class NumberOrder {
  private NumberOrder() {}

  /** The sign of {@code x - literal}, or empty if the literal is NaN. */
  static OptionalInt compare(long x, Literal literal) {
    return compare(BigDecimal.valueOf(x), literal);
  }

  /** The sign of {@code x - literal}, or empty if the literal is NaN. */
  static OptionalInt compare(BigDecimal x, Literal literal) {
    BigDecimal exact = literal.exactValue();
    if (exact != null) {
      return OptionalInt.of(x.compareTo(exact));
    }
    double l = literal.nearestDouble();
    return Double.isNaN(l) ? OptionalInt.empty() : OptionalInt.of(l > 0 ? -1 : 1);
  }

  /** The sign of {@code x - literal}, or empty if either is NaN. */
  static OptionalInt compare(double x, Literal literal) {
    return compareRounded(x, literal.nearestDouble(), literal);
  }

  /** The sign of {@code x - literal}, or empty if either is NaN. */
  static OptionalInt compare(float x, Literal literal) {
    return compareRounded(x, literal.nearestFloat(), literal);
  }

  /**
   * {@code x} against {@code rounded}, the literal rounded to x's type (exactly representable as a
   * double for floats too).
   */
  private static OptionalInt compareRounded(double x, double rounded, Literal literal) {
    if (Double.isNaN(x) || Double.isNaN(rounded)) {
      return OptionalInt.empty();
    }
    if (x != rounded) {
      return OptionalInt.of(x < rounded ? -1 : 1); // -0.0 == 0.0 here
    }
    if (Double.isInfinite(x) && literal.exactValue() != null) {
      return OptionalInt.of(x > 0 ? 1 : -1); // a finite literal beyond the type's range
    }
    return OptionalInt.of(0);
  }
}
