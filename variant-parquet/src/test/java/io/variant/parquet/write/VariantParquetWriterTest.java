// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VariantParquetWriterTest {
  @TempDir Path dir;

  /** {"n": n, "s": "row<n>"} with its own minimal dictionary ["n", "s"]. */
  static Variant row(long n) {
    VariantBuilder b = new VariantBuilder();
    b.startObject();
    b.key("n").appendLong(n);
    b.key("s").appendString("row" + n);
    b.endObject();
    return b.build();
  }

  static VariantRecord record(long id, Variant event) {
    return VariantRecord.builder().set("id", id).set("event", event).build();
  }

  static VariantParquetWriter.Builder builder(Path out) {
    return VariantParquetWriter.builder(out)
        .longColumn("id")
        .variantColumn("event", ShreddingPlan.parse("{\"n\": int64}"));
  }

  private static ColumnChunkMetaData chunk(BlockMetaData block, String... path) {
    ColumnPath p = ColumnPath.get(path);
    return block.getColumns().stream().filter(c -> c.getPath().equals(p)).findFirst().orElseThrow();
  }

  @Test
  void writesStatisticsForTypedColumns() throws IOException {
    Path out = dir.resolve("stats.parquet");
    try (VariantParquetWriter w = builder(out).build()) {
      for (long n = 1; n <= 100; n++) {
        w.write(record(n, n == 50 ? null : row(n * 3)));
      }
    }
    ParquetMetadata footer = RawParquet.footer(out);
    assertEquals(1, footer.getBlocks().size());
    Statistics<?> typed =
        chunk(footer.getBlocks().get(0), "event", "typed_value", "n", "typed_value")
            .getStatistics();
    assertEquals(3L, typed.genericGetMin());
    assertEquals(300L, typed.genericGetMax());
    assertEquals(1, typed.getNumNulls()); // the SQL NULL row
    Statistics<?> residual = chunk(footer.getBlocks().get(0), "event", "value").getStatistics();
    assertEquals(1, residual.getNumNulls()); // every other row keeps "s" in its residual
  }

  @Test
  void stringStatisticsDoNotAliasTheSplittersReusedBuffer() throws IOException {
    Path out = dir.resolve("strings.parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(out)
            .longColumn("id")
            .variantColumn("event", ShreddingPlan.parse("{\"s\": string}"))
            .rowGroupRowLimit(2)
            .build()) {
      for (long n = 0; n < 4; n++) {
        w.write(record(n, row(n))); // s = "row0" ... "row3"
      }
    }
    List<String> minMax = new java.util.ArrayList<>();
    for (BlockMetaData block : RawParquet.footer(out).getBlocks()) {
      Statistics<?> s = chunk(block, "event", "typed_value", "s", "typed_value").getStatistics();
      minMax.add(s.minAsString() + ".." + s.maxAsString());
    }
    assertEquals(List.of("row0..row1", "row2..row3"), minMax);
    List<String> values =
        new java.util.ArrayList<>(); // the dictionary keeps its entries past each call too
    for (Group g : RawParquet.rows(out)) {
      values.add(
          g.getGroup("event", 0)
              .getGroup("typed_value", 0)
              .getGroup("s", 0)
              .getString("typed_value", 0));
    }
    assertEquals(List.of("row0", "row1", "row2", "row3"), values);
  }

  /** Nesting past the splitter sink's first stack of slots grows it, in both layouts. */
  @Test
  void aPlanNestedTwentyDeepRoundTrips() throws IOException {
    int depth = 20;
    ShreddingPlan plan = ShreddingPlan.parse("[".repeat(depth) + "int8" + "]".repeat(depth));
    Variant v = io.variant.core.json.VariantJson.parse("[".repeat(depth) + "7" + "]".repeat(depth));
    for (io.variant.parquet.schema.ShreddingLayout layout :
        io.variant.parquet.schema.ShreddingLayout.values()) {
      Path out = dir.resolve("deep-" + layout + ".parquet");
      try (VariantParquetWriter w =
          VariantParquetWriter.builder(out)
              .variantColumn(VariantColumn.of("v", plan).withLayout(layout))
              .build()) {
        w.write(VariantRecord.builder().set("v", v).build());
      }
      try (VariantParquetReader r = VariantParquetReader.open(out)) {
        assertEquals(plan, r.plans().get("v"));
        assertTrue(v.equals(r.read().variant("v")), layout.toString());
      }
    }
  }

  @Test
  void smallRowLimitsGiveSeveralRowGroups() throws IOException {
    Path out = dir.resolve("groups.parquet");
    try (VariantParquetWriter w = builder(out).rowGroupRowLimit(10).pageRowLimit(4).build()) {
      for (long n = 0; n < 35; n++) {
        w.write(record(n, row(n)));
      }
    }
    List<BlockMetaData> blocks = RawParquet.footer(out).getBlocks();
    assertEquals(
        List.of(10L, 10L, 10L, 5L), blocks.stream().map(BlockMetaData::getRowCount).toList());
    assertEquals(35, RawParquet.rows(out).size());
  }

  @Test
  void sharedDictionaryGivesEveryRowTheSameMetadataBytes() throws IOException {
    Path out = dir.resolve("dict.parquet");
    VariantParquetWriter w =
        builder(out)
            .metadataPolicy(MetadataPolicy.SHARED_DICTIONARY)
            .build(); // samples the first rows' keys
    w.write(record(1, row(1))); // dictionary ["n", "s"]
    w.write(record(2, nOnly(2))); // dictionary ["n"]
    w.close();
    assertEquals(
        1, w.rebasedRows()); // ["n", "s"] already is the shared plan key n plus the sampled s
    byte[] shared = {0x11, 0x02, 0x00, 0x01, 0x02, 'n', 's'}; // sorted, 2 keys, offsets 0 1 2, "ns"
    for (Group g : RawParquet.rows(out)) {
      assertArrayEquals(shared, g.getGroup("event", 0).getBinary("metadata", 0).getBytes());
    }
  }

  @Test
  void withoutSamplingTheSharedDictionaryHoldsThePlanKeys() throws IOException {
    Path out = dir.resolve("plan-keys.parquet");
    try (VariantParquetWriter w =
        builder(out).metadataPolicy(MetadataPolicy.SHARED_DICTIONARY).inferFromFirst(0).build()) {
      w.write(record(1, row(1)));
      w.write(record(2, nOnly(2)));
      assertEquals(
          1, w.rebasedRows()); // ["n", "s"] is re-based; ["n"] already is the plan's dictionary
    }
    List<Group> rows = RawParquet.rows(out);
    byte[] first = rows.get(0).getGroup("event", 0).getBinary("metadata", 0).getBytes();
    byte[] second = rows.get(1).getGroup("event", 0).getBinary("metadata", 0).getBytes();
    assertArrayEquals(
        new byte[] {0x11, 0x02, 0x00, 0x01, 0x02, 'n', 's'}, first); // plan key n, plus the row's s
    assertArrayEquals(
        new byte[] {0x11, 0x01, 0x00, 0x01, 'n'}, second); // exactly the plan's dictionary
  }

  /** {"n": n} with the dictionary ["n"]. */
  private static Variant nOnly(long n) {
    VariantBuilder b = new VariantBuilder();
    b.startObject().key("n").appendLong(n).endObject();
    return b.build();
  }

  @Test
  void sqlNullAndPlainColumnsAreWritten() throws IOException {
    Path out = dir.resolve("plain.parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(out)
            .longColumn("l")
            .intColumn("i")
            .stringColumn("s")
            .doubleColumn("d")
            .booleanColumn("b")
            .binaryColumn("x")
            .variantColumn("v", ShreddingPlan.residual())
            .codec(CompressionCodecName.SNAPPY)
            .build()) {
      w.write(
          VariantRecord.builder()
              .set("l", 7L)
              .set("i", 8)
              .set("s", "héllo")
              .set("d", 1.5)
              .set("b", true)
              .set("x", new byte[] {1, 2})
              .set("v", row(1))
              .build());
      w.write(
          VariantRecord.builder()
              .set("l", null)
              .set("i", null)
              .set("s", null)
              .set("d", null)
              .set("b", null)
              .set("x", null)
              .set("v", null)
              .build());
    }
    List<Group> rows = RawParquet.rows(out);
    Group g = rows.get(0);
    assertEquals(7L, g.getLong("l", 0));
    assertEquals(8, g.getInteger("i", 0));
    assertEquals("héllo", g.getString("s", 0));
    assertEquals(1.5, g.getDouble("d", 0));
    assertTrue(g.getBoolean("b", 0));
    assertArrayEquals(new byte[] {1, 2}, g.getBinary("x", 0).getBytes());
    assertEquals(1, g.getFieldRepetitionCount("v"));
    Group nulls = rows.get(1);
    for (String c : List.of("l", "i", "s", "d", "b", "x", "v")) {
      assertEquals(0, nulls.getFieldRepetitionCount(c), c);
    }
    assertEquals(
        CompressionCodecName.SNAPPY,
        RawParquet.footer(out).getBlocks().get(0).getColumns().get(0).getCodec());
  }

  @Test
  void defaultCodecIsZstd() throws IOException {
    Path out = dir.resolve("zstd.parquet");
    try (VariantParquetWriter w = builder(out).build()) {
      w.write(record(1, row(1)));
    }
    assertEquals(
        CompressionCodecName.ZSTD,
        RawParquet.footer(out).getBlocks().get(0).getColumns().get(0).getCodec());
  }

  @Test
  void rejectsARecordWithWrongColumnsAndStaysUsable() throws IOException {
    Path out = dir.resolve("shape.parquet");
    try (VariantParquetWriter w = builder(out).build()) {
      var e =
          assertThrows(
              IllegalArgumentException.class,
              () -> w.write(VariantRecord.builder().set("id", 1L).build()));
      assertTrue(e.getMessage().contains("expected [id, event]"), e.getMessage());
      var t =
          assertThrows(
              IllegalArgumentException.class,
              () -> w.write(VariantRecord.builder().set("id", "one").set("event", null).build()));
      assertTrue(
          t.getMessage().contains("\"id\": expected a Long, found a String"), t.getMessage());
      w.write(record(2, row(2)));
    }
    assertEquals(1, RawParquet.rows(out).size());
  }

  @Test
  void refusesDuplicateColumnNamesAtBuild() {
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                VariantParquetWriter.builder(dir.resolve("dup.parquet"))
                    .longColumn("a")
                    .variantColumn("a")
                    .build());
    assertTrue(e.getMessage().contains("\"a\" twice"), e.getMessage());
  }

  @Test
  void refusesToInferFromNoRows() {
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                VariantParquetWriter.builder(dir.resolve("x.parquet"))
                    .variantColumn("v")
                    .inferFromFirst(0)
                    .build());
    assertTrue(e.getMessage().contains("Cannot infer a plan from 0 rows"), e.getMessage());
  }

  @Test
  void infersThePlanFromTheFirstRowsAndWritesThemInOrder() throws IOException {
    Path out = dir.resolve("inferred.parquet");
    VariantParquetWriter w =
        VariantParquetWriter.builder(out)
            .longColumn("id")
            .variantColumn("event")
            .inferFromFirst(5)
            .build();
    for (long n = 0; n < 12; n++) {
      w.write(record(n, row(n)));
      assertEquals(n < 4, w.schema() == null, "schema known once the 5th row arrived, row " + n);
    }
    w.close();
    assertNotNull(
        RawParquet.footer(out)
            .getFileMetaData()
            .getSchema()
            .getType("event")
            .asGroupType()
            .getType("typed_value")
            .asGroupType()
            .getType("s"));
    List<Group> rows = RawParquet.rows(out);
    assertEquals(12, rows.size());
    for (int n = 0; n < 12; n++) {
      assertEquals(n, rows.get(n).getLong("id", 0));
    }
  }

  @Test
  void closingDuringSamplingInfersFromTheRowsSoFar() throws IOException {
    Path out = dir.resolve("short.parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(out).longColumn("id").variantColumn("event").build()) {
      w.write(record(1, row(1))); // fewer rows than the default sample of 1000
    }
    assertEquals(1, RawParquet.rows(out).size());
  }

  private List<Path> listDir() throws IOException {
    try (var s = Files.list(dir)) {
      return s.toList();
    }
  }
}
