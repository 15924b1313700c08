// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.filter;

import io.variant.core.Variant;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantRecord;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A condition on the value at a path of one VARIANT column, used to skip row groups: {@code =},
 * {@code !=}, {@code <}, {@code <=}, {@code >}, {@code >=}, {@code between} (inclusive), {@code in}
 * and {@code is null}; {@link VariantCondition} combines them.
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
 * and dates within their own class; a literal that names a time with timestamps, dates and the
 * strings {@code convert --infer-temporal} would store as such, by that time). {@code isNull}
 * matches when the row is SQL NULL, the path is missing, or the value is Variant null; comparisons
 * never match those rows, and no comparison, not even {@code !=}, matches a NaN or a value of
 * another class ({@code not} in a {@link VariantCondition} does).
 *
 * <p><b>Pruning</b> ({@link #toParquetFilter}) only ever skips row groups in which no row can
 * match: it compares the literal with the min/max (and dictionary) of the path's typed column by
 * the row test's own order (strings that name a time by the times the min and max allow), but only
 * where that column's sibling residual is all-null in that row group, so that every present value
 * there is one the typed column holds (VariantShredding §Data Skipping). Statistics that cannot
 * bound the values (min above max, a NaN bound) are ignored: the row group is read ({@link
 * RowGroupPruning#ignoredStatistics}). The residuals of the objects along the path may hold other
 * fields: a shredded field never appears in them. A path through an array, through a field that is
 * not shredded, to a non-scalar, or a literal whose class differs from the typed column's (a string
 * on a numeric column) gives no filter; {@code in} is skipped where every literal is ruled out,
 * {@code !=} where min and max both equal the literal. Use the filter for row groups only ({@link
 * RowGroupPruning}); rows of a kept row group must still be tested with {@link #test}. <b>Thread
 * safety:</b> immutable.
 */
public final class VariantPredicate implements VariantCondition {
  /** The comparison. */
  public enum Op {
    EQ,
    LT,
    GT,
    /** {@code low <= value <= high}. */
    BETWEEN,
    /** SQL NULL row, missing path, or Variant null. */
    IS_NULL,
    /** A comparable value other than the literal. */
    NE,
    LE,
    GE,
    /** Equal to one of the literals. */
    IN
  }

  private final String column;
  private final VariantPath path;
  private final Op op;
  // one for EQ, NE, LT, LE, GT, GE; BETWEEN's bounds; IN's set; none for IS_NULL
  private final List<Literal> literals;

  private VariantPredicate(String column, String path, Op op, List<Literal> literals) {
    this.column = Objects.requireNonNull(column, "column");
    this.path = VariantPath.parse(Objects.requireNonNull(path, "path"));
    this.op = op;
    this.literals = List.copyOf(literals);
  }

  private static VariantPredicate compare(String column, String path, Op op, Literal literal) {
    return new VariantPredicate(
        column, path, op, List.of(Objects.requireNonNull(literal, "literal")));
  }

  /**
   * {@code value at path == literal}.
   *
   * @param path a path such as {@code $.user.age} (see {@link VariantPath})
   * @throws io.variant.core.path.VariantPathException if the path does not parse
   */
  public static VariantPredicate eq(String column, String path, Literal literal) {
    return compare(column, path, Op.EQ, literal);
  }

  /** {@code value at path < literal}; see {@link #eq}. */
  public static VariantPredicate lt(String column, String path, Literal literal) {
    return compare(column, path, Op.LT, literal);
  }

  /** {@code value at path <= literal}; see {@link #eq}. */
  public static VariantPredicate le(String column, String path, Literal literal) {
    return compare(column, path, Op.LE, literal);
  }

  /** {@code value at path >= literal}; see {@link #eq}. */
  public static VariantPredicate ge(String column, String path, Literal literal) {
    return compare(column, path, Op.GE, literal);
  }

  /**
   * {@code value at path != literal}: a value comparable with the literal and not equal to it (a
   * missing path, Variant null, NaN or a value of another class does not match); see {@link #eq}.
   */
  public static VariantPredicate ne(String column, String path, Literal literal) {
    return compare(column, path, Op.NE, literal);
  }

  /**
   * {@code value at path in (literals...)}: equal to one of them; see {@link #eq}.
   *
   * @throws IllegalArgumentException if there are no literals
   */
  public static VariantPredicate in(String column, String path, List<Literal> literals) {
    if (literals.isEmpty()) {
      throw new IllegalArgumentException("in (...) needs at least one value");
    }
    return new VariantPredicate(column, path, Op.IN, literals);
  }

  /** {@code value at path > literal}; see {@link #eq}. */
  public static VariantPredicate gt(String column, String path, Literal literal) {
    return compare(column, path, Op.GT, literal);
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
    return new VariantPredicate(column, path, Op.BETWEEN, List.of(low, high));
  }

  /**
   * The row is SQL NULL, the path is missing, or the value there is Variant null; see {@link #eq}.
   */
  public static VariantPredicate isNull(String column, String path) {
    return new VariantPredicate(column, path, Op.IS_NULL, List.of());
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
   * The literal of a comparison, the lower bound of {@code between}, or the first of {@code in};
   * null for {@code isNull}.
   */
  public Literal literal() {
    return literals.isEmpty() ? null : literals.get(0);
  }

  /** The upper bound of {@code between}, else null. */
  public Literal upperBound() {
    return op == Op.BETWEEN ? literals.get(1) : null;
  }

  /** Every literal: one for a comparison, two for {@code between}, the set of {@code in}. */
  public List<Literal> literals() {
    return literals;
  }

  /**
   * The exact answer for one row's Variant of this column ({@code null}: SQL NULL).
   *
   * @throws io.variant.core.VariantFormatException if the Variant is malformed on the way to the
   *     path
   */
  @Override
  public boolean test(Variant v) {
    Variant x = v == null ? null : path.extract(v);
    if (op == Op.IS_NULL) {
      return x == null || x.isNull();
    }
    if (x == null) {
      return false;
    }
    return matches(op, literals, l -> l.compare(x));
  }

  /**
   * Whether a value matches a comparison, given its order against each literal ({@code vs}); empty:
   * incomparable, no match.
   */
  static boolean matches(Op op, List<Literal> literals, Function<Literal, OptionalInt> vs) {
    if (op == Op.IN) {
      return literals.stream().anyMatch(l -> vs.apply(l).orElse(1) == 0);
    }
    OptionalInt vsLow = vs.apply(literals.get(0));
    if (vsLow.isEmpty()) {
      return false;
    }
    int c = vsLow.getAsInt();
    return switch (op) {
      case EQ -> c == 0;
      case NE -> c != 0;
      case LT -> c < 0;
      case LE -> c <= 0;
      case GT -> c > 0;
      case GE -> c >= 0;
      case BETWEEN -> c >= 0 && vs.apply(literals.get(1)).orElse(1) <= 0;
      case IN, IS_NULL -> throw new IllegalArgumentException(op + " is not one comparison");
    };
  }

  /**
   * {@link #test(Variant)} on the record's column.
   *
   * @throws IllegalArgumentException if the record has no such VARIANT column
   */
  @Override
  public boolean test(VariantRecord record) {
    return test(record.variant(column));
  }

  /** {@link #test(Variant)} on the variant of this predicate's column. */
  @Override
  public boolean test(Function<String, Variant> variants) {
    return test(variants.apply(column));
  }

  /** {@code event $.user.age between 18 and 30}. */
  @Override
  public String toString() {
    return column + " " + path + " " + operation(op, literals);
  }

  /** {@code between 1 and 2.5}, {@code in (1, 2)}, {@code is null}: the operation as text. */
  static String operation(Op op, List<Literal> literals) {
    return switch (op) {
      case EQ -> "= " + literals.get(0);
      case NE -> "!= " + literals.get(0);
      case LT -> "< " + literals.get(0);
      case LE -> "<= " + literals.get(0);
      case GT -> "> " + literals.get(0);
      case GE -> ">= " + literals.get(0);
      case BETWEEN -> "between " + literals.get(0) + " and " + literals.get(1);
      case IN ->
          literals.stream().map(Literal::toString).collect(Collectors.joining(", ", "in (", ")"));
      case IS_NULL -> "is null";
    };
  }
}
