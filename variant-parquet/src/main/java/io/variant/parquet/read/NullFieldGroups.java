// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.parquet.VariantParquetException;
import io.variant.parquet.schema.ShreddedSchemaNode;
import io.variant.shredding.PlanText;
import io.variant.shredding.RebuildOptions;
import io.variant.shredding.ShreddingException;
import io.variant.shredding.ShreddingPlan;
import org.apache.parquet.schema.Type;

/**
 * What an object field group that is null in a row means. In the draft layout field groups are
 * optional, and a null one is a missing field. In the spec layout they are required (spec:
 * VariantShredding §Objects) and a missing field is a group whose {@code value} and {@code
 * typed_value} are both null; files that declare the groups optional anyway (some writers do) read
 * like required ones while the groups are present, but a null group has no meaning in the spec: its
 * row fails, naming the group's column, unless the rebuild options read it as a missing field
 * ({@link RebuildOptions.NullFieldGroup#MISSING}, part of {@link RebuildOptions#lenient()}).
 */
final class NullFieldGroups {
  private NullFieldGroups() {}

  /**
   * The source of field slot {@code field} of {@code column} when its group is null in this row:
   * {@code null}, the field is missing, unless the group is refused.
   *
   * @throws VariantParquetException naming the group's column if the group is refused
   */
  static <T> T absent(ShreddedSchemaNode field, VariantColumnReader column) {
    if (refused(field) && !column.nullFieldGroupIsMissing) {
      throw refusal(field, column);
    }
    return null;
  }

  /** The refusal of a null group of field slot {@code field}, naming the group's column. */
  static VariantParquetException refusal(ShreddedSchemaNode field, VariantColumnReader column) {
    String detail =
        "the field group is null, which the spec layout does not allow (field groups are"
            + " required, and a missing field has value and typed_value both null inside its"
            + " group), though this file declares it optional";
    String at = variantPath(column.root.node, field, "$");
    return new VariantParquetException(
        null,
        field.path(),
        -1,
        "Cannot read the shredded object: " + detail,
        new ShreddingException(at == null ? field.path() : at, detail));
  }

  /**
   * True if a null group of field slot {@code field} can be refused: the group is optional in the
   * spec layout, which makes it required.
   */
  static boolean refused(ShreddedSchemaNode field) {
    return field.layout().slotRepetition() == Type.Repetition.REQUIRED
        && field.group().getRepetition() == Type.Repetition.OPTIONAL;
  }

  /** The Variant path of {@code target} below {@code node}, which is at {@code at}, or null. */
  private static String variantPath(ShreddedSchemaNode node, ShreddedSchemaNode target, String at) {
    if (node == target) {
      return at;
    }
    for (ShreddedSchemaNode f : node.fields()) {
      String name = f.group().getName();
      boolean plain = name.matches("[A-Za-z_][A-Za-z0-9_]*");
      String found =
          variantPath(f, target, at + (plain ? "." + name : "[" + PlanText.quoteKey(name) + "]"));
      if (found != null) {
        return found;
      }
    }
    return node.shape() == ShreddingPlan.Shape.ARRAY
        ? variantPath(node.element(), target, at + "[*]")
        : null;
  }
}
