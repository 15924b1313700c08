// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.core.path.VariantPathException;
import io.variant.parquet.filter.Literal;
import io.variant.parquet.filter.VariantPredicate;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code get --where 'PATH OP VALUE'}: {@code $.age > 30}, {@code $.name = 'ann'}, {@code $.day =
 * 2024-05-01}, {@code $.score between 1.5 and 2e1}, {@code $.tag is null}. Values: numbers in any
 * notation and of any size ({@code 7}, {@code 1.50}, {@code 1e-3}, {@code
 * 123456789012345678901234567890}), each taken as its exact decimal value, which compares with
 * every numeric Variant type by value (see {@link Literal}); {@code 'text'} or {@code "text"};
 * {@code true}/{@code false}; and dates {@code YYYY-MM-DD}. Rows match as {@link
 * VariantPredicate#test} says; row groups are skipped where statistics allow.
 */
final class WhereClause {
  private static final Pattern CLAUSE =
      Pattern.compile(
          "\\s*(\\$\\S*?)\\s*(?:(=|==|<|>)\\s*(.+?)|\\s(?i:between)\\s+(.+?)\\s+(?i:and)\\s+(.+?)|\\s(?i:is\\s+null))\\s*");

  /** Operators users try that the predicate does not offer: named in the error, not misread. */
  private static final Pattern UNSUPPORTED_OP =
      Pattern.compile(
          "\\s*\\$[^\\s=<>!]*\\s*(>=|<=|!=|<>|=<|=>).*"
              + "|\\s*\\$\\S*\\s+((?i:is\\s+not\\s+null|not\\s+in|in|not\\s+like|like))(\\s.*)?");

  /** A JSON-like number: integer, decimal or exponent notation, of any size. */
  private static final Pattern NUMBER =
      Pattern.compile("[-+]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?");

  private WhereClause() {}

  /**
   * @throws IllegalArgumentException with a message for the user if {@code text} does not parse
   */
  static VariantPredicate parse(String text, String column) {
    Matcher unsupported = UNSUPPORTED_OP.matcher(text);
    if (unsupported.matches()) {
      throw new IllegalArgumentException(
          "--where '"
              + text
              + "': "
              + (unsupported.group(1) != null ? unsupported.group(1) : unsupported.group(2))
              + " is not supported (OP: =, <, >, between A and B, is null); "
              + "e.g. '$.n >= 10' is '$.n > 9' for integers, or '$.n between 10 and ...'");
    }
    Matcher m = CLAUSE.matcher(text);
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "--where '"
              + text
              + "' is not 'PATH OP VALUE' (OP: =, <, >, between A and B, is null), "
              + "e.g. '$.age > 30'");
    }
    String path = m.group(1);
    try {
      if (m.group(2) != null) {
        Literal value = literal(m.group(3));
        return switch (m.group(2)) {
          case "<" -> VariantPredicate.lt(column, path, value);
          case ">" -> VariantPredicate.gt(column, path, value);
          default -> VariantPredicate.eq(column, path, value);
        };
      }
      if (m.group(4) != null) {
        return VariantPredicate.between(column, path, literal(m.group(4)), literal(m.group(5)));
      }
      return VariantPredicate.isNull(column, path);
    } catch (VariantPathException e) {
      throw new IllegalArgumentException(e.getMessage() + " in --where path '" + path + "'", e);
    }
  }

  /** A value as written in a clause. */
  static Literal literal(String text) {
    String t = text.strip();
    if (t.length() >= 2
        && (t.charAt(0) == '\'' || t.charAt(0) == '"')
        && t.charAt(t.length() - 1) == t.charAt(0)) {
      return Literal.of(t.substring(1, t.length() - 1));
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
