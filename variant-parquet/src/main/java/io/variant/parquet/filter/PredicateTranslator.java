package io.variant.parquet.filter;

import io.variant.core.path.Segment;
import io.variant.parquet.schema.ShreddedSchemaNode;
import io.variant.parquet.schema.VariantSchema;
import io.variant.parquet.schema.VariantSchemaException;
import io.variant.shredding.ShreddingPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * Turns a {@link VariantPredicate} into a Parquet predicate over one file's columns: the comparison
 * on the path's typed column, OR-ed with {@code value IS NOT NULL} for every residual column along
 * the path. So Parquet's statistics and dictionary filters drop a row group only if every residual
 * there is all-null (then each present value has the typed column's type) and the typed column
 * rules the comparison out. spec: VariantShredding §Skipping (digest §D.5).
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
    List<String> residuals = new ArrayList<>();
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
      addResidual(node, at, residuals);
      at.add(node.typedField());
      at.add(key.name());
      node = node.fields().get(field);
    }
    if (node.plan().shape() != ShreddingPlan.Shape.SCALAR || !node.hasTyped()) {
      return Optional.empty();
    }
    addResidual(node, at, residuals);
    at.add(node.typedField());
    if (at.stream().anyMatch(n -> n.indexOf('.') >= 0)) {
      return Optional
          .empty(); // parquet-java's filter API splits column paths at dots (residual paths are
      // prefixes)
    }
    return TypedComparison.build(p, node.scalarType(), String.join(".", at))
        .map(
            typed -> {
              FilterPredicate pred = typed;
              for (String r : residuals) {
                pred = FilterApi.or(pred, FilterApi.notEq(FilterApi.binaryColumn(r), null));
              }
              return pred;
            });
  }

  /**
   * Adds the dotted path of the slot's residual column, if the schema has one (absent means
   * all-null).
   */
  private static void addResidual(
      ShreddedSchemaNode node, List<String> at, List<String> residuals) {
    if (node.hasValue()) {
      residuals.add(String.join(".", at) + "." + node.valueField());
    }
  }
}
