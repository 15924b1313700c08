// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.filter;

import java.io.Serializable;
import java.util.Optional;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.predicate.Operators;
import org.apache.parquet.filter2.predicate.UserDefinedPredicate;
import org.apache.parquet.schema.PrimitiveType;

/**
 * The comparison of a {@link VariantPredicate} on one typed column: {@code is null} as Parquet's
 * {@code eq(column, null)}, every other operator as a {@link TypedValueFilter}, which compares the
 * column's values with the literal by the row test's own order (numbers by value, whatever the
 * column's numeric type and the literal's notation). Empty when the literal's class differs from
 * the column's (a string literal on a numeric column: VariantShredding §Data Skipping allows
 * comparisons against the shredded type only) or the column's type takes no literal (times,
 * binaries, UUIDs).
 *
 * <p>No operator goes through Parquet's built-in {@code eq}, {@code lt} or {@code gt}: those trust
 * min and max as they are (min above max skipped row groups that held matches), tell {@code -0.0}
 * from {@code 0.0} in dictionaries, and compare only values of the column's own physical type.
 */
final class TypedComparison {
  private TypedComparison() {}

  static Optional<FilterPredicate> build(VariantPredicate p, PrimitiveType type, String column) {
    if (p.op() == VariantPredicate.Op.IS_NULL) {
      return isNull(type, column);
    }
    return TypedColumn.of(type)
        .filter(c -> p.literals().stream().allMatch(c::takes))
        .map(c -> compare(type, column, c, p));
  }

  private static Optional<FilterPredicate> isNull(PrimitiveType type, String column) {
    return switch (type.getPrimitiveTypeName()) {
      case BOOLEAN -> Optional.of(FilterApi.eq(FilterApi.booleanColumn(column), null));
      case INT32 -> Optional.of(FilterApi.eq(FilterApi.intColumn(column), null));
      case INT64 -> Optional.of(FilterApi.eq(FilterApi.longColumn(column), null));
      case FLOAT -> Optional.of(FilterApi.eq(FilterApi.floatColumn(column), null));
      case DOUBLE -> Optional.of(FilterApi.eq(FilterApi.doubleColumn(column), null));
      case BINARY, FIXED_LEN_BYTE_ARRAY ->
          Optional.of(FilterApi.eq(FilterApi.binaryColumn(column), null));
      case INT96 -> Optional.empty(); // never a shredded type
    };
  }

  private static FilterPredicate compare(
      PrimitiveType type, String column, TypedColumn reading, VariantPredicate p) {
    return switch (type.getPrimitiveTypeName()) {
      case BOOLEAN -> userDefined(FilterApi.booleanColumn(column), filter(reading, p));
      case INT32 -> userDefined(FilterApi.intColumn(column), filter(reading, p));
      case INT64 -> userDefined(FilterApi.longColumn(column), filter(reading, p));
      case FLOAT -> userDefined(FilterApi.floatColumn(column), filter(reading, p));
      case DOUBLE -> userDefined(FilterApi.doubleColumn(column), filter(reading, p));
      case BINARY, FIXED_LEN_BYTE_ARRAY ->
          userDefined(FilterApi.binaryColumn(column), filter(reading, p));
      case INT96 -> throw new IllegalArgumentException("no typed column is INT96");
    };
  }

  private static <T extends Comparable<T>> TypedValueFilter<T> filter(
      TypedColumn reading, VariantPredicate p) {
    return new TypedValueFilter<>(reading, p.op(), p.literals());
  }

  private static <T extends Comparable<T>, U extends UserDefinedPredicate<T> & Serializable>
      FilterPredicate userDefined(Operators.Column<T> column, U udp) {
    return FilterApi.userDefined(column, udp);
  }
}
