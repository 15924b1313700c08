// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.filter;

import io.variant.core.Variant;
import io.variant.parquet.VariantRecord;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.schema.MessageType;

/**
 * A condition on the Variants of a row: a {@link VariantPredicate}, or {@code and}, {@code or} and
 * {@code not} of conditions.
 *
 * <pre>{@code
 * VariantCondition c = VariantCondition.or(
 *     VariantPredicate.ge("event", "$.age", Literal.of(65)),
 *     VariantCondition.not(VariantPredicate.isNull("event", "$.vip")));
 * }</pre>
 *
 * <p><b>Meaning</b> ({@link #test}): two-valued logic. Each predicate is true or false for a row (a
 * missing path or an incomparable value makes a comparison false, not unknown), so {@code not} is
 * plain negation: {@code not ($.age > 30)} matches the rows without an age.
 *
 * <p><b>Pruning</b> ({@link #toFilterPredicate}) skips a row group only where the statistics prove
 * that no row matches: {@code and} where either side proves it, {@code or} only where both do.
 * {@code not} is first pushed down to the predicates (De Morgan's laws, exact in two-valued logic);
 * a negated predicate gives no filter, because the rows it matches (missing paths, other classes,
 * NaN) are ones statistics do not count. <b>Thread safety:</b> immutable.
 */
public sealed interface VariantCondition
    permits VariantPredicate, VariantCondition.And, VariantCondition.Or, VariantCondition.Not {

  /** Both hold. */
  static VariantCondition and(VariantCondition left, VariantCondition right) {
    return new And(left, right);
  }

  /** Either holds. */
  static VariantCondition or(VariantCondition left, VariantCondition right) {
    return new Or(left, right);
  }

  /** The condition does not hold. */
  static VariantCondition not(VariantCondition condition) {
    return new Not(condition);
  }

  /**
   * The exact answer for a row whose VARIANT columns {@code variants} gives by name ({@code null}:
   * SQL NULL).
   *
   * @throws io.variant.core.VariantFormatException if a Variant is malformed on the way to a path
   */
  boolean test(Function<String, Variant> variants);

  /**
   * {@link #test(Function)} on the record's columns.
   *
   * @throws IllegalArgumentException if the record lacks a VARIANT column the condition reads
   */
  default boolean test(VariantRecord record) {
    return test(record::variant);
  }

  /** {@link #test(Function)} for a condition on one column, whose Variant is {@code v}. */
  default boolean test(Variant v) {
    return test(column -> v);
  }

  /**
   * The Parquet predicate that skips row groups of a file with this schema where statistics prove
   * that no row matches (see the class comment); empty if none can be proved.
   */
  default Optional<FilterPredicate> toFilterPredicate(MessageType fileSchema) {
    return ConditionTranslator.translate(this, fileSchema);
  }

  /** {@link #toFilterPredicate} as a filter, {@link FilterCompat#NOOP} when there is none. */
  default FilterCompat.Filter toParquetFilter(MessageType fileSchema) {
    return toFilterPredicate(fileSchema).map(FilterCompat::get).orElse(FilterCompat.NOOP);
  }

  /** Both sides hold. */
  record And(VariantCondition left, VariantCondition right) implements VariantCondition {
    public And {
      Objects.requireNonNull(left, "left");
      Objects.requireNonNull(right, "right");
    }

    @Override
    public boolean test(Function<String, Variant> variants) {
      return left.test(variants) && right.test(variants);
    }

    @Override
    public String toString() {
      return "(" + left + " and " + right + ")";
    }
  }

  /** Either side holds. */
  record Or(VariantCondition left, VariantCondition right) implements VariantCondition {
    public Or {
      Objects.requireNonNull(left, "left");
      Objects.requireNonNull(right, "right");
    }

    @Override
    public boolean test(Function<String, Variant> variants) {
      return left.test(variants) || right.test(variants);
    }

    @Override
    public String toString() {
      return "(" + left + " or " + right + ")";
    }
  }

  /** The condition does not hold. */
  record Not(VariantCondition condition) implements VariantCondition {
    public Not {
      Objects.requireNonNull(condition, "condition");
    }

    @Override
    public boolean test(Function<String, Variant> variants) {
      return !condition.test(variants);
    }

    @Override
    public String toString() {
      return "not " + condition;
    }
  }
}
