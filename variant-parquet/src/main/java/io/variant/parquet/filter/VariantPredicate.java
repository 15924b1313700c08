// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.filter;

import io.variant.core.Variant;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantRecord;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Supplier;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.schema.MessageType;

/**
 * A condition on the value at a path of one VARIANT column, used to skip row groups: {@code =},
 * {@code <}, {@code >}, {@code between} (inclusive) and {@code is null}.
 *
 * <pre>{@code
 * VariantPredicate p = VariantPredicate.between("event", "$.user.age", Literal.of(18), Literal.of(30));
 * FilterCompat.Filter f = p.toParquetFilter(fileSchema); // NOOP when the path is not fully shredded
 * boolean hit = p.test(row.variant("event"));            // the exact answer for one row
 * }</pre>
 *
 * <p><b>Meaning</b> ({@link #test}): the path is extracted from the row's Variant; a comparison
 * matches when the value there is comparable with the literal and compares as asked (see {@link
 * Literal}: numbers of every type and notation by value, NaN matching nothing; strings, booleans
 * and dates within their own class). {@code isNull} matches when the row is SQL NULL, the path is
 * missing, or the value is Variant null; comparisons never match those rows. There is no negated
 * operator, so no comparison ever matches a NaN or a value of another class.
 *
 * <p><b>Pruning</b> ({@link #toParquetFilter}) only ever skips row groups in which no row can
 * match: it compares the literal with the min/max (and dictionary) of the path's typed column by
 * the row test's own order, but only where that column's sibling residual is all-null in that row
 * group, so that every present value there is one the typed column holds (VariantShredding
 * §Skipping, digest §D.5). Statistics that cannot bound the values (min above max, a NaN bound) are
 * ignored: the row group is read ({@link RowGroupPruning#ignoredStatistics}). The residuals of the
 * objects along the path may hold other fields: a shredded field never appears in them. A path
 * through an array, through a field that is not shredded, to a non-scalar, or a literal whose class
 * differs from the typed column's (a string on a numeric column) gives no filter. Use the filter
 * for row groups only ({@link RowGroupPruning}); rows of a kept row group must still be tested with
 * {@link #test}. <b>Thread safety:</b> immutable.
 */
public final class VariantPredicate {
  /** The comparison. */
  public enum Op {
    EQ,
    LT,
    GT,
    /** {@code low <= value <= high}. */
    BETWEEN,
    /** SQL NULL row, missing path, or Variant null. */
    IS_NULL
  }

  private final String column;
  private final VariantPath path;
  private final Op op;
  private final Literal low; // the literal of EQ/LT/GT, or BETWEEN's lower bound; null for IS_NULL
  private final Literal high; // BETWEEN's upper bound, else null

  private VariantPredicate(String column, String path, Op op, Literal low, Literal high) {
    this.column = Objects.requireNonNull(column, "column");
    this.path = VariantPath.parse(Objects.requireNonNull(path, "path"));
    this.op = op;
    this.low = low;
    this.high = high;
  }

  /**
   * {@code value at path == literal}.
   *
   * @param path a path such as {@code $.user.age} (see {@link VariantPath})
   * @throws io.variant.core.path.VariantPathException if the path does not parse
   */
  public static VariantPredicate eq(String column, String path, Literal literal) {
    return new VariantPredicate(
        column, path, Op.EQ, Objects.requireNonNull(literal, "literal"), null);
  }

  /** {@code value at path < literal}; see {@link #eq}. */
  public static VariantPredicate lt(String column, String path, Literal literal) {
    return new VariantPredicate(
        column, path, Op.LT, Objects.requireNonNull(literal, "literal"), null);
  }

  /** {@code value at path > literal}; see {@link #eq}. */
  public static VariantPredicate gt(String column, String path, Literal literal) {
    return new VariantPredicate(
        column, path, Op.GT, Objects.requireNonNull(literal, "literal"), null);
  }

  /**
   * {@code low <= value at path <= high}; see {@link #eq}.
   *
   * @throws IllegalArgumentException if the bounds are of different classes (a number and a
   *     string); numbers of any notation are one class
   */
  public static VariantPredicate between(String column, String path, Literal low, Literal high) {
    Objects.requireNonNull(low, "low");
    Objects.requireNonNull(high, "high");
    if (!low.sameClass(high)) {
      throw new IllegalArgumentException(
          "Cannot compare with bounds " + low + " and " + high + ": they are of different classes");
    }
    return new VariantPredicate(column, path, Op.BETWEEN, low, high);
  }

  /**
   * The row is SQL NULL, the path is missing, or the value there is Variant null; see {@link #eq}.
   */
  public static VariantPredicate isNull(String column, String path) {
    return new VariantPredicate(column, path, Op.IS_NULL, null, null);
  }

  /** The VARIANT column the predicate reads. */
  public String column() {
    return column;
  }

  /** The path inside the column's Variants. */
  public VariantPath path() {
    return path;
  }

  /** The comparison. */
  public Op op() {
    return op;
  }

  /**
   * The literal of {@code eq}, {@code lt} and {@code gt}, or the lower bound of {@code between};
   * null for {@code isNull}.
   */
  public Literal literal() {
    return low;
  }

  /** The upper bound of {@code between}, else null. */
  public Literal upperBound() {
    return high;
  }

  /**
   * The exact answer for one row's Variant of this column ({@code null}: SQL NULL).
   *
   * @throws io.variant.core.VariantFormatException if the Variant is malformed on the way to the
   *     path
   */
  public boolean test(Variant v) {
    Variant x = v == null ? null : path.extract(v);
    if (op == Op.IS_NULL) {
      return x == null || x.isNull();
    }
    if (x == null) {
      return false;
    }
    return matches(op, low.compare(x), () -> high.compare(x));
  }

  /**
   * Whether a value matches a comparison, given its order against the literal (or lower bound) and,
   * asked only for {@code between}, against the upper bound; empty: incomparable, no match.
   */
  static boolean matches(Op op, OptionalInt vsLow, Supplier<OptionalInt> vsHigh) {
    if (vsLow.isEmpty()) {
      return false;
    }
    int c = vsLow.getAsInt();
    return switch (op) {
      case EQ -> c == 0;
      case LT -> c < 0;
      case GT -> c > 0;
      case BETWEEN -> c >= 0 && vsHigh.get().orElse(1) <= 0;
      case IS_NULL -> throw new IllegalArgumentException("IS NULL compares with no literal");
    };
  }

  /**
   * {@link #test(Variant)} on the record's column.
   *
   * @throws IllegalArgumentException if the record has no such VARIANT column
   */
  public boolean test(VariantRecord record) {
    return test(record.variant(column));
  }

  /**
   * The Parquet predicate that skips row groups of a file with this schema, if the path is fully
   * shredded there (see the class comment).
   */
  public Optional<FilterPredicate> toFilterPredicate(MessageType fileSchema) {
    return PredicateTranslator.translate(this, fileSchema);
  }

  /** {@link #toFilterPredicate} as a filter, {@link FilterCompat#NOOP} when there is none. */
  public FilterCompat.Filter toParquetFilter(MessageType fileSchema) {
    return toFilterPredicate(fileSchema).map(FilterCompat::get).orElse(FilterCompat.NOOP);
  }

  /** {@code event $.user.age between 18 and 30}. */
  @Override
  public String toString() {
    String target = column + " " + path;
    return switch (op) {
      case EQ -> target + " = " + low;
      case LT -> target + " < " + low;
      case GT -> target + " > " + low;
      case BETWEEN -> target + " between " + low + " and " + high;
      case IS_NULL -> target + " is null";
    };
  }
}
