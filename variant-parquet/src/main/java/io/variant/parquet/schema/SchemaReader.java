// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.schema;

import static io.variant.parquet.schema.VariantSchema.ARRAY;
import static io.variant.parquet.schema.VariantSchema.METADATA;
import static io.variant.parquet.schema.VariantSchema.OBJECT;
import static io.variant.parquet.schema.VariantSchema.UNTYPED_VALUE;

import io.variant.shredding.ShreddedType;
import io.variant.shredding.ShreddingPlan;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;

/**
 * Parquet group → {@link ShreddedSchemaNode} tree, for both layouts. Children are looked up by
 * name, never by position (spec: LogicalTypes §VARIANT). Names starting with {@code _} beside
 * {@code value}/{@code typed_value} are ignored (seed 002's extension rule); any other unknown name
 * is an error.
 */
final class SchemaReader {
  private final ShreddingLayout layout;
  private final String valueName;

  private SchemaReader(ShreddingLayout layout) {
    this.layout = layout;
    this.valueName = layout.residualColumn();
  }

  static ShreddedSchemaNode describe(GroupType variant) {
    String path = variant.getName();
    checkAnnotation(variant, path);
    ShreddingLayout layout = detectLayout(variant);
    if (layout.hasMetadataColumn()) {
      checkMetadata(variant, path);
    }
    return new SchemaReader(layout).slot(variant, path, true);
  }

  /**
   * SPEC if there is a {@code metadata} child; DRAFT if there is none but a draft name is present.
   */
  static ShreddingLayout detectLayout(GroupType variant) {
    if (variant.containsField(METADATA)) {
      return ShreddingLayout.SPEC;
    }
    if (variant.containsField(UNTYPED_VALUE)
        || variant.containsField(OBJECT)
        || variant.containsField(ARRAY)) {
      return ShreddingLayout.DRAFT;
    }
    throw new VariantSchemaException(
        variant.getName(),
        "Missing required binary metadata (and no draft-layout untyped_value/object/array either)");
  }

  private static void checkAnnotation(GroupType variant, String path) {
    LogicalTypeAnnotation a = variant.getLogicalTypeAnnotation();
    if (a == null) {
      return; // older writers and the draft layout leave the group unannotated
    }
    if (!(a instanceof LogicalTypeAnnotation.VariantLogicalTypeAnnotation)) {
      throw new VariantSchemaException(path, "Expected a VARIANT group, found annotation " + a);
    }
    int version = ((LogicalTypeAnnotation.VariantLogicalTypeAnnotation) a).getSpecVersion();
    // Footers written before VARIANT(1) carry no version, which parquet-java reads as 0.
    if (version != 0 && version != SchemaWriter.SPEC_VERSION) {
      throw new VariantSchemaException(
          path,
          "Unsupported VARIANT specification version "
              + version
              + ": this reader supports version "
              + SchemaWriter.SPEC_VERSION);
    }
  }

  private static void checkMetadata(GroupType variant, String path) {
    Type m = variant.getType(METADATA);
    if (!m.isPrimitive()
        || m.asPrimitiveType().getPrimitiveTypeName() != PrimitiveTypeName.BINARY
        || m.getRepetition() != Type.Repetition.REQUIRED) {
      throw new VariantSchemaException(
          path + "." + METADATA, "Expected required binary metadata, found " + m);
    }
  }

  /** One slot: the residual column, the typed child, and ignorable {@code _} names. */
  private ShreddedSchemaNode slot(GroupType group, String path, boolean top) {
    if (!top && group.getLogicalTypeAnnotation() != null) {
      LogicalTypeAnnotation a = group.getLogicalTypeAnnotation();
      throw new VariantSchemaException(
          path,
          "Expected an unannotated group for a shredded slot, found annotation "
              + a
              + (a instanceof LogicalTypeAnnotation.VariantLogicalTypeAnnotation
                  ? " (a VARIANT column cannot nest inside another)"
                  : ""));
    }
    String valueField = null;
    Type typed = null;
    Set<String> names = new HashSet<>();
    for (Type child : group.getFields()) {
      String name = child.getName();
      String childPath = path + "." + name;
      if (!names.add(name)) {
        // Parquet resolves a child by name, so a second one would be silently unreadable.
        throw new VariantSchemaException(
            childPath, "Duplicate field \"" + name + "\" in a Variant group");
      }
      if (top && layout.hasMetadataColumn() && name.equals(METADATA)) {
        continue; // checked by checkMetadata
      }
      if (name.equals(valueName)) {
        checkValue(child, childPath);
        valueField = name;
      } else if (isTypedName(name)) {
        if (typed != null) {
          throw new VariantSchemaException(
              childPath,
              "Cannot shred one slot two ways: found both " + typed.getName() + " and " + name);
        }
        typed = child;
      } else if (!name.startsWith("_")) {
        throw new VariantSchemaException(
            childPath, "Unknown field \"" + name + "\" in a " + layout + "-layout Variant group");
      }
    }
    if (valueField == null && typed == null) {
      throw new VariantSchemaException(
          path, "Expected " + valueName + " or a typed child, found neither");
    }
    if (typed == null) {
      return new ShreddedSchemaNode(
          path, group, layout, ShreddingPlan.residual(), valueField, null, null, null, null, null);
    }
    return typedSlot(group, path, valueField, typed);
  }

  private boolean isTypedName(String name) {
    return layout.isTypedColumn(name);
  }

  private static void checkValue(Type value, String path) {
    if (!value.isPrimitive()
        || value.asPrimitiveType().getPrimitiveTypeName() != PrimitiveTypeName.BINARY
        || value.getRepetition() == Type.Repetition.REPEATED) {
      throw new VariantSchemaException(
          path, "Expected an optional or required binary, found " + value);
    }
  }

  private ShreddedSchemaNode typedSlot(
      GroupType group, String path, String valueField, Type typed) {
    String name = typed.getName();
    String typedPath = path + "." + name;
    if (typed.getRepetition() == Type.Repetition.REPEATED) {
      throw new VariantSchemaException(
          typedPath, "Expected an optional " + name + ", found a repeated one");
    }
    boolean scalar = typed.isPrimitive();
    boolean list =
        !scalar
            && typed.getLogicalTypeAnnotation()
                instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation;
    ShreddingPlan.Shape shape =
        scalar
            ? ShreddingPlan.Shape.SCALAR
            : list ? ShreddingPlan.Shape.ARRAY : ShreddingPlan.Shape.OBJECT;
    if (!name.equals(
        layout.typedColumn(shape))) { // only the draft names the typed child by its shape
      throw new VariantSchemaException(
          typedPath,
          "Draft layout: object must be a group, array a LIST, typed_value a primitive; found "
              + typed);
    }
    if (scalar) {
      PrimitiveType p = typed.asPrimitiveType();
      ShreddedType t = TypedValueTypes.fromParquet(p, typedPath);
      return new ShreddedSchemaNode(
          path, group, layout, ShreddingPlan.scalar(t), valueField, name, p, t, null, null);
    }
    if (list) {
      ShreddedSchemaNode element = element(typed.asGroupType(), typedPath);
      return new ShreddedSchemaNode(
          path,
          group,
          layout,
          ShreddingPlan.array(element.plan()),
          valueField,
          name,
          null,
          null,
          null,
          element);
    }
    if (typed.getLogicalTypeAnnotation() != null) {
      throw new VariantSchemaException(
          typedPath,
          "Unsupported shredded value type: "
              + typed.getLogicalTypeAnnotation()
              + " (an object typed_value is an unannotated group)");
    }
    List<ShreddedSchemaNode> fields = new ArrayList<>();
    List<ShreddingPlan.Field> planFields = new ArrayList<>();
    for (Type f : typed.asGroupType().getFields()) {
      String fieldPath = typedPath + "." + f.getName();
      // spec: field groups are required; the draft and test 084 use optional, which reads the same
      // way
      if (f.isPrimitive() || f.getRepetition() == Type.Repetition.REPEATED) {
        throw new VariantSchemaException(
            fieldPath, "Expected an object field group with value/typed_value, found " + f);
      }
      ShreddedSchemaNode node = slot(f.asGroupType(), fieldPath, false);
      fields.add(node);
      planFields.add(new ShreddingPlan.Field(f.getName(), node.plan()));
    }
    ShreddingPlan plan;
    try {
      plan = new ShreddingPlan.ObjectPlan(planFields);
    } catch (IllegalArgumentException e) {
      throw new VariantSchemaException(typedPath, "Cannot read object fields: " + e.getMessage());
    }
    return new ShreddedSchemaNode(
        path, group, layout, plan, valueField, name, null, null, fields, null);
  }

  /**
   * The element slot of a 3-level LIST: {@code <list> (LIST) { repeated group list { group element
   * {...} } }}.
   */
  private ShreddedSchemaNode element(GroupType listGroup, String path) {
    Type repeated = listGroup.getFieldCount() == 1 ? listGroup.getType(0) : null;
    if (repeated == null
        || repeated.isPrimitive()
        || repeated.getRepetition() != Type.Repetition.REPEATED
        || repeated.asGroupType().getFieldCount() != 1) {
      throw new VariantSchemaException(
          path,
          "Expected a 3-level LIST (repeated group list { group element }), found " + listGroup);
    }
    Type element = repeated.asGroupType().getType(0);
    String elementPath = path + "." + repeated.getName() + "." + element.getName();
    if (element.isPrimitive() || element.getRepetition() == Type.Repetition.REPEATED) {
      throw new VariantSchemaException(
          elementPath, "Expected a list element group with value/typed_value, found " + element);
    }
    // spec: VariantShredding §Arrays: the element group is required (a missing element has no
    // meaning); the
    // draft layout makes it optional.
    if (layout.slotRepetition() == Type.Repetition.REQUIRED
        && element.getRepetition() != Type.Repetition.REQUIRED) {
      throw new VariantSchemaException(
          elementPath,
          "Expected a required list element group in the spec layout, found an optional one");
    }
    return slot(element.asGroupType(), elementPath, false);
  }
}
