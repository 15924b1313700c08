// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.parquet.VariantRecord;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SchemaCommandTest {
  @TempDir Path dir;

  @Test
  void printsTheParquetSchemaThenEachVariantColumnsLayoutAndPlan() throws IOException {
    Path file = dir.resolve("e.parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .longColumn("id")
            .variantColumn("event", ShreddingPlan.parse("{\"a\": int8, \"b\": [string]}"))
            .layout(ShreddingLayout.DRAFT)
            .variantColumn("raw", ShreddingPlan.residual())
            .build()) {
      w.write(VariantRecord.builder().set("id", 1L).set("event", null).set("raw", null).build());
    }
    assertEquals(
        "message variant_rows {\n"
            + "  optional int64 id;\n"
            + "  optional group event {\n" // the draft layout has no annotation and no metadata
            // column
            + "    optional binary untyped_value;\n"
            + "    optional group object {\n"
            + "      optional group a {\n"
            + "        optional binary untyped_value;\n"
            + "        optional int32 typed_value (INTEGER(8,true));\n"
            + "      }\n"
            + "      optional group b {\n"
            + "        optional binary untyped_value;\n"
            + "        optional group array (LIST) {\n"
            + "          repeated group list {\n"
            + "            optional group element {\n"
            + "              optional binary untyped_value;\n"
            + "              optional binary typed_value (STRING);\n"
            + "            }\n"
            + "          }\n"
            + "        }\n"
            + "      }\n"
            + "    }\n"
            + "  }\n"
            + "  optional group raw {\n"
            + "    optional binary untyped_value;\n"
            + "  }\n"
            + "}\n"
            + "\n"
            + "column event: draft layout, 2 typed columns\n"
            + "{\"a\": int8, \"b\": [string]}\n"
            + "\n"
            + "column raw: draft layout, 0 typed columns\n"
            + "variant\n",
        ok("schema", file.toString()).out());
  }

  @Test
  void specLayoutIsAnnotatedAndUnshreddedColumnsHaveThePlanVariant() throws IOException {
    Path file =
        Fixtures.parquet(dir.resolve("e.parquet"), ShreddingPlan.residual(), List.of("v"), "1");
    assertEquals(
        "message variant_rows {\n"
            + "  optional group v (VARIANT(1)) {\n"
            + "    required binary metadata;\n"
            + "    required binary value;\n"
            + "  }\n"
            + "}\n"
            + "\n"
            + "column v: spec layout, 0 typed columns\n"
            + "variant\n",
        ok("schema", file.toString()).out());
  }
}
