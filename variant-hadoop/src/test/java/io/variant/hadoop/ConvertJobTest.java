// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.shredding.ShreddingPlan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Stream;
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
    assertTrue(
        rejects.stream().allMatch(l -> l.contains("\"offset\":") && l.contains("a.ndjson")),
        rejects.toString());
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
}
