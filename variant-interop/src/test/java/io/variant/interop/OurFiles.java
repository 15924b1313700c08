// SPDX-License-Identifier: Apache-2.0
package io.variant.interop;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.read.PathValue;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.read.VariantPathReader;
import io.variant.parquet.read.VariantReadOptions;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.PlanText;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Files written by our writer for the engines to read: a {@code row} long column and a {@code v}
 * VARIANT column.
 */
final class OurFiles {
  /** A hand-written plan over the corpus' common paths, with a type drift path typed as int64. */
  static final String EXPLICIT_PLAN =
      "{\"id\": int64, \"name\": string, \"active\": boolean, \"score\": decimal(9,2),"
          + " \"tags\": [string], \"user\": {\"id\": int64, \"name\": string, \"address\": {\"city\": string, \"zip\": string}},"
          + " \"drift\": int64, \"big\": int64, \"dec\": variant, \"items\": [{\"sku\": string, \"qty\": int32, \"price\": decimal(9,2)}]}";

  /** How a test file's VARIANT column is planned. */
  enum Plan {
    UNSHREDDED,
    INFERRED,
    EXPLICIT
  }

  private OurFiles() {}

  static List<Variant> parse(List<String> json) {
    List<Variant> out = new ArrayList<>(json.size());
    for (String j : json) {
      out.add(VariantJson.parse(j));
    }
    return out;
  }

  /**
   * Writes three rows {@code {"x": value}} of {@code field}'s values (drawn from a seed of its own)
   * to {@code file}, planned as asked ({@link Plan#EXPLICIT}: {@code x} typed as the field).
   */
  static void writeOneField(Path file, TypedField field, Plan plan) throws IOException {
    java.util.Random rnd = new java.util.Random(field.ordinal());
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      io.variant.core.VariantBuilder b = new io.variant.core.VariantBuilder();
      b.startObject().key("x");
      field.append(b, field.draw(rnd));
      b.endObject();
      rows.add(b.build());
    }
    write(file, rows, plan, ShreddingLayout.SPEC, "{\"x\": " + field.planType + "}");
  }

  /** What our reader read from a file: column {@code v}'s plan and its rows in file order. */
  record ReadBack(ShreddingPlan plan, List<Variant> rows) {}

  /** Column {@code v} of {@code file} as our reader reads it, under full validation. */
  static ReadBack read(Path file) throws IOException {
    List<Variant> rows = new ArrayList<>();
    try (VariantParquetReader r =
        VariantParquetReader.builder(file)
            .options(
                VariantReadOptions.defaults().withValidation(VariantReadOptions.Validation.FULL))
            .build()) {
      for (VariantRecord row : r) {
        rows.add(row.variant("v"));
      }
      return new ReadBack(r.plans().get("v"), rows);
    }
  }

  /**
   * The value at {@code path} of column {@code v} of each row of {@code file}, as our path reader
   * ({@link VariantParquetReader#project}, what {@code variant get} uses) reads it under full
   * validation; null when the path is absent or the row is SQL NULL.
   */
  static List<Variant> project(Path file, VariantPath path) throws IOException {
    List<Variant> out = new ArrayList<>();
    try (VariantParquetReader r =
            VariantParquetReader.builder(file)
                .options(
                    VariantReadOptions.defaults()
                        .withValidation(VariantReadOptions.Validation.FULL))
                .build();
        VariantPathReader values = r.project("v", path)) {
      for (PathValue value : values) {
        out.add(value.value());
      }
    }
    return out;
  }

  /**
   * Writes {@code values} to {@code file} with the given plan ({@link #EXPLICIT_PLAN}) and layout.
   */
  static void write(Path file, List<Variant> values, Plan plan, ShreddingLayout layout)
      throws IOException {
    write(file, values, plan, layout, EXPLICIT_PLAN);
  }

  /**
   * Writes {@code values} to {@code file} with the given plan and layout; {@code explicitPlan} is
   * the plan's text when {@code plan} is {@link Plan#EXPLICIT}. The VARIANT group is {@code
   * optional}, except under an inferred plan without SQL NULL, where it is {@code required}.
   */
  static void write(
      Path file, List<Variant> values, Plan plan, ShreddingLayout layout, String explicitPlan)
      throws IOException {
    VariantParquetWriter.Builder b =
        VariantParquetWriter.builder(file).layout(layout).longColumn("row");
    switch (plan) {
      case UNSHREDDED -> b.variantColumn("v", PlanText.parse("variant"));
      // as `variant convert` writes: an inferred plan in a required group (no row is SQL NULL)
      case INFERRED ->
          b.variantColumn("v")
              .inferFromFirst(values.size())
              .nullableVariants(values.contains(null));
      case EXPLICIT -> b.variantColumn("v", PlanText.parse(explicitPlan));
    }
    try (VariantParquetWriter w = b.build()) {
      for (int i = 0; i < values.size(); i++) {
        w.write(VariantRecord.builder().set("row", (long) i).set("v", values.get(i)).build());
      }
    }
  }
}
