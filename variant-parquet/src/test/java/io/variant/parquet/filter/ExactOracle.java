// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.filter;

import io.variant.core.Variant;
import io.variant.core.VariantType;
import java.math.BigDecimal;

/**
 * What a numeric comparison must answer, in plain BigDecimal arithmetic on the values the row and
 * the literal state: integers and decimals exactly; a float or double against the literal rounded
 * to its type (as SQL compares a DOUBLE with a DECIMAL), a literal beyond the type's range lying
 * beyond every finite value; an infinity lies beyond every finite number, NaN matches nothing. The
 * literal is read back from its text, not from {@link Literal}'s fields.
 */
final class ExactOracle {
  private ExactOracle() {}

  /** The exact value of a finite number, else null (NaN, an infinity, not a number, missing). */
  static BigDecimal exact(Variant x) {
    if (x == null) {
      return null;
    }
    return switch (x.type()) {
      case INT8, INT16, INT32, INT64, DECIMAL4, DECIMAL8, DECIMAL16 -> x.decimalValue();
      case FLOAT -> Float.isFinite(x.floatValue()) ? new BigDecimal(x.floatValue()) : null;
      case DOUBLE -> Double.isFinite(x.doubleValue()) ? new BigDecimal(x.doubleValue()) : null;
      default -> null;
    };
  }

  /** Whether the condition holds for the value {@code x} at its path (null: missing). */
  static boolean holds(VariantCondition c, Variant x) {
    if (c instanceof VariantCondition.And a) {
      return holds(a.left(), x) && holds(a.right(), x);
    }
    if (c instanceof VariantCondition.Or o) {
      return holds(o.left(), x) || holds(o.right(), x);
    }
    if (c instanceof VariantCondition.Not n) {
      return !holds(n.condition(), x);
    }
    return holds((VariantPredicate) c, x);
  }

  /** Whether the predicate holds for the number (or other value) {@code x}. */
  static boolean holds(VariantPredicate p, Variant x) {
    if (p.op() == VariantPredicate.Op.IS_NULL) {
      return x == null || x.isNull();
    }
    if (p.op() == VariantPredicate.Op.IN) {
      return p.literals().stream().anyMatch(l -> Integer.valueOf(0).equals(compare(x, l)));
    }
    Integer vsLow = compare(x, p.literal());
    if (vsLow == null) {
      return false;
    }
    return switch (p.op()) {
      case EQ -> vsLow == 0;
      case NE -> vsLow != 0;
      case LT -> vsLow < 0;
      case LE -> vsLow <= 0;
      case GT -> vsLow > 0;
      case GE -> vsLow >= 0;
      case BETWEEN -> {
        Integer vsHigh = compare(x, p.upperBound());
        yield vsLow >= 0 && vsHigh != null && vsHigh <= 0;
      }
      case IN, IS_NULL -> throw new IllegalArgumentException("handled above: " + p);
    };
  }

  /** The sign of x - l, or null when they do not compare. */
  private static Integer compare(Variant x, Literal l) {
    double infinity = infinity(x);
    double literalInfinity = l.kind() == Literal.Kind.DOUBLE ? infinityOrNaN(l) : 0;
    if (Double.isNaN(infinity) || Double.isNaN(literalInfinity)) {
      return null;
    }
    if (infinity != 0 || literalInfinity != 0) {
      return Double.compare(infinity, literalInfinity); // both infinite and equal: 0
    }
    BigDecimal value = exact(x);
    BigDecimal literal =
        l.kind() == Literal.Kind.DOUBLE
            ? new BigDecimal(Double.parseDouble(l.toString()))
            : new BigDecimal(l.toString());
    if (value == null) {
      return null;
    }
    double rounded =
        switch (x.type()) {
          case FLOAT -> literal.floatValue(); // BigDecimal rounds to float once
          case DOUBLE -> literal.doubleValue();
          default -> 0;
        };
    if (Double.isInfinite(rounded)) {
      return rounded > 0 ? -1 : 1; // the literal is beyond every value of the type
    }
    if (x.type() == VariantType.FLOAT || x.type() == VariantType.DOUBLE) {
      literal = new BigDecimal(rounded);
    }
    return Integer.signum(value.compareTo(literal));
  }

  /** +1 or -1 for an infinite float or double, NaN for NaN or a non-number, 0 otherwise. */
  private static double infinity(Variant x) {
    if (x == null) {
      return Double.NaN;
    }
    return switch (x.type()) {
      case INT8, INT16, INT32, INT64, DECIMAL4, DECIMAL8, DECIMAL16 -> 0;
      case FLOAT -> signOfInfinity(x.floatValue());
      case DOUBLE -> signOfInfinity(x.doubleValue());
      default -> Double.NaN;
    };
  }

  private static double infinityOrNaN(Literal l) {
    return signOfInfinity(Double.parseDouble(l.toString()));
  }

  private static double signOfInfinity(double d) {
    return Double.isNaN(d) ? Double.NaN : Double.isInfinite(d) ? Math.signum(d) : 0;
  }
}
