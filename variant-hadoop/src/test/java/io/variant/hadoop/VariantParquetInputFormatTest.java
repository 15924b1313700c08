// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.json.VariantJson;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.filter.Literal;
import io.variant.parquet.filter.VariantPredicate;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link VariantParquetInputFormat}'s splits, projection and filter, read split by split as tasks
 * would.
 */
class VariantParquetInputFormatTest {
  private static final int ROWS = 300;
  private static final int ROW_GROUP_ROWS = 50;

  @TempDir Path dir;
  private final List<String> lines = new ArrayList<>();
  private Job job;

  @BeforeEach
  void writeFile() throws Exception {
    Random rnd = new Random(31);
    Path file = dir.resolve("events.parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .variantColumn(
                "event",
                ShreddingPlan.parse(
                    "{\"event\": {\"id\": int64, \"user\": {\"age\": int64}}, \"seq\": int64}"))
            .inferFromFirst(0)
            .rowGroupRowLimit(ROW_GROUP_ROWS)
            .build()) {
      for (int i = 0; i < ROWS; i++) {
        String line =
            "{\"seq\": " + i + ", \"event\": " + Events.line(rnd, i) + "}"; // seq: always typed
        lines.add(line);
        w.write(VariantRecord.builder().set("event", VariantJson.parse(line)).build());
      }
    }
    job = Job.getInstance(Events.localConf(dir));
    FileInputFormat.setInputPaths(job, new org.apache.hadoop.fs.Path(file.toString()));
    FileInputFormat.setMaxInputSplitSize(job, Files.size(file) / 4);
    job.setInputFormatClass(VariantParquetInputFormat.class);
  }

  @Test
  void splitsTogetherReadEveryRowOnce() throws Exception {
    List<VariantRecord> rows = readAllSplits();
    List<String> got = new ArrayList<>();
    for (VariantRecord r : rows) {
      got.add(VariantJson.toJson(r.variant("event")));
    }
    got.sort(null);
    assertEquals(Events.canonical(lines), got);
  }

  @Test
  void progressRunsFromZeroToOnePerSplit() throws Exception {
    VariantParquetInputFormat format = new VariantParquetInputFormat();
    int rows = 0;
    for (InputSplit split : format.getSplits(job)) {
      TaskAttemptContext context =
          new TaskAttemptContextImpl(job.getConfiguration(), new TaskAttemptID());
      try (RecordReader<Void, VariantRecord> reader = format.createRecordReader(split, context)) {
        reader.initialize(split, context);
        float last = reader.getProgress();
        assertEquals(0f, last, split.toString());
        while (reader.nextKeyValue()) {
          rows++;
          float p = reader.getProgress();
          assertTrue(p >= last && p <= 1f, p + " after " + last);
          last = p;
        }
        assertEquals(1f, reader.getProgress(), split.toString());
      }
    }
    assertEquals(ROWS, rows);
  }

  @Test
  void projectionReadsThePathOnly() throws Exception {
    VariantParquetInputFormat.setProjection(job, "event", VariantPath.parse("$.event.user.age"));
    List<String> got = new ArrayList<>();
    for (VariantRecord r : readAllSplits()) {
      assertEquals(List.of("event"), r.columns());
      got.add(String.valueOf(r.variant("event")));
    }
    List<String> expected = new ArrayList<>();
    for (String l : lines) {
      expected.add(
          String.valueOf(VariantPath.parse("$.event.user.age").extract(VariantJson.parse(l))));
    }
    got.sort(null);
    expected.sort(null);
    assertEquals(expected, got);
  }

  @Test
  void filterSkipsRowGroupsAndDropsOtherRows() throws Exception {
    VariantPredicate late = VariantPredicate.gt("event", "$.seq", Literal.of(ROWS - 30));
    VariantParquetInputFormat.setFilter(job, late);
    List<VariantRecord> rows = readAllSplits();
    long expected = lines.stream().map(VariantJson::parse).filter(late::test).count();
    assertEquals(expected, rows.size());
    assertTrue(rows.stream().allMatch(late::test));

    // With a projection, rows of the kept row groups all come back: one row group of six is read.
    VariantParquetInputFormat.setProjection(job, "event", VariantPath.parse("$.seq"));
    assertEquals(ROW_GROUP_ROWS, readAllSplits().size());
  }

  @Test
  void filterTextRoundTrips() {
    for (VariantPredicate p :
        List.of(
            VariantPredicate.between(
                "e", "$.a[2].b", Literal.of(1), Literal.of(new java.math.BigDecimal("2.50"))),
            VariantPredicate.eq("e", "$['odd key']", Literal.of("say \"hi\"\n")),
            VariantPredicate.lt("e", "$.d", Literal.of(java.time.LocalDate.of(2024, 2, 29))),
            VariantPredicate.gt("e", "$.x", Literal.of(-0.5)),
            VariantPredicate.eq("e", "$.b", Literal.of(true)),
            VariantPredicate.isNull("e", "$.n"))) {
      assertEquals(p.toString(), PredicateText.parse("k", PredicateText.of(p)).toString());
    }
  }

  private List<VariantRecord> readAllSplits() throws Exception {
    List<InputSplit> splits = new VariantParquetInputFormat().getSplits(job);
    assertTrue(splits.size() >= 3, splits.toString());
    return readSplits(job);
  }

  /** Every record of {@code job}'s input, split by split, as its tasks read them. */
  static List<VariantRecord> readSplits(Job job) throws Exception {
    VariantParquetInputFormat format = new VariantParquetInputFormat();
    List<InputSplit> splits = format.getSplits(job);
    List<VariantRecord> out = new ArrayList<>();
    for (InputSplit split : splits) {
      TaskAttemptContext context =
          new TaskAttemptContextImpl(job.getConfiguration(), new TaskAttemptID());
      try (RecordReader<Void, VariantRecord> reader = format.createRecordReader(split, context)) {
        reader.initialize(split, context);
        while (reader.nextKeyValue()) {
          out.add(reader.getCurrentValue());
        }
      }
    }
    return out;
  }
}
