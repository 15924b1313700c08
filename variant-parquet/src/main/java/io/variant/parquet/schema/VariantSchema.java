// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.schema;

import io.variant.shredding.ShreddingPlan;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;

/**
 * Maps a {@link ShreddingPlan} to the Parquet group of a VARIANT column and back, for both layouts.
 * spec: LogicalTypes §VARIANT, VariantShredding §Shredded Value Types, seed 002 (digest §0,
 * §D.1–D.2, §E).
 *
 * <pre>{@code
 * GroupType g = VariantSchema.toParquet("event", plan, ShreddingLayout.SPEC, Type.Repetition.OPTIONAL);
 * ShreddingPlan back = VariantSchema.fromParquet(g); // equals plan
 * }</pre>
 *
 * <p><b>Layouts.</b> {@link ShreddingLayout#SPEC} writes the group annotated {@code VARIANT(1)}
 * with {@code required binary metadata}, {@code value} ({@code required} when the plan is
 * residual-only, else {@code optional}) and {@code typed_value}: a primitive per the shredded type
 * table, an unannotated group of {@code required} field groups, or a 3-level {@code LIST} with a
 * {@code required group element}. Decimals go on INT32 up to precision 9, INT64 up to 18, else the
 * smallest FIXED_LEN_BYTE_ARRAY. {@link ShreddingLayout#DRAFT} writes no metadata column and no
 * annotation (the draft predates it): each slot has {@code optional binary untyped_value} (metadata
 * ‖ value) and one of {@code object} (a group of {@code optional} field groups), {@code array} (a
 * LIST of {@code optional group element}) or a primitive {@code typed_value}. Reading detects the
 * layout by field names: a {@code metadata} child means SPEC, otherwise an {@code
 * untyped_value}/{@code object}/{@code array} child means DRAFT. A draft column whose top level has
 * only a {@code typed_value} is therefore not recognised; this library's writer always emits {@code
 * untyped_value} there.
 *
 * <p><b>Validation</b> (reading): the annotation may carry version 1 or no version (older footers);
 * any other version, a missing or mistyped {@code metadata}, an unsupported {@code typed_value}
 * type, a slot with neither residual nor typed child, a malformed LIST (an optional element group
 * in the SPEC layout included), an annotated field or element group (a VARIANT nested in a VARIANT
 * included), a duplicate field name, or an unknown field (names starting with {@code _} are
 * ignored) throws {@link VariantSchemaException} naming the column path. A missing {@code value} is
 * accepted and reads as all-null (parquet-testing cases 041, 131, 138), as is a missing {@code
 * typed_value} or element {@code value}. <b>Thread safety:</b> stateless.
 */
public final class VariantSchema {
  /** The top-level metadata column (SPEC layout). */
  public static final String METADATA = "metadata";

  /** The residual column (SPEC layout). */
  public static final String VALUE = "value";

  /** The typed child: any shape in the SPEC layout, scalars only in the DRAFT layout. */
  public static final String TYPED_VALUE = "typed_value";

  /** The residual column of the DRAFT layout: metadata ‖ value. */
  public static final String UNTYPED_VALUE = "untyped_value";

  /** The object typed child of the DRAFT layout. */
  public static final String OBJECT = "object";

  /** The array typed child of the DRAFT layout. */
  public static final String ARRAY = "array";

  /** Name of the repeated group of a 3-level LIST that this library writes. */
  public static final String LIST = "list";

  /** Name of the element group of a 3-level LIST that this library writes. */
  public static final String ELEMENT = "element";

  private VariantSchema() {}

  /**
   * The Parquet group for column {@code columnName} shredded by {@code plan}.
   *
   * @param repetition the group's own repetition: {@code OPTIONAL} lets a row be SQL NULL
   * @throws NullPointerException if any argument is null
   */
  public static GroupType toParquet(
      String columnName, ShreddingPlan plan, ShreddingLayout layout, Type.Repetition repetition) {
    return SchemaWriter.toParquet(columnName, plan, layout, repetition);
  }

  /**
   * The plan of a VARIANT group (annotated or not, either layout); {@code metadata} + {@code value}
   * only gives the residual plan.
   *
   * @throws VariantSchemaException if the group is not a readable VARIANT group (see the class
   *     comment)
   */
  public static ShreddingPlan fromParquet(GroupType variantGroup) {
    return describe(variantGroup).plan();
  }

  /**
   * The slot tree of a VARIANT group: the plan plus which columns really exist at each slot, as
   * readers need.
   *
   * @throws VariantSchemaException if the group is not a readable VARIANT group
   */
  public static ShreddedSchemaNode describe(GroupType variantGroup) {
    return SchemaReader.describe(variantGroup);
  }

  /**
   * The layout of a VARIANT group, from its field names alone (the rest is not validated).
   *
   * @throws VariantSchemaException if it has neither {@code metadata} nor a draft-layout field
   */
  public static ShreddingLayout detectLayout(GroupType variantGroup) {
    return SchemaReader.detectLayout(variantGroup);
  }

  /**
   * True if {@code type} is a group annotated VARIANT, or an unannotated group shaped like one: a
   * binary {@code metadata} beside {@code value} or {@code typed_value}, or (draft) an {@code
   * untyped_value}, {@code object} or {@code array}, with no other names than those of its layout
   * and {@code _}-prefixed ones. Only names are checked; {@link #describe} validates the rest.
   */
  public static boolean isVariantGroup(Type type) {
    if (type.isPrimitive()) {
      return false;
    }
    GroupType g = type.asGroupType();
    LogicalTypeAnnotation a = g.getLogicalTypeAnnotation();
    if (a != null) {
      return a instanceof LogicalTypeAnnotation.VariantLogicalTypeAnnotation;
    }
    if (g.containsField(METADATA)) {
      Type m = g.getType(METADATA);
      boolean binary =
          m.isPrimitive() && m.asPrimitiveType().getPrimitiveTypeName() == PrimitiveTypeName.BINARY;
      return binary
          && (g.containsField(VALUE) || g.containsField(TYPED_VALUE))
          && onlyNames(g, METADATA, VALUE, TYPED_VALUE);
    }
    boolean draft =
        g.containsField(UNTYPED_VALUE) || g.containsField(OBJECT) || g.containsField(ARRAY);
    return draft && onlyNames(g, UNTYPED_VALUE, OBJECT, ARRAY, TYPED_VALUE);
  }

  private static boolean onlyNames(GroupType g, String... allowed) {
    for (Type t : g.getFields()) {
      String n = t.getName();
      if (!n.startsWith("_") && !java.util.Arrays.asList(allowed).contains(n)) {
        return false;
      }
    }
    return true;
  }
}
