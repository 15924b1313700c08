// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.read.VariantParquetReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code variant convert --engine mapreduce}: the local job runner, in process. */
class MapReduceConvertTest {
  @TempDir Path dir;

  @Test
  void writesPartFilesHoldingEveryRow() throws IOException {
    List<String> lines = new ArrayList<>();
    for (int f = 0; f < 2; f++) {
      List<String> file = new ArrayList<>();
      for (int i = 0; i < 120; i++) {
        file.add(
            "{\"id\": "
                + (f * 1000 + i)
                + ", \"kind\": \"k"
                + (i % 5)
                + "\", \"score\": "
                + (i * 0.5)
                + "}");
      }
      Files.write(dir.resolve("in" + f + ".ndjson"), file);
      lines.addAll(file);
    }
    long split = Files.size(dir.resolve("in0.ndjson")) / 3;

    CliRunner.Result r =
        CliRunner.run(
            "",
            "convert",
            "--engine",
            "mapreduce",
            "--max-split-bytes",
            String.valueOf(split),
            dir.resolve("in0.ndjson").toString(),
            dir.resolve("in1.ndjson").toString(),
            "-o",
            dir.resolve("out").toString());

    assertEquals(0, r.exitCode(), r.err());
    assertTrue(r.err().contains("240 rows written (240 read, 0 rejected)"), r.err());
    // the local engine's summary: bytes in and out, ratio, rows/s, a line per part file
    assertTrue(r.err().contains(" out in ") && r.err().contains("(ratio "), r.err());
    assertTrue(r.err().contains(" rows/s") && r.err().contains("part-m-00000"), r.err());
    List<Path> parts = MapReduceRuns.parts(dir.resolve("out"));
    assertTrue(parts.size() >= 6, parts.toString());
    List<String> got = new ArrayList<>();
    java.util.Set<String> plans = new java.util.HashSet<>();
    for (Path p : parts) {
      try (VariantParquetReader reader = VariantParquetReader.open(p)) {
        plans.add(reader.plans().get("variant").print());
        for (VariantRecord row : reader) {
          got.add(VariantJson.toJson(row.variant("variant")));
        }
      }
    }
    assertEquals(1, plans.size(), "one plan for every part file: " + plans);
    CliRunner.Result plan =
        CliRunner.run(
            "", "plan", dir.resolve("in0.ndjson").toString(), dir.resolve("in1.ndjson").toString());
    assertEquals(plan.out().lines().findFirst().orElseThrow(), plans.iterator().next());
    List<String> expected = new ArrayList<>();
    for (String l : lines) {
      expected.add(VariantJson.toJson(VariantJson.parse(l)));
    }
    got.sort(null);
    expected.sort(null);
    assertEquals(expected, got);
    List<String> catted =
        new ArrayList<>(); // what `variant cat OUTDIR` prints: every part file, _rejects and
    // _SUCCESS skipped
    CliRunner.Result cat = CliRunner.run("", "cat", dir.resolve("out").toString());
    assertEquals(0, cat.exitCode(), cat.err());
    cat.out().lines().forEach(line -> catted.add(VariantJson.toJson(VariantJson.parse(line))));
    catted.sort(null);
    assertEquals(expected, catted);
    try (Stream<Path> all = Files.list(dir.resolve("out"))) {
      assertFalse(all.anyMatch(p -> p.toString().endsWith(".crc")), "no checksum side files");
    }
  }

  @Test
  void aBadLineFailsWithItsFileAndOffsetAndSkipRecordsIt() throws IOException {
    Files.write(dir.resolve("in.ndjson"), List.of("{\"a\": 1}", "{\"a\": }", "{\"a\": 3}"));
    String in = dir.resolve("in.ndjson").toString();

    CliRunner.Result failed =
        CliRunner.run(
            "", "convert", "--engine", "mapreduce", in, "-o", dir.resolve("out").toString());
    assertEquals(ExitCodes.BAD_INPUT, failed.exitCode(), failed.err());
    assertTrue(
        failed.err().contains("in.ndjson: at byte 9, column 7: Invalid JSON: "),
        failed.err()); // line 2 starts at byte 9
    assertFalse(failed.hasStackTrace(), failed.err());

    CliRunner.Result skipped =
        CliRunner.run(
            "",
            "convert",
            "--engine",
            "mapreduce",
            "--on-error",
            "skip",
            "--overwrite",
            in,
            "-o",
            dir.resolve("out").toString());
    assertEquals(0, skipped.exitCode(), skipped.err());
    assertTrue(skipped.err().contains("2 rows written (3 read, 1 rejected: see "), skipped.err());
  }

  @Test
  void linesOverTheLineLimitAreSkippedAsTheLocalEngineSkipsThem() throws IOException {
    String spaces = " ".repeat(1_200_000); // past the line limit, 1 MiB under --max-value-size 64
    Path in =
        Files.writeString(
            dir.resolve("in.ndjson"),
            String.join(
                "\n",
                "{\"a\": 1}",
                "{\"a\": 2}" + spaces, // a small value, padded
                spaces, // blank throughout: no row
                spaces + "{\"a\": 4}", // blank only as far as the limit
                "{\"a\": 5}\n"));
    String skip = "--on-error skip --max-value-size 64 --plan {\"a\":int64}";
    List<String> args = new ArrayList<>(List.of(skip.split(" ")));
    args.add(in.toString());

    List<String> localArgs = new ArrayList<>(List.of("convert"));
    localArgs.addAll(args);
    localArgs.addAll(
        List.of(
            "--rejects",
            dir.resolve("rejects.ndjson").toString(),
            "-o",
            dir.resolve("out.parquet").toString()));
    CliRunner.Result local = CliRunner.run("", localArgs.toArray(String[]::new));
    List<String> jobArgs = new ArrayList<>(List.of("convert", "--engine", "mapreduce"));
    jobArgs.addAll(args);
    jobArgs.addAll(List.of("-o", dir.resolve("out").toString()));
    CliRunner.Result job = CliRunner.run("", jobArgs.toArray(String[]::new));

    for (CliRunner.Result r : List.of(local, job)) {
      assertEquals(0, r.exitCode(), r.err());
      assertTrue(r.err().contains("2 rows written (4 read, 2 rejected: see "), r.err());
    }
    String reason = "\"reason\":\"the line is longer than 1.0 MiB (twice --max-value-size)\"";
    List<String> localRejects = Files.readAllLines(dir.resolve("rejects.ndjson"));
    List<String> jobRejects =
        Files.readAllLines(dir.resolve("out/_rejects/rejects-m-00000.ndjson"));
    for (List<String> rejects : List.of(localRejects, jobRejects)) {
      assertEquals(2, rejects.size(), rejects.toString());
      assertTrue(rejects.stream().allMatch(l -> l.contains(reason)), rejects.toString());
    }
    assertTrue(localRejects.get(0).contains("\"line\":2,"), localRejects.get(0));
    assertEquals(localRejects, jobRejects);
  }

  @Test
  void stdinIsAUsageError() {
    CliRunner.Result r =
        CliRunner.run(
            "{}", "convert", "--engine", "mapreduce", "-", "-o", dir.resolve("out").toString());
    assertEquals(ExitCodes.USAGE, r.exitCode(), r.err());
    assertTrue(r.err().contains("stdin"), r.err());
  }
}
