// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.parquet.read.VariantParquetReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whichever engine converts, the plan is the one {@code variant plan} prints for the same input and
 * options: the same sampled rows, the same inference, the same size check.
 */
class EnginesPlanTest {
  @TempDir Path dir;

  @Test
  void mapReduceWritesThePlanVariantPlanPrintsForTheEventLog() throws IOException {
    Path events = Fixtures.events();

    assertSamePlan(events, "defaults");
    assertSamePlan(events, "sampled", "--sample", "1000"); // 16 lines from each of 64 places
    String temporal = assertSamePlan(events, "temporal", "--infer-temporal");
    assertTrue(temporal.contains("\"ts\": timestamp"), temporal);
  }

  @Test
  void mapReduceWritesThePlanVariantPlanPrintsForMixedRows() throws IOException {
    Path mixed = Files.write(dir.resolve("mixed.ndjson"), mixedRows(30_000, new Random(29)));

    String plan = assertSamePlan(mixed, "defaults"); // 10,000 of 30,000 rows, spread
    assertTrue(plan.contains("\"id\": int64"), plan); // the object rows are typed all the same
  }

  @Test
  void bothEnginesReadAgainWhereTheFirstPassFallsShort() throws IOException {
    // the places of short lines give the rest of the sample on a second pass, on either engine;
    // the event log had given 2,988 rows of 3,000
    Path shortFirst =
        Files.writeString(dir.resolve("short-first.ndjson"), PlanSampleTest.shortLinesFirst());
    assertSampled(Fixtures.events(), "3000", "all 3000 rows");
    assertSampled(shortFirst, "2000", "all 2000 rows");
    assertSampled(shortFirst, "1990", "1990 rows from 64 places");
    Path gz =
        Files.write(
            dir.resolve("events.ndjson.gz"), CliRunner.gzip(Files.readAllBytes(Fixtures.events())));
    assertSampled(gz, "3000", "all 3000 rows"); // the first 3000 rows are every row
  }

  @Test
  void bothEnginesLeaveALineOverTheLineLimitOutOfTheSample() throws IOException {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      lines.add("{\"a\": " + i + "}");
    }
    // a small value padded past the line limit (1 MiB under --max-value-size 64)
    lines.add(50, "{\"b\": \"x\"}" + " ".repeat(1_200_000));
    Path in = Files.write(dir.resolve("padded.ndjson"), lines);

    String[] options = {"--max-value-size", "64", "--on-error", "skip"};
    List<String> localArgs = new ArrayList<>(List.of("convert"));
    localArgs.addAll(List.of(options));
    localArgs.addAll(List.of(in.toString(), "-o", dir.resolve("padded.parquet").toString()));
    CliRunner.Result local = CliRunner.run("", localArgs.toArray(String[]::new));
    CliRunner.Result job = MapReduceRuns.convert(in, dir.resolve("padded"), 4, options);

    String sampled = "(plan inferred from all 100 rows; 1 malformed line left out)";
    for (CliRunner.Result r : List.of(local, job)) {
      assertEquals(0, r.exitCode(), r.err());
      assertTrue(r.err().contains(sampled), r.err());
      assertTrue(r.err().contains("100 rows written (101 read, 1 rejected"), r.err());
    }
  }

  private void assertSampled(Path in, String rows, String sampled) throws IOException {
    Runs runs = runBoth(in, in.getFileName() + "-" + rows, "--sample", rows);
    assertTrue(runs.local().out().contains("\nsample: " + sampled), runs.local().out());
    assertTrue(runs.job().err().contains("(plan inferred from " + sampled), runs.job().err());
  }

  /** Asserts that both engines give one plan for {@code in}; returns it. */
  private String assertSamePlan(Path in, String name, String... options) throws IOException {
    return runBoth(in, name, options).plan();
  }

  /** {@code variant plan}'s run and the MapReduce engine's convert, with the plan both gave. */
  private record Runs(String plan, CliRunner.Result local, CliRunner.Result job) {}

  /** Runs both engines on {@code in}, asserting that they give one plan. */
  private Runs runBoth(Path in, String name, String... options) throws IOException {
    List<String> planArgs = new ArrayList<>(List.of("plan"));
    planArgs.addAll(List.of(options));
    planArgs.add(in.toString());
    CliRunner.Result local = CliRunner.run("", planArgs.toArray(String[]::new));
    assertEquals(0, local.exitCode(), local.err());
    String printed = local.out().lines().findFirst().orElseThrow();

    Path out = dir.resolve(name);
    CliRunner.Result job = MapReduceRuns.convert(in, out, 4, options);
    assertEquals(0, job.exitCode(), job.err());

    List<Path> parts;
    try (Stream<Path> s = Files.list(out)) {
      parts = s.filter(p -> p.toString().endsWith(".parquet")).sorted().toList();
    }
    int splits = in.toString().endsWith(".gz") ? 1 : 4; // compressed input is one split
    assertTrue(parts.size() >= splits, parts.toString());
    for (Path part : parts) {
      try (VariantParquetReader r = VariantParquetReader.open(part)) {
        assertEquals(printed, r.plans().get("variant").print(), part + "\n" + job.err());
      }
    }
    return new Runs(printed, local, job);
  }

  /**
   * Event-like objects, 15% of rows not objects (arrays of strings and numbers, strings, numbers),
   * and an amount that turns from a number to text halfway through.
   */
  private static List<String> mixedRows(int n, Random r) {
    List<String> lines = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      int kind = r.nextInt(100);
      if (kind < 8) {
        lines.add(
            String.format(
                Locale.ROOT,
                "[\"item %d\", \"cat%d\", %d.%02d]",
                i,
                i % 7,
                r.nextInt(90),
                i % 100));
      } else if (kind < 12) {
        lines.add("\"note " + r.nextInt(1000) + "\"");
      } else if (kind < 15) {
        lines.add(String.valueOf(r.nextInt(100_000)));
      } else {
        String amount =
            i < n / 2 ? String.valueOf(r.nextInt(10_000)) : "\"" + r.nextInt(10_000) + " EUR\"";
        lines.add(
            String.format(
                Locale.ROOT,
                "{\"id\": %d, \"kind\": \"k%d\", \"amount\": %s, \"user\": {\"name\": \"u%d\"}}",
                1_000_000 + i,
                r.nextInt(6),
                amount,
                r.nextInt(300)));
      }
    }
    return lines;
  }
}
