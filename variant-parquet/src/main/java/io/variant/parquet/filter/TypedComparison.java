package io.variant.parquet.filter;

import io.variant.parquet.schema.DecimalBytes;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.predicate.Operators;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;

/**
 * The comparison of a {@link VariantPredicate} on one typed column, with the literal converted to
 * the column's physical values; empty when the literal's class differs from the column's
 * (VariantShredding §Skipping: comparisons are only valid against the shredded type) or cannot be
 * represented exactly.
 *
 * <p>Equality becomes a closed range, {@code >= x and <= x}: Parquet's dictionary filter tests
 * {@code eq} with {@code equals}, which tells {@code -0.0} from {@code 0.0} and one decimal byte
 * width from another, while ranges go through the column's comparator. For doubles, inclusive
 * bounds at zero are widened to cover both zeros, which IEEE comparison treats as equal.
 */
final class TypedComparison {
  private TypedComparison() {}

  static Optional<FilterPredicate> build(VariantPredicate p, PrimitiveType type, String column) {
    LogicalTypeAnnotation a = type.getLogicalTypeAnnotation();
    return switch (type.getPrimitiveTypeName()) {
      case BOOLEAN -> booleans(p, FilterApi.booleanColumn(column));
      case INT32 ->
          ordered(
              p,
              FilterApi.intColumn(column),
              l -> int32(l, a),
              UnaryOperator.identity(),
              UnaryOperator.identity());
      case INT64 ->
          ordered(
              p,
              FilterApi.longColumn(column),
              l -> int64(l, a),
              UnaryOperator.identity(),
              UnaryOperator.identity());
      case DOUBLE ->
          ordered(
              p,
              FilterApi.doubleColumn(column),
              TypedComparison::float64,
              d -> d == 0 ? -0.0 : d,
              d -> d == 0 ? 0.0 : d);
      case BINARY, FIXED_LEN_BYTE_ARRAY ->
          ordered(
              p,
              FilterApi.binaryColumn(column),
              l -> binary(l, type),
              UnaryOperator.identity(),
              UnaryOperator.identity());
      case FLOAT ->
          p.op() == VariantPredicate.Op.IS_NULL // no literal is a float: only IS NULL applies
              ? Optional.of(FilterApi.eq(FilterApi.floatColumn(column), null))
              : Optional.empty();
      case INT96 -> Optional.empty(); // never a shredded type
    };
  }

  private static Optional<FilterPredicate> booleans(
      VariantPredicate p, Operators.BooleanColumn col) {
    if (p.op() == VariantPredicate.Op.IS_NULL) {
      return Optional.of(FilterApi.eq(col, null));
    }
    if (p.op() == VariantPredicate.Op.EQ && p.literal().kind() == Literal.Kind.BOOLEAN) {
      return Optional.of(FilterApi.eq(col, p.literal().booleanValue()));
    }
    return Optional
        .empty(); // Parquet orders no booleans; a range on them skips nothing worth having
  }

  /**
   * @param lowerInclusive adjusts an inclusive lower bound
   * @param upperInclusive adjusts an inclusive upper bound
   */
  private static <T extends Comparable<T>, C extends Operators.Column<T> & Operators.SupportsLtGt>
      Optional<FilterPredicate> ordered(
          VariantPredicate p,
          C col,
          Function<Literal, Optional<T>> convert,
          UnaryOperator<T> lowerInclusive,
          UnaryOperator<T> upperInclusive) {
    return switch (p.op()) {
      case IS_NULL -> Optional.of(FilterApi.eq(col, null));
      case EQ ->
          convert
              .apply(p.literal())
              .map(v -> range(col, lowerInclusive.apply(v), upperInclusive.apply(v)));
      case LT -> convert.apply(p.literal()).map(v -> FilterApi.lt(col, v));
      case GT -> convert.apply(p.literal()).map(v -> FilterApi.gt(col, v));
      case BETWEEN ->
          convert
              .apply(p.literal())
              .flatMap(
                  lo ->
                      convert
                          .apply(p.upperBound())
                          .map(
                              hi ->
                                  range(col, lowerInclusive.apply(lo), upperInclusive.apply(hi))));
    };
  }

  private static <T extends Comparable<T>, C extends Operators.Column<T> & Operators.SupportsLtGt>
      FilterPredicate range(C col, T low, T high) {
    return FilterApi.and(FilterApi.gtEq(col, low), FilterApi.ltEq(col, high));
  }

  /** INT32: plain or signed INT(8/16/32) integers, DATE days, or DECIMAL unscaled values. */
  private static Optional<Integer> int32(Literal l, LogicalTypeAnnotation a) {
    if (a instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
      return l.kind() == Literal.Kind.DATE ? Optional.of(l.epochDay()) : Optional.empty();
    }
    return exactInteger(l, a).filter(i -> i.bitLength() < Integer.SIZE).map(BigInteger::intValue);
  }

  /**
   * INT64: plain or signed INT(64) integers, or DECIMAL unscaled values (never times or
   * timestamps).
   */
  private static Optional<Long> int64(Literal l, LogicalTypeAnnotation a) {
    return exactInteger(l, a).filter(i -> i.bitLength() < Long.SIZE).map(BigInteger::longValue);
  }

  /**
   * The integer a number literal stores as in an integer or decimal column, if it is exact there.
   */
  private static Optional<BigInteger> exactInteger(Literal l, LogicalTypeAnnotation a) {
    if (!l.isExactNumeric()) {
      return Optional.empty();
    }
    if (a == null || (a instanceof IntLogicalTypeAnnotation i && i.isSigned())) {
      return unscaledAt(l.decimal(), 0);
    }
    if (a instanceof DecimalLogicalTypeAnnotation d) {
      return unscaledAt(l.decimal(), d.getScale());
    }
    return Optional.empty();
  }

  /** {@code d}'s unscaled value at {@code scale}, if no digit is lost. */
  private static Optional<BigInteger> unscaledAt(BigDecimal d, int scale) {
    BigDecimal x = d;
    if (x.scale() > scale) {
      x = x.stripTrailingZeros();
      if (x.scale() > scale) {
        return Optional.empty();
      }
    }
    return Optional.of(x.setScale(scale).unscaledValue());
  }

  private static Optional<Double> float64(Literal l) {
    return l.kind() == Literal.Kind.DOUBLE && !Double.isNaN(l.doubleValue())
        ? Optional.of(l.doubleValue())
        : Optional.empty();
  }

  /**
   * STRING columns take string literals; DECIMAL ones the big-endian unscaled value (fixed length:
   * sign-extended).
   */
  private static Optional<Binary> binary(Literal l, PrimitiveType type) {
    LogicalTypeAnnotation a = type.getLogicalTypeAnnotation();
    if (a instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation) {
      return l.kind() == Literal.Kind.STRING
          ? Optional.of(Binary.fromConstantByteArray(l.utf8()))
          : Optional.empty();
    }
    if (!(a instanceof DecimalLogicalTypeAnnotation d) || !l.isExactNumeric()) {
      return Optional.empty();
    }
    Optional<BigInteger> unscaled = unscaledAt(l.decimal(), d.getScale());
    if (type.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.BINARY) {
      return unscaled.map(u -> Binary.fromConstantByteArray(u.toByteArray()));
    }
    int length = type.getTypeLength();
    return unscaled
        .filter(u -> u.bitLength() < 8 * length) // fits the fixed length with its sign bit
        .map(
            u ->
                Binary.fromConstantByteArray(DecimalBytes.signExtended(u, length, type.getName())));
  }
}
