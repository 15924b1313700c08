// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Limits;
import io.variant.core.json.JsonOptions;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.shredding.ShreddingPlan;
import java.io.RandomAccessFile;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.apache.hadoop.util.ReflectionUtils;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ConvertJob} under Hadoop's local job runner, over inputs split into several pieces each.
 */
class ConvertJobTest {
  @TempDir Path dir;

  @Test
  void partFilesHoldEveryInputRowOnce() throws Exception {
    Random rnd = new Random(11);
    List<String> lines = new ArrayList<>();
    lines.addAll(Events.write(dir.resolve("a.ndjson"), rnd, 0, 300));
    lines.addAll(Events.write(dir.resolve("b.ndjson"), rnd, 1000, 250));
    lines.addAll(
        Events.write(dir.resolve("c.ndjson.gz"), rnd, 2000, 200)); // gzip: one split, read whole
    long splitBytes = Files.size(dir.resolve("b.ndjson")) / 3;

    ConvertJob.Options options =
        ConvertJob.Options.of(
                List.of(dir.resolve("*.ndjson*").toString()), dir.resolve("out").toString())
            .withMaxSplitBytes(splitBytes);
    ConvertJob.Result r = ConvertJob.run(Events.localConf(dir), options, false);

    assertTrue(r.succeeded(), r.summary());
    List<Path> parts = Events.partFiles(dir.resolve("out"));
    assertTrue(parts.size() >= 7, "one part file per split, 3+ per plain file, got " + parts);
    assertEquals(Events.canonical(lines), Events.readAll(dir.resolve("out"), "variant"));
    for (Path p : parts) { // one shared plan; rows never SQL NULL, as the local engine writes
      try (VariantParquetReader reader = VariantParquetReader.open(p)) {
        assertEquals(r.plan(), reader.plans().get("variant"), p.toString());
        assertEquals(
            Type.Repetition.REQUIRED,
            reader.schema().getType("variant").getRepetition(),
            p.toString());
      }
    }
    assertTrue(r.plan().isShredded(), r.plan().print());
    assertEquals(lines.size(), r.count(ConvertCounters.ROWS_IN));
    assertEquals(lines.size(), r.count(ConvertCounters.ROWS_WRITTEN));
    assertEquals(0, r.count(ConvertCounters.ROWS_REJECTED));
    assertTrue(r.typedShare() > 0.5 && r.count(ConvertCounters.RESIDUAL_VALUES) > 0, r.summary());
    assertEquals(lines.size(), r.sample().rows(), r.summary()); // the default sample: every row
    assertTrue(r.summary().contains("plan inferred from all 750 rows"), r.summary());
    assertTrue(Files.exists(dir.resolve("out/_SUCCESS")));
  }

  @Test
  void theTypedShareCountsTypedPathsAsTheConvertSummaryDoes() throws Exception {
    // $.o is an object in 70% of the rows and a string in 30%; each object has a field the plan
    // leaves out, which stays in $.o's residual column beside the strings
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      lines.add(i % 10 < 7 ? "{\"o\": {\"k\": " + i + ", \"y\": 1}}" : "{\"o\": \"s" + i + "\"}");
    }
    Path in = Files.write(dir.resolve("o.ndjson"), lines);
    for (ShreddingLayout layout : ShreddingLayout.values()) {
      ConvertJob.Options options =
          ConvertJob.Options.of(List.of(in.toString()), dir.resolve("out-" + layout).toString())
              .withPlan(ShreddingPlan.parse("{\"o\": {\"k\": int64}}"))
              .withLayout(layout)
              .withMaxSplitBytes(Files.size(in) / 3);
      ConvertJob.Result r = ConvertJob.run(Events.localConf(dir), options, false);

      assertTrue(r.succeeded(), r.summary());
      // per typed path: $ 1000 objects; $.o 700 objects and 300 strings; $.o.k 700 numbers, as
      // convert's summary counts them ("residual: 11.1% of 2,700 values at 3 typed paths"), not
      // the non-null entries of whole columns (700 typed, 1000 residual)
      assertEquals(2400, r.count(ConvertCounters.TYPED_VALUES), r.summary());
      assertEquals(300, r.count(ConvertCounters.RESIDUAL_VALUES), r.summary());
      assertTrue(
          r.summary().contains("; typed share 88.9% (2400 typed, 300 residual values)"),
          r.summary());
    }
  }

  @Test
  void temporalStringsAreStoredAsSuchInEveryTaskAndCounted() throws Exception {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      lines.add(
          String.format(
              Locale.ROOT,
              "{\"id\": %d, \"at\": \"2024-03-01T10:%02d:%02d.%03dZ\", \"day\": \"2024-03-%02d\","
                  + " \"note\": \"2024-03-01 10:00\"}",
              i,
              i / 60,
              i % 60,
              1 + i % 999,
              1 + i % 28));
    }
    Path in = Files.write(dir.resolve("a.ndjson"), lines);

    ConvertJob.Options options =
        ConvertJob.Options.of(List.of(in.toString()), dir.resolve("out").toString())
            .withInferTemporal(true)
            .withMaxSplitBytes(Files.size(in) / 3);
    ConvertJob.Result r = ConvertJob.run(Events.localConf(dir), options, false);

    assertTrue(r.succeeded(), r.summary());
    assertTrue(Events.partFiles(dir.resolve("out")).size() >= 3);
    assertEquals(2000, r.temporal(), r.summary()); // "at" and "day"; "note" is no ISO form
    assertTrue(r.summary().contains("2000 strings stored as dates or timestamps"), r.summary());
    // the sample saw the rows as converted: the plan types them as what the tasks write
    String plan = r.plan().print();
    assertTrue(plan.contains("\"at\": timestamp") && plan.contains("\"day\": date"), plan);
    assertFalse(plan.contains("\"note\": timestamp"), plan);
    assertEquals(Events.canonical(lines), Events.readAll(dir.resolve("out"), "variant"));
  }

  @Test
  void badLinesAreSkippedIntoRejects() throws Exception {
    Random rnd = new Random(12);
    List<String> good = Events.write(dir.resolve("a.ndjson"), rnd, 0, 40);
    List<String> lines = new ArrayList<>(good);
    lines.add(7, "{\"id\": 1,");
    lines.add(20, "not json");
    lines.add(21, "   ");
    Files.write(dir.resolve("a.ndjson"), lines);

    ConvertJob.Options options =
        ConvertJob.Options.of(
                List.of(dir.resolve("a.ndjson").toString()), dir.resolve("out").toString())
            .withPlan(ShreddingPlan.parse("{\"id\": int64}"))
            .withOnError(ConvertMapper.OnError.SKIP)
            .withMaxSplitBytes(Files.size(dir.resolve("a.ndjson")) / 2);
    ConvertJob.Result r = ConvertJob.run(Events.localConf(dir), options, false);

    assertTrue(r.succeeded(), r.summary());
    assertEquals(42, r.count(ConvertCounters.ROWS_IN));
    assertEquals(2, r.count(ConvertCounters.ROWS_REJECTED));
    assertEquals(40, r.count(ConvertCounters.ROWS_WRITTEN));
    assertEquals(Events.canonical(good), Events.readAll(dir.resolve("out"), "variant"));
    List<String> rejects = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir.resolve("out/_rejects"))) {
      for (Path f :
          files.filter(f -> !f.getFileName().toString().startsWith(".")).toList()) { // not .crc
        rejects.addAll(Files.readAllLines(f));
      }
    }
    assertEquals(2, rejects.size(), rejects.toString());
    assertTrue(
        rejects.stream().anyMatch(l -> l.contains("\"text\":\"not json\"")), rejects.toString());
    // numbered in the file, as the local engine numbers them, though the second split's task
    // started counting at its split
    String file = "\"file\":\"" + dir.resolve("a.ndjson") + "\",";
    for (String start :
        List.of(
            "{\"column\":10," + file + "\"line\":8,", "{\"column\":1," + file + "\"line\":21,")) {
      assertTrue(rejects.stream().anyMatch(l -> l.startsWith(start)), start + " in " + rejects);
    }
    assertEquals(null, r.sample() == null ? null : "sampled", "a given plan is not inferred");

    // inferred instead, the sample leaves the bad lines out and says so, as the local engine does
    ConvertJob.Result inferred =
        ConvertJob.run(
            Events.localConf(dir),
            options.withPlan(null).withInputs(options.inputs(), dir.resolve("out2").toString()),
            false);
    assertTrue(inferred.succeeded(), inferred.summary());
    assertEquals(
        "all 40 rows; 2 malformed lines left out", inferred.sample().description(), "blank: none");
  }

  @Test
  void aBadLineFailsTheJobAndLeavesNoPartFile() throws Exception {
    List<String> lines =
        new ArrayList<>(Events.write(dir.resolve("a.ndjson"), new Random(13), 0, 30));
    lines.add("{oops}");
    Files.write(dir.resolve("a.ndjson"), lines);

    ConvertJob.Result r =
        ConvertJob.run(
            Events.localConf(dir),
            ConvertJob.Options.of(
                List.of(dir.resolve("a.ndjson").toString()), dir.resolve("out").toString()),
            false);

    assertFalse(r.succeeded());
    assertTrue(r.failure().contains("a.ndjson at byte "), r.failure()); // names the file and offset
    assertTrue(!Files.exists(dir.resolve("out")) || Events.partFiles(dir.resolve("out")).isEmpty());
    assertFalse(Files.exists(dir.resolve("out/_SUCCESS")));
  }

  /** Values of up to 1 KiB: lines of up to 1 MiB, the least line limit. */
  private static final JsonOptions SMALL_VALUES =
      JsonOptions.defaults().withLimits(Limits.defaults().withMaxValueBytes(1 << 10));

  @Test
  void aLineOverTheLimitAcrossSplitsIsOneRejectAndNoRowOfItsPieces() throws Exception {
    // 3 MB of digits inside a string: a piece of the line alone would be a number, a row
    List<String> good =
        new ArrayList<>(Events.write(dir.resolve("a.ndjson"), new Random(14), 0, 60));
    List<String> lines = new ArrayList<>(good);
    lines.add(30, "{\"pad\": \"" + "7".repeat(3_000_000) + "\"}");
    Path in = Files.write(dir.resolve("a.ndjson"), lines);

    ConvertJob.Result r =
        ConvertJob.run(
            Events.localConf(dir),
            ConvertJob.Options.of(List.of(in.toString()), dir.resolve("out").toString())
                .withJson(SMALL_VALUES)
                .withOnError(ConvertMapper.OnError.SKIP)
                .withMaxSplitBytes(256 << 10), // the long line crosses 11 split ends
            false);

    assertTrue(r.succeeded(), r.summary());
    assertTrue(Events.partFiles(dir.resolve("out")).size() >= 12);
    assertEquals(61, r.count(ConvertCounters.ROWS_IN), r.summary());
    assertEquals(1, r.count(ConvertCounters.ROWS_REJECTED), r.summary());
    assertEquals(Events.canonical(good), Events.readAll(dir.resolve("out"), "variant"));
    assertTrue(r.summary().contains("all 60 rows; 1 malformed line left out"), r.summary());
  }

  @Test
  void aLineWithoutEndIsNeverHeldWhole() throws Exception {
    // 64 MiB without a newline after the first row (a sparse file: no disk space)
    Path in = dir.resolve("endless.ndjson");
    try (RandomAccessFile f = new RandomAccessFile(in.toFile(), "rw")) {
      f.write("{\"a\":1}\n{\"s\":\"".getBytes(StandardCharsets.UTF_8));
      f.setLength(64 << 20);
    }
    Job job = Job.getInstance(Events.localConf(dir));
    ConvertJob.Options options =
        ConvertJob.Options.of(List.of(in.toString()), dir.resolve("out").toString())
            .withJson(SMALL_VALUES);

    long sampling = allocated(() -> ConvertJob.configure(job, options)); // samples the input
    Configuration conf = job.getConfiguration();
    InputFormat<?, ?> format = ReflectionUtils.newInstance(job.getInputFormatClass(), conf);
    long records = 0;
    long reading = 0;
    for (InputSplit split : format.getSplits(job)) {
      TaskAttemptContext task = new TaskAttemptContextImpl(conf, new TaskAttemptID());
      long[] n = new long[1];
      reading +=
          allocated(
              () -> {
                try (RecordReader<?, ?> reader = format.createRecordReader(split, task)) {
                  reader.initialize(split, task);
                  while (reader.nextKeyValue()) {
                    n[0]++;
                    Text line = (Text) reader.getCurrentValue();
                    assertTrue(line.getLength() <= 1 << 20, "a line of " + line.getLength());
                  }
                }
                return null;
              });
      records += n[0];
    }

    assertEquals(2, records); // the row, and the line without end (to be rejected)
    assertTrue(sampling < 16 << 20, "the sample allocated " + sampling + " bytes");
    assertTrue(reading < 16 << 20, "the tasks' readers allocated " + reading + " bytes");
  }

  /** A step that may throw. */
  private interface Step {
    Object run() throws Exception;
  }

  /** Bytes this thread allocated while {@code step} ran. */
  private static long allocated(Step step) throws Exception {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long before = threads.getCurrentThreadAllocatedBytes();
    step.run();
    return threads.getCurrentThreadAllocatedBytes() - before;
  }
}
