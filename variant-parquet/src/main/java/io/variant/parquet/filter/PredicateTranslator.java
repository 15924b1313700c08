// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.filter;

import io.variant.core.path.Segment;
import io.variant.parquet.schema.ShreddedSchemaNode;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.schema.VariantSchema;
import io.variant.parquet.schema.VariantSchemaException;
import io.variant.shredding.ShreddingPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.predicate.Operators;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * Turns a {@link VariantPredicate} into a Parquet predicate over one file's columns: the comparison
 * on the path's typed column, OR-ed with {@code value IS NOT NULL} on that typed column's sibling
 * residual. So Parquet's statistics and dictionary filters drop a row group only if the path's own
 * residual is all-null there (then each value at the path has the typed column's type) and the
 * typed column rules the comparison out. spec: VariantShredding §Data Skipping (only the sibling
 * {@code value} counts).
 *
 * <p>The residuals of the objects along the path do not count: a shredded field never appears in
 * its object's residual (VariantShredding §Objects; the reader fails on it, or lets the typed field
 * win under {@code TYPED_WINS}), so a non-null residual there is either the object's other fields
 * or a value that is no object, where the path is missing and its typed column null. Partially
 * shredded objects, whose residual is non-null in most rows, therefore still prune.
 */
final class PredicateTranslator {
  private PredicateTranslator() {}

  static Optional<FilterPredicate> translate(VariantPredicate p, MessageType schema) {
    if (!schema.containsField(p.column())) {
      return Optional.empty();
    }
    Type column = schema.getType(p.column());
    if (!VariantSchema.isVariantGroup(column)) {
      return Optional.empty();
    }
    ShreddedSchemaNode node;
    try {
      node = VariantSchema.describe(column.asGroupType());
    } catch (VariantSchemaException e) {
      return Optional.empty(); // reading the file fails anyway, with that message
    }
    List<String> at = new ArrayList<>(List.of(p.column()));
    for (Segment s : p.path().segments()) {
      if (!(s instanceof Segment.Key key)
          || node.plan().shape() != ShreddingPlan.Shape.OBJECT
          || !node.hasTyped()) {
        return Optional.empty(); // an array step, or an object level that is not shredded as one
      }
      int field = node.plan().asObject().indexOf(key.name());
      if (field < 0) {
        return Optional.empty(); // the key lives in residuals only
      }
      at.add(node.typedField());
      at.add(key.name());
      node = node.fields().get(field);
    }
    if (node.plan().shape() != ShreddingPlan.Shape.SCALAR || !node.hasTyped()) {
      return Optional.empty();
    }
    if (at.stream().anyMatch(n -> n.indexOf('.') >= 0)) {
      // parquet-java's filter API splits column paths at dots
      return Optional.empty();
    }
    String slot = String.join(".", at);
    // A schema without the slot's residual column means it is all-null.
    Optional<String> residual =
        node.hasValue() ? Optional.of(slot + "." + node.valueField()) : Optional.empty();
    ShreddingLayout layout = node.layout();
    return TypedComparison.build(p, node.scalarType(), slot + "." + node.typedField())
        .map(
            typed ->
                residual
                    .<FilterPredicate>map(r -> FilterApi.or(typed, residualMayMatch(p, r, layout)))
                    .orElse(typed));
  }

  /**
   * Whether the residual {@code column} may hold a match: any value for {@code is null} or in the
   * draft layout; else where its values are Variant short strings of one length, only if their
   * range or dictionary holds a match ({@link TypedColumn#residual}; the statistics of values in
   * Variant encoding bound nothing else), so that a typed column with a few values left in the
   * residual (times that {@code --infer-temporal} kept as text) still prunes.
   */
  private static FilterPredicate residualMayMatch(
      VariantPredicate p, String column, ShreddingLayout layout) {
    Operators.BinaryColumn values = FilterApi.binaryColumn(column);
    if (p.op() == VariantPredicate.Op.IS_NULL || layout != ShreddingLayout.SPEC) {
      // the draft layout's residual holds each value with a dictionary in front: not read here
      return FilterApi.notEq(values, null);
    }
    return FilterApi.userDefined(
        values, new TypedValueFilter<Binary>(TypedColumn.residual(), p.op(), p.literals()));
  }
}
