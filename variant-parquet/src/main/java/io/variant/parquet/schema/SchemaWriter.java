// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.schema;

import static io.variant.parquet.schema.VariantSchema.ARRAY;
import static io.variant.parquet.schema.VariantSchema.ELEMENT;
import static io.variant.parquet.schema.VariantSchema.LIST;
import static io.variant.parquet.schema.VariantSchema.METADATA;
import static io.variant.parquet.schema.VariantSchema.OBJECT;
import static io.variant.parquet.schema.VariantSchema.TYPED_VALUE;
import static io.variant.parquet.schema.VariantSchema.VALUE;

import io.variant.shredding.ShreddingPlan;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;
import org.apache.parquet.schema.Types;

/** Plan → Parquet group, for both layouts. See {@link VariantSchema#toParquet}. */
final class SchemaWriter {
  /** The Variant specification version this library writes into the VARIANT annotation. */
  static final byte SPEC_VERSION = 1;

  private final ShreddingLayout layout;

  private SchemaWriter(ShreddingLayout layout) {
    this.layout = layout;
  }

  static GroupType toParquet(
      String columnName, ShreddingPlan plan, ShreddingLayout layout, Repetition repetition) {
    if (columnName == null || plan == null || layout == null || repetition == null) {
      throw new NullPointerException("columnName, plan, layout and repetition must not be null");
    }
    SchemaWriter w = new SchemaWriter(layout);
    if (!layout.hasMetadataColumn()) {
      // The draft predates the VARIANT annotation; readers recognise it by its field names.
      return Types.buildGroup(repetition)
          .addFields(w.slotChildren(plan).toArray(new Type[0]))
          .named(columnName);
    }
    List<Type> children = new ArrayList<>();
    children.add(Types.required(PrimitiveTypeName.BINARY).named(METADATA));
    // spec: LogicalTypes §VARIANT: value is required when unshredded, optional when shredded
    Repetition valueRepetition = plan.isShredded() ? Repetition.OPTIONAL : Repetition.REQUIRED;
    children.add(Types.primitive(PrimitiveTypeName.BINARY, valueRepetition).named(VALUE));
    if (plan.isShredded()) {
      children.add(w.typed(plan));
    }
    return Types.buildGroup(repetition)
        .as(LogicalTypeAnnotation.variantType(SPEC_VERSION))
        .addFields(children.toArray(new Type[0]))
        .named(columnName);
  }

  /** The residual column, then the typed child if the plan has one. */
  private List<Type> slotChildren(ShreddingPlan plan) {
    List<Type> children = new ArrayList<>(2);
    children.add(Types.optional(PrimitiveTypeName.BINARY).named(layout.residualColumn()));
    if (plan.isShredded()) {
      children.add(typed(plan));
    }
    return children;
  }

  private Type typed(ShreddingPlan plan) {
    return switch (plan.shape()) {
      case SCALAR -> TypedValueTypes.toParquet(plan.asScalar().type(), TYPED_VALUE);
      case OBJECT -> object(plan.asObject());
      case ARRAY -> array(plan.asArray());
      case RESIDUAL ->
          throw new IllegalArgumentException("Cannot write a typed child for plan " + plan);
    };
  }

  private Type object(ShreddingPlan.ObjectPlan plan) {
    // spec: VariantShredding §Objects: field groups are required; the draft declares them optional
    Repetition fieldRepetition = layout.slotRepetition();
    List<Type> fields = new ArrayList<>();
    for (ShreddingPlan.Field f : plan.fields()) {
      fields.add(
          Types.buildGroup(fieldRepetition)
              .addFields(slotChildren(f.plan()).toArray(new Type[0]))
              .named(f.name()));
    }
    return Types.optionalGroup()
        .addFields(fields.toArray(new Type[0]))
        .named(layout.typedColumn(ShreddingPlan.Shape.OBJECT));
  }

  private Type array(ShreddingPlan.ArrayPlan plan) {
    // spec: VariantShredding §Arrays: 3-level LIST, required element; the draft's element is
    // optional
    Repetition elementRepetition = layout.slotRepetition();
    GroupType element =
        Types.buildGroup(elementRepetition)
            .addFields(slotChildren(plan.element()).toArray(new Type[0]))
            .named(ELEMENT);
    GroupType list = Types.repeatedGroup().addField(element).named(LIST);
    return Types.optionalGroup()
        .as(LogicalTypeAnnotation.listType())
        .addField(list)
        .named(layout.typedColumn(ShreddingPlan.Shape.ARRAY));
  }
}
