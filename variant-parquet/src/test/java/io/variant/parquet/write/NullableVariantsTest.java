// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** VARIANT columns whose rows may not be SQL NULL: a required group, one level less below it. */
class NullableVariantsTest {
  private static final ShreddingPlan PLAN = ShreddingPlan.parse("{\"a\": int64, \"b\": string}");

  @TempDir Path dir;

  /** Rows where "a" is in every other row and "b" in every third, so levels vary. */
  private static List<Variant> rows(int n) {
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      String a = i % 2 == 0 ? "\"a\": " + i + ", " : "";
      String b = i % 3 == 0 ? "\"b\": \"s" + i + "\", " : "";
      rows.add(VariantJson.parse("{" + a + b + "\"c\": " + (i % 7) + "}"));
    }
    return rows;
  }

  private static VariantRecord record(Variant v) {
    return VariantRecord.builder().set("v", v).build();
  }

  private static void write(VariantParquetWriter.Builder builder, List<Variant> rows)
      throws IOException {
    try (VariantParquetWriter w = builder.build()) {
      for (Variant v : rows) {
        w.write(record(v));
      }
    }
  }

  private static List<Variant> read(Path file) throws IOException {
    List<Variant> out = new ArrayList<>();
    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      for (VariantRecord rec = r.read(); rec != null; rec = r.read()) {
        out.add(rec.variant("v"));
      }
    }
    return out;
  }

  private static int maxDefinitionLevel(Path file, String... path) throws IOException {
    MessageType schema = RawParquet.footer(file).getFileMetaData().getSchema();
    ColumnDescriptor c = schema.getColumnDescription(path);
    return c.getMaxDefinitionLevel();
  }

  @Test
  void notNullableWritesARequiredGroupWithOneLevelLessInEveryColumn() throws IOException {
    List<Variant> rows = rows(300);
    for (ShreddingLayout layout : ShreddingLayout.values()) {
      Path optional = dir.resolve("optional-" + layout + ".parquet");
      Path required = dir.resolve("required-" + layout + ".parquet");
      write(VariantParquetWriter.builder(optional).layout(layout).variantColumn("v", PLAN), rows);
      write(
          VariantParquetWriter.builder(required)
              .layout(layout)
              .nullableVariants(false)
              .variantColumn("v", PLAN),
          rows);
      MessageType o = RawParquet.footer(optional).getFileMetaData().getSchema();
      MessageType r = RawParquet.footer(required).getFileMetaData().getSchema();
      assertEquals(Type.Repetition.OPTIONAL, o.getType("v").getRepetition(), layout.toString());
      assertEquals(Type.Repetition.REQUIRED, r.getType("v").getRepetition(), layout.toString());
      assertEquals(o.getColumns().size(), r.getColumns().size());
      for (ColumnDescriptor c : o.getColumns()) {
        assertEquals(
            c.getMaxDefinitionLevel() - 1,
            maxDefinitionLevel(required, c.getPath()),
            String.join(".", c.getPath()));
      }
      assertEquals(rows, read(optional), layout.toString());
      assertEquals(rows, read(required), layout.toString());
      assertTrue(
          Files.size(required) < Files.size(optional),
          layout + ": " + Files.size(required) + " vs " + Files.size(optional));
    }
  }

  @Test
  void aRecordWithoutAVariantIsRefusedAndTheWriterGoesOn() throws IOException {
    Path out = dir.resolve("refused.parquet");
    List<Variant> rows = rows(20);
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(out)
            .nullableVariants(false)
            .inferFromFirst(0)
            .variantColumn("v", PLAN)
            .build()) {
      for (int i = 0; i < rows.size(); i++) {
        w.write(record(rows.get(i)));
        if (i == 10) {
          IllegalArgumentException e =
              assertThrows(IllegalArgumentException.class, () -> w.write(record(null)));
          assertTrue(e.getMessage().contains("\"v\""), e.getMessage());
          assertTrue(e.getMessage().contains("not nullable"), e.getMessage());
        }
      }
    }
    assertEquals(rows, read(out));
  }

  @Test
  void aSampledRecordWithoutAVariantIsRefusedBeforeTheFileOpens() throws IOException {
    Path out = dir.resolve("sampled.parquet");
    List<Variant> rows = rows(20);
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(out)
            .nullableVariants(false)
            .inferFromFirst(100)
            .variantColumn("v")
            .build()) {
      w.write(record(rows.get(0)));
      assertThrows(IllegalArgumentException.class, () -> w.write(record(null)));
      for (Variant v : rows.subList(1, rows.size())) {
        w.write(record(v));
      }
    }
    assertEquals(rows, read(out));
    assertEquals(
        Type.Repetition.REQUIRED,
        RawParquet.footer(out).getFileMetaData().getSchema().getType("v").getRepetition());
  }

  @Test
  void aColumnGivenWholeSaysItselfAndNullableStaysTheDefault() throws IOException {
    Path given = dir.resolve("given.parquet");
    write(
        VariantParquetWriter.builder(given)
            .variantColumn(VariantColumn.of("v", PLAN).withNullable(false)),
        rows(5));
    assertEquals(
        Type.Repetition.REQUIRED,
        RawParquet.footer(given).getFileMetaData().getSchema().getType("v").getRepetition());
    assertTrue(VariantColumn.of("v", PLAN).nullable());
    assertTrue(WriteOptions.defaults().nullableVariants());

    Path nulls = dir.resolve("nulls.parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(nulls).variantColumn("v", PLAN).build()) {
      w.write(record(null));
      w.write(record(rows(1).get(0)));
    }
    try (VariantParquetReader r = VariantParquetReader.open(nulls)) {
      assertNull(r.read().variant("v"));
      assertEquals(rows(1).get(0), r.read().variant("v"));
    }
  }
}
