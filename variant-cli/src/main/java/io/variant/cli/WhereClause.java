// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.core.path.VariantPathException;
import io.variant.parquet.filter.Literal;
import io.variant.parquet.filter.VariantCondition;
import io.variant.parquet.filter.VariantPredicate;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * {@code --where CONDITION}: comparisons {@code $.age > 30}, {@code $.age >= 30}, {@code $.name =
 * 'ann'}, {@code $.name != 'ann'}, {@code $.day = 2024-05-01}, {@code $.score between 1.5 and 2e1},
 * {@code $.tag in ('a', 'b')}, {@code $.tag is null}, {@code $.tag is not null}, joined by {@code
 * not}, {@code and} and {@code or} (binding in that order, tightest first) and grouped by
 * parentheses. Values: numbers in any notation and of any size ({@code 7}, {@code 1.50}, {@code
 * 1e-3}, {@code 123456789012345678901234567890}), each taken as its exact decimal value, which
 * compares with every numeric Variant type by value (see {@link Literal}); {@code 'text'} or {@code
 * "text"}; {@code true}/{@code false}; and dates {@code YYYY-MM-DD}, which compare as the quoted
 * date does with dates, timestamps and strings that name them, but with no other text. Rows match
 * as {@link VariantCondition#test} says (two-valued: {@code not $.a > 1} matches rows without
 * {@code $.a}); row groups are skipped where statistics prove that no row matches.
 */
final class WhereClause {
  /** What a condition looks like, for error messages. */
  static final String SYNTAX =
      "a condition is PATH OP VALUE (OP: =, !=, <>, <, <=, >, >=), PATH between A and B,"
          + " PATH in (A, B, ...) or PATH is [not] null, combined with not, and, or and"
          + " parentheses, e.g. $.age >= 30 and not $.tag in ('x', 'y')";

  /** A JSON-like number: integer, decimal or exponent notation, of any size. */
  private static final Pattern NUMBER =
      Pattern.compile("[-+]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?");

  private final WhereTokens words;
  private final String column;

  private WhereClause(WhereTokens words, String column) {
    this.words = words;
    this.column = column;
  }

  /**
   * The condition on the VARIANT column {@code column}.
   *
   * @throws IllegalArgumentException with a message for the user if {@code text} does not parse
   */
  static VariantCondition parse(String text, String column) {
    try {
      WhereTokens words = WhereTokens.of(text);
      if (words.atEnd()) {
        throw new IllegalArgumentException("it is empty");
      }
      VariantCondition c = new WhereClause(words, column).or();
      if (!words.atEnd()) {
        throw new IllegalArgumentException("'" + words.peek() + "' is not expected there");
      }
      return c;
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "--where '" + text + "': " + e.getMessage() + "; " + SYNTAX, e);
    }
  }

  private VariantCondition or() {
    VariantCondition c = and();
    while (words.accept("or")) {
      c = VariantCondition.or(c, and());
    }
    return c;
  }

  private VariantCondition and() {
    VariantCondition c = unary();
    while (words.accept("and")) {
      c = VariantCondition.and(c, unary());
    }
    return c;
  }

  private VariantCondition unary() {
    if (words.accept("not")) {
      return VariantCondition.not(unary());
    }
    if (words.accept("(")) {
      VariantCondition c = or();
      words.expect(")");
      return c;
    }
    return comparison();
  }

  private VariantCondition comparison() {
    String path = words.take("a condition");
    if (!path.startsWith("$")) {
      throw new IllegalArgumentException("'" + path + "' is not a path (a path starts with $)");
    }
    try {
      return comparison(path);
    } catch (VariantPathException e) {
      throw new IllegalArgumentException(e.getMessage() + " in path '" + path + "'", e);
    }
  }

  private VariantCondition comparison(String path) {
    String op = words.take("an operator after '" + path + "'");
    switch (op.toLowerCase(Locale.ROOT)) {
      case "between":
        Literal low = value();
        words.expect("and");
        return VariantPredicate.between(column, path, low, value());
      case "is":
        boolean not = words.accept("not");
        words.expect("null");
        VariantPredicate isNull = VariantPredicate.isNull(column, path);
        return not ? VariantCondition.not(isNull) : isNull;
      case "in":
        return VariantPredicate.in(column, path, values());
      case "not":
        if (words.accept("in")) {
          // as SQL's NOT IN: unequal to each value, so false where the path is missing or null,
          // as != is (not PATH in (...) keeps those rows)
          VariantCondition all = null;
          for (Literal v : values()) {
            VariantCondition ne = VariantPredicate.ne(column, path, v);
            all = all == null ? ne : VariantCondition.and(all, ne);
          }
          return all;
        }
        break;
      case "=":
      case "==":
        return VariantPredicate.eq(column, path, value());
      case "!=":
      case "<>":
        return VariantPredicate.ne(column, path, value());
      case "<":
        return VariantPredicate.lt(column, path, value());
      case "<=":
        return VariantPredicate.le(column, path, value());
      case ">":
        return VariantPredicate.gt(column, path, value());
      case ">=":
        return VariantPredicate.ge(column, path, value());
      default:
        break;
    }
    String shown = op.equalsIgnoreCase("not") && words.peek() != null ? "not " + words.peek() : op;
    throw new IllegalArgumentException(shown + " is not supported after '" + path + "'");
  }

  private List<Literal> values() {
    words.expect("(");
    List<Literal> values = new ArrayList<>();
    do {
      values.add(value());
    } while (words.accept(","));
    words.expect(")");
    return values;
  }

  private Literal value() {
    return literal(words.take("a value"));
  }

  /** A value as written in a clause. */
  static Literal literal(String text) {
    String t = text.strip();
    if (t.length() >= 2
        && (t.charAt(0) == '\'' || t.charAt(0) == '"')
        && t.charAt(t.length() - 1) == t.charAt(0)) {
      String quote = t.substring(0, 1);
      return Literal.of(t.substring(1, t.length() - 1).replace(quote + quote, quote));
    }
    switch (t.toLowerCase(Locale.ROOT)) {
      case "true":
        return Literal.of(true);
      case "false":
        return Literal.of(false);
      default:
        break;
    }
    if (t.matches("\\d{4}-\\d{2}-\\d{2}")) {
      try {
        return Literal.of(LocalDate.parse(t));
      } catch (DateTimeParseException e) {
        throw new IllegalArgumentException("'" + t + "' is not a date", e);
      }
    }
    if (!NUMBER.matcher(t).matches()) {
      throw new IllegalArgumentException(
          "'"
              + t
              + "' is not a value: quote text ('"
              + t
              + "'), or give a number, true, false or a date YYYY-MM-DD");
    }
    try {
      return Literal.of(new BigDecimal(t)); // exact, whatever the notation
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "'" + t + "' is a number whose exponent is out of range", e);
    }
  }
}
