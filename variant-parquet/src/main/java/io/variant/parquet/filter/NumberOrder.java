package io.variant.parquet.filter;

import java.math.BigDecimal;
import java.util.OptionalInt;

/**
 * The one order of numbers that both the row test and pruning use: every integer, decimal, float
 * and double by its exact value, a float or double being the exact value of its binary form ({@code
 * new BigDecimal(0.1)}, which is a little above 0.1); {@code -0.0} equals 0; an infinity lies
 * beyond every finite number; NaN is unordered, so it compares with nothing (not even NaN).
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
    double nearest = literal.nearestDouble();
    if (Double.isNaN(x) || Double.isNaN(nearest)) {
      return OptionalInt.empty();
    }
    // nearest is a double closest to the literal (or an infinity beyond the double range), so no
    // double lies strictly between them: a double other than nearest is on nearest's side of the
    // literal, and only x == nearest needs the exact values.
    if (x != nearest) {
      return OptionalInt.of(x < nearest ? -1 : 1);
    }
    BigDecimal exact = literal.exactValue();
    if (Double.isInfinite(x)) {
      // x is the literal's own infinity, or a finite literal beyond the double range lies past x
      return OptionalInt.of(exact == null ? 0 : x > 0 ? 1 : -1);
    }
    return OptionalInt.of(new BigDecimal(x).compareTo(exact)); // -0.0 becomes 0
  }
}
