// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import io.variant.parquet.filter.Literal;
import io.variant.parquet.filter.VariantPredicate;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link VariantPredicate} as Configuration text: {@code
 * ["event","$.user.age","BETWEEN","LONG","18","LONG","30"]} (column, path, operator, then kind and
 * value of each literal). Values are written as {@link Literal#toString()} prints them and read
 * back by kind.
 */
final class PredicateText {
  private PredicateText() {}

  static String of(VariantPredicate p) {
    List<String> items = new ArrayList<>(List.of(p.column(), p.path().toString(), p.op().name()));
    for (Literal l : p.literals()) {
      items.add(l.kind().name());
      items.add(valueText(l));
    }
    return ConfText.ofList(items);
  }

  /**
   * @throws IllegalArgumentException if the text is not one that {@link #of} writes
   */
  static VariantPredicate parse(String key, String text) {
    List<String> items = ConfText.toList(key, text);
    try {
      String column = items.get(0);
      String path = items.get(1);
      VariantPredicate.Op op = VariantPredicate.Op.valueOf(items.get(2));
      return switch (op) {
        case EQ -> VariantPredicate.eq(column, path, literal(items, 3));
        case LT -> VariantPredicate.lt(column, path, literal(items, 3));
        case GT -> VariantPredicate.gt(column, path, literal(items, 3));
        case NE -> VariantPredicate.ne(column, path, literal(items, 3));
        case LE -> VariantPredicate.le(column, path, literal(items, 3));
        case GE -> VariantPredicate.ge(column, path, literal(items, 3));
        case IN -> VariantPredicate.in(column, path, literals(items, 3));
        case BETWEEN ->
            VariantPredicate.between(column, path, literal(items, 3), literal(items, 5));
        case IS_NULL -> VariantPredicate.isNull(column, path);
      };
    } catch (
        RuntimeException
            e) { // a short list, an unknown operator or kind, a value that does not parse
      throw new IllegalArgumentException("Cannot read " + key + ": not a predicate: " + text, e);
    }
  }

  private static String valueText(Literal l) {
    String s = l.toString();
    return switch (l.kind()) {
      case STRING ->
          s.substring(1, s.length() - 1); // "..." without the quotes; the content is not escaped
      case DATE -> s.substring("date '".length(), s.length() - 1);
      default -> s;
    };
  }

  private static List<Literal> literals(List<String> items, int from) {
    List<Literal> literals = new ArrayList<>();
    for (int at = from; at < items.size(); at += 2) {
      literals.add(literal(items, at));
    }
    return literals;
  }

  private static Literal literal(List<String> items, int at) {
    String value = items.get(at + 1);
    return switch (Literal.Kind.valueOf(items.get(at))) {
      case LONG -> Literal.of(Long.parseLong(value));
      case DECIMAL -> Literal.of(new BigDecimal(value));
      case DOUBLE -> Literal.of(Double.parseDouble(value));
      case STRING -> Literal.of(value);
      case BOOLEAN -> Literal.of(Boolean.parseBoolean(value));
      case DATE -> Literal.of(LocalDate.parse(value));
    };
  }
}
