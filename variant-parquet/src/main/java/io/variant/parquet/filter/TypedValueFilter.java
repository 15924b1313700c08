// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.filter;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import org.apache.parquet.filter2.predicate.Statistics;
import org.apache.parquet.filter2.predicate.UserDefinedPredicate;

/**
 * A comparison of a {@link VariantPredicate} on one typed column, for parquet-java's statistics and
 * dictionary filters: {@link #keep} says whether a value (a dictionary entry) matches, by the same
 * order as the row test ({@link TypedColumn}, {@link NumberOrder}); {@link #canDrop} says whether
 * no value between a chunk's min and max can match: neither by the column's order nor, for strings
 * that compare with the literal by the time they name, by the times the bounds allow ({@link
 * TextTimeRange}). Statistics that cannot bound the values (min above max, a NaN or unreadable
 * bound) drop nothing: the row group is read and its rows tested.
 *
 * <p>Serializable, because Hadoop's {@code ParquetInputFormat} passes filters to tasks in the job
 * configuration. <b>Thread safety:</b> immutable.
 *
 * @param <T> the column's physical Java type (Integer, Long, Float, Double, Boolean, Binary)
 */
final class TypedValueFilter<T extends Comparable<T>> extends UserDefinedPredicate<T>
    implements Serializable {
  private static final long serialVersionUID = 1L;

  private final TypedColumn column;
  private final VariantPredicate.Op op; // any but IS_NULL
  private final List<Literal> literals; // as VariantPredicate#literals

  TypedValueFilter(TypedColumn column, VariantPredicate.Op op, List<Literal> literals) {
    this.column = Objects.requireNonNull(column, "column");
    this.op = op;
    this.literals = List.copyOf(literals);
  }

  /** Whether a row whose typed value is {@code value} matches; null (no typed value) never does. */
  @Override
  public boolean keep(T value) {
    if (value == null) {
      return false;
    }
    if (!column.readable(value)) {
      return true; // reading the row fails, with a message
    }
    return VariantPredicate.matches(op, literals, l -> column.compare(value, l));
  }

  @Override
  public boolean canDrop(Statistics<T> statistics) {
    T min = statistics.getMin();
    T max = statistics.getMax();
    if (column.flaw(min, max, statistics.getComparator()).isPresent() || timesMayMatch(min, max)) {
      return false;
    }
    if (op == VariantPredicate.Op.IN) {
      return literals.stream().allMatch(l -> canDrop(VariantPredicate.Op.EQ, l, min, max));
    }
    return canDrop(op, literals.get(0), min, max);
  }

  /**
   * Whether strings between min and max that compare by the time they name may match: only in a
   * column of strings, with a literal that names a time or is a date ({@link Literal}). The text
   * order that bounds the other strings below does not bound them ({@code ...:00Z} sorts after
   * {@code ...:00.250Z}); {@link TextTimeRange} does.
   */
  private boolean timesMayMatch(T min, T max) {
    return column.holdsText()
        && literals.stream().anyMatch(Literal::namesTime)
        && TextTimeRange.between(column.text(min), column.text(max)).mayMatch(op, literals);
  }

  /**
   * Whether no value between min and max compares with {@code l} as {@code op} asks (BETWEEN: with
   * l as the lower bound and the upper one from {@link #literals}); strings by their text.
   */
  private boolean canDrop(VariantPredicate.Op op, Literal l, T min, T max) {
    OptionalInt minVsLow = column.compareBound(min, l);
    OptionalInt maxVsLow = column.compareBound(max, l);
    if (minVsLow.isEmpty() || maxVsLow.isEmpty()) {
      // numbers, and the literal is NaN, which nothing matches; or strings, and the literal a date,
      // which only strings that name times match (timesMayMatch said none can)
      return true;
    }
    int lo = minVsLow.getAsInt();
    int hi = maxVsLow.getAsInt();
    return switch (op) {
      case EQ -> hi < 0 || lo > 0;
      case NE -> lo == 0 && hi == 0; // every value equals the literal
      case LT -> lo >= 0;
      case LE -> lo > 0;
      case GT -> hi <= 0;
      case GE -> hi < 0;
      case BETWEEN -> hi < 0 || column.compareBound(min, literals.get(1)).orElse(1) > 0;
      case IN, IS_NULL -> false;
    };
  }

  /** The filter is never negated ({@link PredicateTranslator} does not use {@code not}). */
  @Override
  public boolean inverseCanDrop(Statistics<T> statistics) {
    return false;
  }

  /** {@code between 1 and 2.5}: what parquet-java prints inside its {@code userdefined(...)}. */
  @Override
  public String toString() {
    return VariantPredicate.operation(op, literals);
  }
}
