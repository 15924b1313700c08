// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.core.Variant;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.read.ShapedValues;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.shredding.NumericWidening;
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
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.schema.MessageType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link VariantParquetWriter} writes leaf values and levels itself ({@link LevelSink}, {@link
 * RowGroupWriter}); parquet-java's {@code ParquetWriter} running {@link VariantWriteSupport}
 * derives them from record-consumer calls ({@link RecordConsumerSink}). For generated plans (both
 * layouts, objects, arrays, nested arrays, every scalar kind) and rows (shaped after the plan or
 * not, SQL NULLs, ordinary columns, several row groups and pages), parquet-java's own record reader
 * reads the same records from both files, and the files are byte-for-byte identical.
 */
class LevelWriterPropertyTest {
  private static final int TRIALS = Math.max(30, Trials.trials() / 10);

  private static final Gen.Config SMALL =
      Gen.Config.defaults()
          .withMaxDepth(3)
          .withMaxFields(5)
          .withMaxElements(4)
          .withAllowLarge(false)
          .withBudgetBytes(4_000);

  @TempDir Path tmp;

  @Test
  void levelsEqualParquetJavaRecordAssembly() {
    Trials.run(
        "levelWriterEqualsRecordConsumer",
        TRIALS,
        rnd -> {
          ShreddingPlan plan = plan(rnd);
          List<VariantRecord> rows = rows(rnd, plan);
          ShreddingLayout layout = rnd.nextBoolean() ? ShreddingLayout.SPEC : ShreddingLayout.DRAFT;
          MetadataPolicy policy =
              MetadataPolicy.values()[rnd.nextInt(MetadataPolicy.values().length)];
          NumericWidening widening =
              NumericWidening.values()[rnd.nextInt(NumericWidening.values().length)];
          CompressionCodecName codec =
              PlanGen.pick(rnd, CompressionCodecName.ZSTD, CompressionCodecName.UNCOMPRESSED);
          int rowGroupRows = 1 + rnd.nextInt(12);
          int pageRows = 1 + rnd.nextInt(5);

          WriteOptions options =
              WriteOptions.defaults()
                  .withOverwrite(true)
                  .withLayout(layout)
                  .withMetadataPolicy(policy)
                  .withWidening(widening)
                  .withCodec(codec)
                  .withRowGroupRowLimit(rowGroupRows)
                  .withPageRowLimit(pageRows)
                  .withInferRows(0);
          Path ours = Files.createTempFile(tmp, "levels", ".parquet");
          try (VariantParquetWriter w =
              VariantParquetWriter.builder(ours)
                  .options(options)
                  .longColumn("id")
                  .variantColumn("event", plan)
                  .stringColumn("name")
                  .parquetJavaEncodings()
                  .build()) {
            for (VariantRecord r : rows) {
              w.write(r);
            }
          }

          Path reference = Files.createTempFile(tmp, "consumer", ".parquet");
          VariantWriteSupport support =
              new VariantWriteSupport(
                  List.of(
                      new PlainColumn("id", PlainType.LONG),
                      VariantColumn.of("event", plan)
                          .withLayout(layout)
                          .withMetadataPolicy(policy)
                          .withWidening(widening),
                      new PlainColumn("name", PlainType.STRING)));
          try (ParquetWriter<VariantRecord> w =
              ParquetWriters.open(new LocalOutputFile(reference), support, options)) {
            for (VariantRecord r : rows) {
              w.write(r);
            }
          }

          String where = plan + " " + layout + " " + policy;
          assertEquals(readGroups(reference), readGroups(ours), where);
          assertArrayEquals(Files.readAllBytes(reference), Files.readAllBytes(ours), where);
        });
  }

  @Test
  void groupsCutBySizeEndAtTheRowsParquetJavaEndsThem() throws IOException {
    // parquet-java checks a new group's size first at its minimum row count; ours spaced that
    // check by half the last group's rows, so groups of 480 rows came out as 479
    ShreddingPlan plan = ShreddingPlan.parse("{\"n\": int64}");
    Random rnd = new Random(3);
    List<VariantRecord> rows = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      Variant event =
          io.variant.core.json.VariantJson.parse(
              "{\"n\": " + i + ", \"s\": \"" + Long.toString(rnd.nextLong(), 36) + "\"}");
      rows.add(VariantRecord.builder().set("id", (long) i).set("event", event).build());
    }
    WriteOptions options =
        WriteOptions.defaults().withOverwrite(true).withRowGroupSize(20_000).withInferRows(0);
    Path ours = tmp.resolve("ours.parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(ours)
            .options(options)
            .longColumn("id")
            .variantColumn("event", plan)
            .parquetJavaEncodings()
            .build()) {
      for (VariantRecord r : rows) {
        w.write(r);
      }
    }
    Path reference = tmp.resolve("reference.parquet");
    VariantWriteSupport support =
        new VariantWriteSupport(
            List.of(new PlainColumn("id", PlainType.LONG), VariantColumn.of("event", plan)));
    try (ParquetWriter<VariantRecord> w =
        ParquetWriters.open(new LocalOutputFile(reference), support, options)) {
      for (VariantRecord r : rows) {
        w.write(r);
      }
    }
    assertArrayEquals(Files.readAllBytes(reference), Files.readAllBytes(ours));
  }

  private static ShreddingPlan plan(Random rnd) {
    return switch (rnd.nextInt(4)) {
      case 0 -> ShreddingPlan.residual();
      case 1 -> PlanGen.plan(rnd, 3);
      default -> ShapePlans.planFor(rnd, Gen.variant(rnd, SMALL));
    };
  }

  /** Rows shaped after the plan (so typed columns fill) or drawn freely, a few SQL NULLs. */
  private static List<VariantRecord> rows(Random rnd, ShreddingPlan plan) {
    List<Variant> events =
        new ArrayList<>(rnd.nextBoolean() ? ShapedValues.rows(plan, rnd, 40) : List.of());
    for (int n = events.isEmpty() ? 1 + rnd.nextInt(40) : 0; n > 0; n--) {
      events.add(rnd.nextInt(8) == 0 ? null : Gen.variant(rnd, SMALL));
    }
    List<VariantRecord> rows = new ArrayList<>();
    for (int i = 0; i < events.size(); i++) {
      rows.add(
          VariantRecord.builder()
              .set("id", rnd.nextInt(6) == 0 ? null : (long) i)
              .set("event", events.get(i))
              .set("name", rnd.nextInt(5) == 0 ? null : Gen.string(rnd, 0, 8))
              .build());
    }
    return rows;
  }

  /** Every record of {@code file} as parquet-java's example object model assembles it. */
  static List<String> readGroups(Path file) throws IOException {
    List<String> out = new ArrayList<>();
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      MessageType schema = r.getFooter().getFileMetaData().getSchema();
      PageReadStore pages;
      while ((pages = r.readNextRowGroup()) != null) {
        RecordReader<Group> records =
            new ColumnIOFactory()
                .getColumnIO(schema)
                .getRecordReader(pages, new GroupRecordConverter(schema));
        for (long i = 0; i < pages.getRowCount(); i++) {
          out.add(records.read().toString());
        }
      }
    }
    return out;
  }
}
