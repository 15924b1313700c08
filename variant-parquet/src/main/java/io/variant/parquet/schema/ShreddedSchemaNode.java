// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.schema;

import io.variant.shredding.ShreddedType;
import io.variant.shredding.ShreddingPlan;
import java.util.List;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.PrimitiveType;

/**
 * One slot of a VARIANT column's Parquet schema (the top-level group, an object field group or a
 * list element group), mirroring its {@link ShreddingPlan} node and saying which children the file
 * really has: the residual column ({@code value}, or {@code untyped_value} in the draft layout) and
 * the typed child ({@code typed_value}, or the draft's {@code object}/{@code array}) may each be
 * absent. Built by {@link VariantSchema#describe}. <b>Thread safety:</b> immutable.
 */
public final class ShreddedSchemaNode {
  private final String path;
  private final GroupType group;
  private final ShreddingLayout layout;
  private final ShreddingPlan plan;
  private final String valueField;
  private final String typedField;
  private final PrimitiveType scalarType;
  private final ShreddedType shreddedType;
  private final List<ShreddedSchemaNode> fields;
  private final ShreddedSchemaNode element;

  ShreddedSchemaNode(
      String path,
      GroupType group,
      ShreddingLayout layout,
      ShreddingPlan plan,
      String valueField,
      String typedField,
      PrimitiveType scalarType,
      ShreddedType shreddedType,
      List<ShreddedSchemaNode> fields,
      ShreddedSchemaNode element) {
    this.path = path;
    this.group = group;
    this.layout = layout;
    this.plan = plan;
    this.valueField = valueField;
    this.typedField = typedField;
    this.scalarType = scalarType;
    this.shreddedType = shreddedType;
    this.fields = fields == null ? List.of() : List.copyOf(fields);
    this.element = element;
  }

  /**
   * Dotted Parquet path of this slot's group, e.g. {@code
   * var.typed_value.tags.typed_value.list.element}.
   */
  public String path() {
    return path;
  }

  /** This slot's Parquet group. */
  public GroupType group() {
    return group;
  }

  public ShreddingLayout layout() {
    return layout;
  }

  /** The plan of this slot (the typed part only; every slot may also have a residual). */
  public ShreddingPlan plan() {
    return plan;
  }

  /**
   * The shape of this slot, its plan's: code that decides per slot switches over it, and reads
   * {@link #scalarType()}, {@link #shreddedType()}, {@link #fields()} and {@link #element()} only
   * for their shape.
   */
  public ShreddingPlan.Shape shape() {
    return plan.shape();
  }

  /** True if the residual column exists in the schema; when absent it counts as always null. */
  public boolean hasValue() {
    return valueField != null;
  }

  /** True if the typed child exists in the schema; when absent it counts as always null. */
  public boolean hasTyped() {
    return typedField != null;
  }

  /**
   * Name of the residual column ({@code value} or {@code untyped_value}), or {@code null} if
   * absent.
   */
  public String valueField() {
    return valueField;
  }

  /**
   * Name of the typed child ({@code typed_value}, {@code object} or {@code array}), or {@code null}
   * if absent.
   */
  public String typedField() {
    return typedField;
  }

  /**
   * The primitive {@code typed_value} column of a scalar slot; throws for another {@link #shape()}.
   */
  public PrimitiveType scalarType() {
    return expect(ShreddingPlan.Shape.SCALAR, scalarType);
  }

  /** The shredded type of a scalar slot; throws for another {@link #shape()}. */
  public ShreddedType shreddedType() {
    return expect(ShreddingPlan.Shape.SCALAR, shreddedType);
  }

  /** The object field slots in plan (schema) order; empty unless this is an object slot. */
  public List<ShreddedSchemaNode> fields() {
    return fields;
  }

  /**
   * The index in {@link #fields()} of the field named {@code name} (its group's name, the key it
   * shreds), or -1 if this slot shreds no such field.
   */
  public int fieldIndex(String name) {
    for (int i = 0; i < fields.size(); i++) {
      if (fields.get(i).group.getName().equals(name)) {
        return i;
      }
    }
    return -1;
  }

  /** The element slot of an array slot; throws for another {@link #shape()}. */
  public ShreddedSchemaNode element() {
    return expect(ShreddingPlan.Shape.ARRAY, element);
  }

  private <T> T expect(ShreddingPlan.Shape shape, T part) {
    if (plan.shape() != shape) {
      throw new IllegalStateException(
          "Cannot read the " + shape + " part of slot " + path + ": it is " + plan.shape());
    }
    return part;
  }

  @Override
  public String toString() {
    return path + " " + plan + (hasValue() ? "" : " (no " + layout.residualColumn() + ")");
  }
}
