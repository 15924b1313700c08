// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import io.variant.core.Variant;
import io.variant.core.VariantException;
import io.variant.core.json.JsonRowParser;
import io.variant.core.json.VariantJson;
import io.variant.shredding.ShreddingPlan;
import java.nio.charset.StandardCharsets;
import org.apache.arrow.vector.VarCharVector;

/**
 * JSON text columns to Variant columns and back, with variant-core's JSON parser and renderer
 * ({@link VariantJson}): {@code parse_json} and {@code to_json} over vectors. SQL NULL rows stay
 * null both ways.
 */
public final class JsonColumns {
  private JsonColumns() {}

  /**
   * A new unshredded Variant column with {@code json}'s name, one row per JSON document, from
   * {@code json}'s allocator; the caller closes it.
   *
   * @throws VariantVectorException naming the first row that is not valid JSON (or is over a
   *     limit); nothing stays allocated
   */
  public static VariantVector jsonToVariant(VarCharVector json) {
    int rows = json.getValueCount();
    JsonRowParser parser = VariantJson.rowParser();
    VariantVector out =
        VariantVector.create(json.getName(), ShreddingPlan.residual(), json.getAllocator());
    return RowLoop.fill(
        out,
        rows,
        row -> out.setSafe(row, json.isNull(row) ? null : parse(parser, json.get(row), row)));
  }

  private static Variant parse(JsonRowParser parser, byte[] utf8, int row) {
    try {
      return parser.parse(utf8);
    } catch (VariantException e) {
      throw VariantVectorException.at(row, "parse JSON", e.getMessage(), e);
    }
  }

  /**
   * A new column of each row's JSON text (shredded rows rebuilt first), named after {@code column},
   * from its allocator; the caller closes it.
   *
   * @throws VariantVectorException naming the first row whose Variant is malformed; nothing stays
   *     allocated
   */
  public static VarCharVector variantToJson(VariantVector column) {
    int rows = column.getValueCount();
    ColumnReader reader = column.reader();
    VarCharVector out = new VarCharVector(column.getName(), column.getAllocator());
    return RowLoop.fill(
        out,
        rows,
        row -> {
          String text = json(reader, row);
          if (text != null) {
            out.setSafe(row, text.getBytes(StandardCharsets.UTF_8));
          }
        });
  }

  private static String json(ColumnReader reader, int row) {
    try {
      Variant v = reader.variant(row);
      return v == null ? null : VariantJson.toJson(v);
    } catch (VariantException e) {
      throw VariantVectorException.at(row, "render the Variant as JSON", e.getMessage(), e);
    }
  }
}
