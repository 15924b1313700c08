// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.testkit.PlanGen;
import io.variant.shredding.testkit.ShapePlans;
import io.variant.testkit.Gen;
import io.variant.testkit.Trials;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rows encoded apart ({@link RowGroupEncoder}) and appended in order make the file that writing
 * them makes: byte for byte when they are one run, and, cut into runs, the same file whichever
 * thread encoded which run, holding the same records in the same order.
 */
class RowGroupEncoderPropertyTest {
  private static final int TRIALS = Math.max(20, Trials.trials() / 10);

  private static final Gen.Config SMALL =
      Gen.Config.defaults()
          .withMaxDepth(3)
          .withMaxFields(5)
          .withMaxElements(4)
          .withAllowLarge(false)
          .withBudgetBytes(4_000);

  @TempDir Path tmp;

  @Test
  void oneRunMakesTheFileWritingMakes() {
    Trials.run(
        "oneRunMakesTheFileWritingMakes",
        TRIALS,
        rnd -> {
          ShreddingPlan plan = plan(rnd);
          List<VariantRecord> rows = rows(rnd, plan);
          WriteOptions options = options(rnd);
          Path written = write(options, plan, rows);
          Path appended = Files.createTempFile(tmp, "appended", ".parquet");
          try (VariantParquetWriter w = writer(appended, options, plan);
              RowGroupEncoder encoder = w.encoder()) {
            for (VariantRecord r : rows) {
              encoder.write(r);
            }
            for (EncodedRowGroup g : encoder.finish()) {
              w.append(g);
            }
            assertEquals(rows.size(), w.rowCount());
          }
          assertArrayEquals(Files.readAllBytes(written), Files.readAllBytes(appended), "" + plan);
        });
  }

  @Test
  void runsMakeTheSameFileOnAnyThreads() {
    ExecutorService pool = Executors.newFixedThreadPool(3);
    try {
      Trials.run(
          "runsMakeTheSameFileOnAnyThreads",
          TRIALS,
          rnd -> {
            ShreddingPlan plan = plan(rnd);
            List<VariantRecord> rows = rows(rnd, plan);
            WriteOptions options = options(rnd);
            List<List<VariantRecord>> runs = runs(rnd, rows);
            Path oneThread = appendRuns(options, plan, runs, null);
            Path threads = appendRuns(options, plan, runs, pool);
            assertArrayEquals(Files.readAllBytes(oneThread), Files.readAllBytes(threads));
            assertEquals(
                LevelWriterPropertyTest.readGroups(write(options, plan, rows)),
                LevelWriterPropertyTest.readGroups(threads),
                "" + plan);
          });
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aGroupIsWrittenOnceAndOnlyIntoItsOwnKindOfFile() throws IOException {
    ShreddingPlan plan = ShreddingPlan.residual();
    WriteOptions options = WriteOptions.defaults().withOverwrite(true).withInferRows(0);
    VariantRecord row = record(1, VariantJson.parse("{\"a\": 1}"));
    try (VariantParquetWriter w = writer(tmp.resolve("a.parquet"), options, plan);
        VariantParquetWriter other =
            VariantParquetWriter.builder(tmp.resolve("b.parquet"))
                .options(options)
                .longColumn("id")
                .build();
        RowGroupEncoder encoder = w.encoder()) {
      encoder.write(row);
      EncodedRowGroup group = encoder.finish().get(0);
      var e = assertThrows(IllegalArgumentException.class, () -> other.append(group));
      assertTrue(e.getMessage().contains("encoded for another file"), e.getMessage());
      w.append(group);
      var twice = assertThrows(IllegalStateException.class, () -> w.append(group));
      assertTrue(twice.getMessage().contains("twice"), twice.getMessage());
      assertEquals(List.of(), encoder.finish());
    }
  }

  /**
   * A group's bytes are its column chunks in the file, dictionary pages included (but for their
   * headers): names from a few hundred, long enough that the dictionary page is most of the typed
   * column, which parquet-java's page writers leave out of the size they report.
   */
  @Test
  void aGroupsBytesAreItsColumnChunksDictionariesIncluded() throws IOException {
    WriteOptions options = WriteOptions.defaults().withOverwrite(true).withInferRows(0);
    Path file = tmp.resolve("dictionary.parquet");
    EncodedRowGroup group;
    try (VariantParquetWriter w = writer(file, options, ShreddingPlan.parse("{\"name\": string}"));
        RowGroupEncoder encoder = w.encoder()) {
      Random r = new Random(5);
      for (int i = 0; i < 3000; i++) {
        String name = "customer-" + r.nextInt(400) + "-" + "x".repeat(40);
        encoder.write(record(i, VariantJson.parse("{\"name\": \"" + name + "\"}")));
      }
      group = encoder.finish().get(0);
      w.append(group);
    }
    long chunks = 0;
    try (ParquetFileReader reader =
        ParquetFileReader.open(new LocalInputFile(file), ParquetReadOptions.builder().build())) {
      for (ColumnChunkMetaData c : reader.getFooter().getBlocks().get(0).getColumns()) {
        chunks += c.getTotalSize();
      }
    }
    // all but the dictionary pages' headers (a few bytes each)
    long missing = chunks - group.bytes();
    assertTrue(missing >= 0 && missing < 100, chunks + " bytes written, " + group.bytes());
  }

  @Test
  void aRecordOfTheWrongShapeLeavesTheEncoderUsable() throws IOException {
    WriteOptions options = WriteOptions.defaults().withOverwrite(true).withInferRows(0);
    Path file = tmp.resolve("shape.parquet");
    try (VariantParquetWriter w = writer(file, options, ShreddingPlan.residual());
        RowGroupEncoder encoder = w.encoder()) {
      VariantRecord wrong = VariantRecord.builder().set("id", 1L).build();
      assertThrows(IllegalArgumentException.class, () -> encoder.write(wrong));
      encoder.write(record(2, VariantJson.parse("[1]")));
      for (EncodedRowGroup g : encoder.finish()) {
        w.append(g);
      }
    }
    assertEquals(1, LevelWriterPropertyTest.readGroups(file).size());
  }

  /** Appends the runs in order, each encoded here (pool null) or on one of the pool's threads. */
  private Path appendRuns(
      WriteOptions options,
      ShreddingPlan plan,
      List<List<VariantRecord>> runs,
      ExecutorService pool)
      throws Exception {
    Path file = Files.createTempFile(tmp, pool == null ? "one" : "pool", ".parquet");
    try (VariantParquetWriter w = writer(file, options, plan)) {
      if (pool == null) {
        try (RowGroupEncoder encoder = w.encoder()) {
          for (List<VariantRecord> run : runs) {
            for (EncodedRowGroup g : encode(encoder, run)) {
              w.append(g);
            }
          }
        }
        return file;
      }
      List<Future<List<EncodedRowGroup>>> encoded = new ArrayList<>();
      for (List<VariantRecord> run : runs) {
        RowGroupEncoder encoder = w.encoder(); // made on the writer's thread, used on another
        encoded.add(
            pool.submit(
                () -> {
                  try (encoder) {
                    return encode(encoder, run);
                  }
                }));
      }
      for (Future<List<EncodedRowGroup>> f : encoded) {
        for (EncodedRowGroup g : f.get()) {
          w.append(g);
        }
      }
    }
    return file;
  }

  private static List<EncodedRowGroup> encode(RowGroupEncoder encoder, List<VariantRecord> run)
      throws IOException {
    for (VariantRecord r : run) {
      encoder.write(r);
    }
    return encoder.finish();
  }

  private Path write(WriteOptions options, ShreddingPlan plan, List<VariantRecord> rows)
      throws IOException {
    Path file = Files.createTempFile(tmp, "written", ".parquet");
    try (VariantParquetWriter w = writer(file, options, plan)) {
      for (VariantRecord r : rows) {
        w.write(r);
      }
    }
    return file;
  }

  private static VariantParquetWriter writer(Path file, WriteOptions options, ShreddingPlan plan)
      throws IOException {
    return VariantParquetWriter.builder(file)
        .options(options)
        .longColumn("id")
        .variantColumn("event", plan)
        .build();
  }

  private static WriteOptions options(Random rnd) {
    WriteOptions o =
        WriteOptions.defaults()
            .withOverwrite(true)
            .withInferRows(0)
            .withMetadataPolicy(
                MetadataPolicy.values()[rnd.nextInt(MetadataPolicy.values().length)])
            .withCodec(
                PlanGen.pick(rnd, CompressionCodecName.ZSTD, CompressionCodecName.UNCOMPRESSED))
            .withPageRowLimit(1 + rnd.nextInt(6));
    return switch (rnd.nextInt(3)) {
      case 0 -> o.withRowGroupRowLimit(1 + rnd.nextInt(12));
      case 1 -> o.withRowGroupSize(512 + rnd.nextInt(4096)); // cut by size, inside runs too
      default -> o;
    };
  }

  private static ShreddingPlan plan(Random rnd) {
    return rnd.nextBoolean()
        ? PlanGen.plan(rnd, 3)
        : ShapePlans.planFor(rnd, Gen.variant(rnd, SMALL));
  }

  private static List<VariantRecord> rows(Random rnd, ShreddingPlan plan) {
    List<VariantRecord> rows = new ArrayList<>();
    for (int i = 0, n = 1 + rnd.nextInt(60); i < n; i++) {
      rows.add(record(i, rnd.nextInt(8) == 0 ? null : Gen.variant(rnd, SMALL)));
    }
    return rows;
  }

  private static VariantRecord record(long id, Variant event) {
    return VariantRecord.builder().set("id", id).set("event", event).build();
  }

  /** The rows cut into consecutive runs of random lengths. */
  private static List<List<VariantRecord>> runs(Random rnd, List<VariantRecord> rows) {
    List<List<VariantRecord>> runs = new ArrayList<>();
    for (int i = 0; i < rows.size(); ) {
      int n = Math.min(rows.size() - i, 1 + rnd.nextInt(15));
      runs.add(rows.subList(i, i + n));
      i += n;
    }
    return runs;
  }
}
