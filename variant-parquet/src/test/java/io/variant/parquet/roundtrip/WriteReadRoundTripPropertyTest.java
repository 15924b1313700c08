// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.roundtrip;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.core.path.Segment;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.read.PathValue;
import io.variant.parquet.read.ShapedValues;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.read.VariantPathReader;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.write.MetadataPolicy;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.NumericWidening;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.testkit.PlanGen;
import io.variant.shredding.testkit.ShapePlans;
import io.variant.testkit.Gen;
import io.variant.testkit.Trials;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rows written by {@link VariantParquetWriter} and read back by {@link VariantParquetReader}
 * through real files: arbitrary Variants and plans (drawn independently, rows shaped after the
 * plan, or the plan shaped after some rows, so that typed columns fill), both layouts, both
 * metadata policies and widening modes, with row-group and page limits small enough that every file
 * has several of each. Every Variant comes back logically equal (lossless widening may change a
 * number's width), SQL NULL stays SQL NULL, and ordinary columns keep their values; and the
 * reader's projection of a path (walking a written row, sometimes past it) equals that path
 * extracted from the written Variant.
 */
class WriteReadRoundTripPropertyTest {
  /** Each trial writes a file: a tenth of the configured trials, at least 30 (50 by default). */
  private static final int TRIALS = Math.max(30, Trials.trials() / 10);

  private static final Gen.Config SMALL =
      Gen.Config.defaults()
          .withMaxDepth(3)
          .withMaxFields(5)
          .withMaxElements(4)
          .withAllowLarge(false)
          .withBudgetBytes(4_000);

  @TempDir Path tmp;

  /** One written row, kept to compare with what is read. */
  private record Row(long id, String name, byte[] raw, Variant event) {}

  @Test
  void readUndoesWrite() {
    Trials.run(
        "writerReadUndoesWrite",
        TRIALS,
        rnd -> {
          List<Variant> templates = new ArrayList<>();
          for (int i = 1 + rnd.nextInt(4); i > 0; i--) {
            templates.add(Gen.variant(rnd, SMALL));
          }
          ShreddingPlan plan =
              rnd.nextBoolean() ? PlanGen.plan(rnd, 3) : ShapePlans.planFor(rnd, templates.get(0));
          boolean infer = rnd.nextInt(4) == 0;
          List<Row> rows =
              rnd.nextBoolean()
                  ? rows(rnd, templates)
                  : withOtherColumns(rnd, ShapedValues.rows(plan, rnd, 30));
          ShreddingLayout layout = rnd.nextBoolean() ? ShreddingLayout.SPEC : ShreddingLayout.DRAFT;
          int rowGroupRows = 2 + rnd.nextInt(8);
          Path file = Files.createTempFile(tmp, "rt", ".parquet");
          NumericWidening widening = PlanGen.pick(rnd, NumericWidening.values());

          VariantParquetWriter.Builder b =
              VariantParquetWriter.builder(file)
                  .overwrite()
                  .longColumn("id")
                  .stringColumn("name")
                  .binaryColumn("raw")
                  .layout(layout)
                  .metadataPolicy(
                      MetadataPolicy.values()[rnd.nextInt(MetadataPolicy.values().length)])
                  .widening(widening)
                  .codec(
                      PlanGen.pick(
                          rnd,
                          CompressionCodecName.ZSTD,
                          CompressionCodecName.SNAPPY,
                          CompressionCodecName.UNCOMPRESSED))
                  .rowGroupRowLimit(rowGroupRows)
                  .pageRowLimit(1 + rnd.nextInt(3))
                  // rows without SQL NULL may go in a required group
                  .nullableVariants(
                      rows.stream().anyMatch(r -> r.event() == null) || rnd.nextBoolean());
          b =
              infer
                  ? b.variantColumn("event").inferFromFirst(1 + rnd.nextInt(rows.size()))
                  : b.variantColumn("event", plan);
          try (VariantParquetWriter w = b.build()) {
            for (Row r : rows) {
              w.write(
                  VariantRecord.builder()
                      .set("id", r.id())
                      .set("name", r.name())
                      .set("raw", r.raw())
                      .set("event", r.event())
                      .build());
            }
          }

          try (ParquetFileReader footer = ParquetFileReader.open(new LocalInputFile(file))) {
            int groups = footer.getRowGroups().size();
            assertEquals((rows.size() + rowGroupRows - 1) / rowGroupRows, groups, "row groups");
          }
          try (VariantParquetReader r = VariantParquetReader.open(file)) {
            if (!infer) {
              assertEquals(plan, r.plans().get("event"));
            }
            int i = 0;
            for (VariantRecord got : r) {
              Row want = rows.get(i);
              assertEquals(want.id(), got.get("id"));
              assertEquals(want.name(), got.get("name"));
              assertArrayEquals(want.raw(), (byte[]) got.get("raw"));
              Variant v = got.variant("event");
              if (want.event() == null) {
                assertNull(v, "row " + i + " should be SQL NULL");
              } else {
                assertTrue(
                    want.event().equals(v),
                    "row "
                        + i
                        + ": wrote "
                        + want.event()
                        + ", read "
                        + v
                        + " with plan "
                        + r.plans().get("event")
                        + " "
                        + layout);
                if (widening != NumericWidening.LOSSLESS) { // then every number keeps its text
                  assertEquals(
                      VariantJson.toJson(want.event()),
                      VariantJson.toJson(v),
                      "row " + i + " under " + widening);
                }
              }
              i++;
            }
            assertEquals(rows.size(), i);
          }
        });
  }

  @Test
  void projectionEqualsThePathExtractedFromTheRebuiltVariant() {
    Trials.run(
        "writerProjectionEqualsExtraction",
        TRIALS,
        rnd -> {
          Variant template = Gen.variant(rnd, SMALL);
          ShreddingPlan plan =
              rnd.nextInt(4) == 0 ? PlanGen.plan(rnd, 3) : ShapePlans.planFor(rnd, template);
          List<Row> rows = rows(rnd, List.of(template));
          Path file = Files.createTempFile(tmp, "proj", ".parquet");
          try (VariantParquetWriter w =
              VariantParquetWriter.builder(file)
                  .overwrite()
                  .longColumn("id")
                  .variantColumn("event", plan)
                  .layout(rnd.nextBoolean() ? ShreddingLayout.SPEC : ShreddingLayout.DRAFT)
                  .rowGroupRowLimit(2 + rnd.nextInt(8))
                  .build()) {
            for (Row r : rows) {
              w.write(VariantRecord.builder().set("id", r.id()).set("event", r.event()).build());
            }
          }
          try (VariantParquetReader r = VariantParquetReader.open(file)) {
            for (int q = 0; q < 4; q++) {
              VariantPath path =
                  randomPath(
                      rnd,
                      rnd.nextBoolean() ? template : rows.get(rnd.nextInt(rows.size())).event());
              try (VariantPathReader projected = r.project("event", path)) {
                int i = 0;
                for (PathValue got : projected) {
                  Variant written = rows.get(i).event();
                  Variant want = written == null ? null : path.extract(written);
                  assertEquals(written == null, got.isSqlNull(), "row " + i + " " + path);
                  assertEquals(
                      want != null,
                      got.isPresent(),
                      "row " + i + " " + path + ": wrote " + written + ", projected " + got);
                  if (want != null) {
                    assertTrue(
                        want.equals(got.value()),
                        "row " + i + " " + path + ": want " + want + ", projected " + got);
                  }
                  i++;
                }
                assertEquals(rows.size(), i);
              }
            }
          }
        });
  }

  /**
   * A path that walks {@code v} for a few steps (keys of objects, indexes of arrays), sometimes one
   * step past it.
   */
  private static VariantPath randomPath(Random rnd, Variant v) {
    List<Segment> steps = new ArrayList<>();
    Variant at = v;
    while (at != null && rnd.nextInt(4) != 0) {
      if (at.isObject() && at.fieldCount() > 0) {
        int f = rnd.nextInt(at.fieldCount());
        steps.add(new Segment.Key(at.fieldName(f)));
        at = at.fieldValue(f);
      } else if (at.isArray() && at.size() > 0) {
        int e = rnd.nextInt(at.size() + 1); // one past the end now and then
        steps.add(new Segment.Index(e));
        at = e < at.size() ? at.element(e) : null;
      } else {
        steps.add(
            rnd.nextBoolean() ? new Segment.Key("zz") : new Segment.Index(0)); // leads nowhere
        at = null;
      }
    }
    return VariantPath.of(steps);
  }

  /**
   * Tens of rows: mostly repeats of a few templates (so typed columns fill), some fresh values,
   * some nulls.
   */
  private static List<Row> rows(Random rnd, List<Variant> templates) {
    List<Variant> events = new ArrayList<>();
    for (int n = 10 + rnd.nextInt(40); n > 0; n--) {
      int roll = rnd.nextInt(10);
      events.add(
          roll == 0
              ? null
              : roll < 3 ? Gen.variant(rnd, SMALL) : templates.get(rnd.nextInt(templates.size())));
    }
    return withOtherColumns(rnd, events);
  }

  /**
   * Rows holding {@code events} (null: SQL NULL) in order, with random values in the other columns.
   */
  private static List<Row> withOtherColumns(Random rnd, List<Variant> events) {
    List<Row> rows = new ArrayList<>();
    for (int id = 0; id < events.size(); id++) {
      String name = rnd.nextInt(5) == 0 ? null : Gen.string(rnd, 0, 12);
      byte[] raw = rnd.nextInt(5) == 0 ? null : new byte[rnd.nextInt(4)];
      if (raw != null) {
        rnd.nextBytes(raw);
      }
      rows.add(new Row(id, name, raw, events.get(id)));
    }
    return rows;
  }
}
