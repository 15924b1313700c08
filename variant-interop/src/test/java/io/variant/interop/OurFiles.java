package io.variant.interop;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.PlanText;
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

  /** Writes {@code values} to {@code file} with the given plan and layout. */
  static void write(Path file, List<Variant> values, Plan plan, ShreddingLayout layout)
      throws IOException {
    VariantParquetWriter.Builder b =
        VariantParquetWriter.builder(file).layout(layout).longColumn("row");
    switch (plan) {
      case UNSHREDDED -> b.variantColumn("v", PlanText.parse("variant"));
      case INFERRED -> b.variantColumn("v").inferFromFirst(values.size());
      case EXPLICIT -> b.variantColumn("v", PlanText.parse(EXPLICIT_PLAN));
    }
    try (VariantParquetWriter w = b.build()) {
      for (int i = 0; i < values.size(); i++) {
        w.write(VariantRecord.builder().set("row", (long) i).set("v", values.get(i)).build());
      }
    }
  }
}
