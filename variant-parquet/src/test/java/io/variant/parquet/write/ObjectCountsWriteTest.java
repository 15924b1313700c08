// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every writer of the module records in the footer, per object slot, the objects and the other
 * values it took: rows written, row groups encoded apart, and parquet-java's writer running the
 * write support, in both layouts.
 */
class ObjectCountsWriteTest {
  private static final ShreddingPlan PLAN =
      ShreddingPlan.parse("{\"o\": {\"k\": int64}, \"a\": [{\"x\": int64}]}");

  /** $: 3 objects and a number; $.o: an object, a string, a null; $.a[*]: 2 objects, a number. */
  private static final List<String> ROWS =
      List.of(
          "{\"o\": {\"k\": 1, \"y\": 2}, \"a\": [{\"x\": 1}, 2]}",
          "{\"o\": \"s\", \"a\": [{\"x\": 1, \"w\": 0}]}",
          "{\"o\": null}",
          "5");

  private static final String COUNTED = "{\"$\":[3,1],\"$.o\":[1,2],\"$.a[*]\":[2,1]}";

  @TempDir Path dir;

  private static List<VariantRecord> records() {
    return ROWS.stream()
        .map(r -> VariantRecord.builder().set("event", VariantJson.parse(r)).build())
        .toList();
  }

  private static Map<String, String> footer(Path file) throws IOException {
    try (ParquetFileReader r =
        ParquetFileReader.open(
            new LocalInputFile(file),
            ParquetReadOptions.builder(new PlainParquetConfiguration()).build())) {
      return r.getFooter().getFileMetaData().getKeyValueMetaData();
    }
  }

  private VariantParquetWriter writer(Path file, ShreddingPlan plan, ShreddingLayout layout)
      throws IOException {
    return VariantParquetWriter.builder(file).layout(layout).variantColumn("event", plan).build();
  }

  @Test
  void rowsWrittenInEitherLayoutAreCountedIntoTheFooter() throws IOException {
    for (ShreddingLayout layout : ShreddingLayout.values()) {
      Path file = dir.resolve(layout + ".parquet");
      try (VariantParquetWriter w = writer(file, PLAN, layout)) {
        for (VariantRecord r : records()) {
          w.write(r);
        }
      }
      assertEquals(COUNTED, footer(file).get("variant.object_counts.event"), layout.toString());
    }
  }

  @Test
  void rowGroupsEncodedApartBringTheirOwnRowsCounts() throws IOException {
    Path file = dir.resolve("appended.parquet");
    List<VariantRecord> rows = records();
    try (VariantParquetWriter w = writer(file, PLAN, ShreddingLayout.SPEC);
        RowGroupEncoder first = w.encoder();
        RowGroupEncoder second = w.encoder()) {
      w.write(rows.get(0)); // written here, before the groups
      first.write(rows.get(1));
      List<EncodedRowGroup> a = first.finish();
      first.write(rows.get(2)); // a second run of the same encoder counts only its own row
      List<EncodedRowGroup> b = first.finish();
      second.write(rows.get(3));
      for (EncodedRowGroup g : a) {
        w.append(g);
      }
      for (EncodedRowGroup g : b) {
        w.append(g);
      }
      for (EncodedRowGroup g : second.finish()) {
        w.append(g);
      }
    }
    assertEquals(COUNTED, footer(file).get("variant.object_counts.event"));
  }

  @Test
  void parquetJavasWriterAsksTheWriteSupportForTheCounts() throws IOException {
    Path file = dir.resolve("parquet-java.parquet");
    VariantWriteSupport support = new VariantWriteSupport(List.of(VariantColumn.of("event", PLAN)));
    try (ParquetWriter<VariantRecord> w =
        ParquetWriters.open(new LocalOutputFile(file), support, WriteOptions.defaults())) {
      for (VariantRecord r : records()) {
        w.write(r);
      }
    }
    assertEquals(COUNTED, footer(file).get("variant.object_counts.event"));
  }

  @Test
  void aPlanWithoutObjectsAddsNothing() throws IOException {
    for (String plan : List.of("variant", "int64", "[int64]")) {
      Path file = dir.resolve(plan.replaceAll("\\W", "_") + ".parquet");
      try (VariantParquetWriter w = writer(file, ShreddingPlan.parse(plan), ShreddingLayout.SPEC)) {
        for (VariantRecord r : records()) {
          w.write(r);
        }
      }
      assertFalse(footer(file).containsKey("variant.object_counts.event"), plan);
    }
  }
}
