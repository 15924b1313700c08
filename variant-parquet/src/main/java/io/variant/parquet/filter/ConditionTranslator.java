// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.filter;

import java.util.Optional;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.schema.MessageType;

/**
 * Turns a {@link VariantCondition} into a Parquet predicate that only skips row groups in which no
 * row matches. A side that proves nothing weakens {@code and} to the other side and {@code or} to
 * nothing. Parquet's own {@code not} is never used: it would invert a predicate's filter, whose
 * residual escape ({@link PredicateTranslator}) does not invert; negation is pushed down to the
 * predicates instead, where it proves nothing.
 */
final class ConditionTranslator {
  private ConditionTranslator() {}

  static Optional<FilterPredicate> translate(VariantCondition c, MessageType schema) {
    return translate(c, false, schema);
  }

  private static Optional<FilterPredicate> translate(
      VariantCondition c, boolean negated, MessageType schema) {
    if (c instanceof VariantPredicate p) {
      return negated ? Optional.empty() : PredicateTranslator.translate(p, schema);
    }
    if (c instanceof VariantCondition.Not n) {
      return translate(n.condition(), !negated, schema);
    }
    boolean conjunction = c instanceof VariantCondition.And;
    VariantCondition left =
        conjunction ? ((VariantCondition.And) c).left() : ((VariantCondition.Or) c).left();
    VariantCondition right =
        conjunction ? ((VariantCondition.And) c).right() : ((VariantCondition.Or) c).right();
    Optional<FilterPredicate> l = translate(left, negated, schema);
    Optional<FilterPredicate> r = translate(right, negated, schema);
    // not (a and b) = not a or not b; not (a or b) = not a and not b
    if (conjunction != negated) {
      if (l.isEmpty()) {
        return r;
      }
      return r.isEmpty() ? l : Optional.of(FilterApi.and(l.get(), r.get()));
    }
    return l.isPresent() && r.isPresent()
        ? Optional.of(FilterApi.or(l.get(), r.get()))
        : Optional.empty();
  }
}
