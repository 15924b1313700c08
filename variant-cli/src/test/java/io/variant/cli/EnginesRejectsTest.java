// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.hadoop.RejectedLine;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whichever engine converts, a skipped line is written to the rejects the same way: the local
 * engine's {@code --rejects FILE} and the MapReduce job's {@code OUT/_rejects/} hold the same lines
 * (file as named, line, column, reason, text), for every kind of bad line and in every split of the
 * input. The job's rejects come in the order its tasks ran, which the README leaves open, so the
 * lines are compared as sets.
 */
class EnginesRejectsTest {
  private static final Pattern COUNTS =
      Pattern.compile("[\\d,]+ rows written \\([\\d,]+ read, [\\d,]+ rejected");

  @TempDir Path dir;

  @Test
  void bothEnginesWriteTheSameRejectsForEveryKindOfBadLine() throws IOException {
    Path in = Files.createDirectory(dir.resolve("in"));
    ByteArrayOutputStream a = new ByteArrayOutputStream();
    line(a, "\uFEFF{\"a\": }"); // the first line's mark counts as a column
    rows(a, 0, 500);
    line(a, "{\"a\": }\r"); // the text keeps the \r the document drops
    line(a, "[".repeat(12) + "]".repeat(12)); // past --max-depth 10
    rows(a, 500, 1000);
    a.write(new byte[] {'{', '"', 'a', '"', ':', '"', (byte) 0xC3, '"', '}', '\n'}); // bad UTF-8
    line(a, "\uFEFF{\"a\": 3}"); // a mark on a later line
    line(a, "{\"a\": 4}" + " ".repeat(1_200_000) + "x"); // past the 1 MiB line limit
    rows(a, 1000, 1500);
    line(a, "{\"a\": 5, \"a\": 6}"); // a duplicate key
    line(a, "{\"é\": \"ü\", \"b\": 7} x"); // columns count characters
    line(a, "{\"a\":\r 8 x}"); // a lone \r inside a row ends no line
    line(a, "{\"s\": \"" + "s".repeat(100) + "\"}"); // past --max-value-size 64
    rows(a, 1500, 2000);
    line(a, "nope");
    Files.write(in.resolve("a.ndjson"), a.toByteArray());
    Files.writeString(in.resolve("b.ndjson"), "{\"b\": 1}\n{\"b\": }\n");
    String glob = in + "/*.ndjson";
    String[] options = {"--on-error", "skip", "--max-depth", "10", "--max-value-size", "64"};
    long split = Files.size(in.resolve("a.ndjson")) / 4;

    Runs runs = convert(glob, split, options);

    assertEquals(12, runs.local.size(), runs.local.toString());
    assertEquals(runs.local, runs.job);
    assertTrue(runs.local.get(0).contains("\"line\":"), runs.local.get(0));
  }

  @Test
  void aRunThatRejectsEveryRowEndsAlikeOnBothEngines() throws IOException {
    List<String> bad = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      bad.add(i % 2 == 0 ? "{\"a\": " + i + " x}" : "nope " + i);
    }
    Path in = Files.write(dir.resolve("bad.ndjson"), bad);

    Runs runs = convert(in.toString(), Files.size(in) / 3, "--on-error", "skip");

    assertEquals(3000, runs.local.size());
    assertEquals(runs.local, runs.job);
    // the summary past the output's name: no row written, the counts, no column typed, the plan
    assertEquals(
        "0 rows written (3,000 read, 3,000 rejected), 0 typed columns (plan inferred from all 0"
            + " rows; 3000 malformed lines left out)",
        runs.localOutcome());
    assertEquals(runs.localOutcome(), runs.jobOutcome());
  }

  @Test
  void damagedCompressedDataEndsItsInputWithOneRejectOnBothEngines() throws IOException {
    ByteArrayOutputStream rows = new ByteArrayOutputStream();
    rows(rows, 0, 4000);
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
      out.write(rows.toByteArray());
    }
    byte[] whole = gz.toByteArray();
    Path in = Files.write(dir.resolve("in.ndjson.gz"), Arrays.copyOf(whole, whole.length / 2));

    Runs runs = convert(in.toString(), Files.size(in), "--on-error", "skip");

    // the reasons are the decompressors' own: the job reads through Hadoop's codec
    assertEquals(withoutReasons(runs.local), withoutReasons(runs.job));
    assertEquals(1, runs.local.size());
    assertTrue(
        runs.local.get(0).startsWith("{\"column\":0,\"file\":\"" + in + "\""), runs.local.get(0));
  }

  private static List<RejectedLine> withoutReasons(List<String> rejects) {
    return rejects.stream()
        .map(RejectedLine::parse)
        .map(r -> new RejectedLine(r.file(), r.line(), r.column(), "", r.text()))
        .toList();
  }

  /**
   * Both engines' rejects, sorted, and the first lines of their summaries past the output's name
   * and without the rejects' place; the runs' exit codes and counts checked alike.
   */
  private record Runs(
      List<String> local, List<String> job, String localOutcome, String jobOutcome) {}

  private Runs convert(String input, long splitBytes, String... options) throws IOException {
    Path rejects = dir.resolve("rejects.ndjson");
    List<String> local = new ArrayList<>(List.of("convert"));
    local.addAll(List.of(options));
    local.addAll(List.of("--rejects", rejects.toString(), input, "-o", dir + "/local.parquet"));
    Path out = dir.resolve("job");
    List<String> job = new ArrayList<>(List.of("convert", "--engine", "mapreduce"));
    job.addAll(List.of("--max-split-bytes", String.valueOf(splitBytes)));
    job.addAll(List.of(options));
    job.addAll(List.of(input, "-o", out.toString()));

    CliRunner.Result l = CliRunner.run("", local.toArray(String[]::new));
    CliRunner.Result j = CliRunner.run("", job.toArray(String[]::new));

    assertEquals(0, l.exitCode(), l.err());
    assertEquals(0, j.exitCode(), j.err());
    assertEquals(counts(l.err()), counts(j.err()));
    List<String> fromJob = new ArrayList<>();
    try (Stream<Path> files = Files.list(out.resolve("_rejects"))) {
      for (Path f : files.sorted().toList()) {
        assertTrue(f.getFileName().toString().startsWith("rejects-m-"), f.toString());
        fromJob.addAll(Files.readAllLines(f));
      }
    }
    List<String> fromLocal = new ArrayList<>(Files.readAllLines(rejects));
    fromLocal.sort(null);
    fromJob.sort(null);
    return new Runs(fromLocal, fromJob, outcome(l.err()), outcome(j.err()));
  }

  private static String outcome(String summary) {
    String first = summary.lines().findFirst().orElse("");
    return first.substring(first.indexOf(": ") + 2).replaceFirst(": see [^)]*\\)", ")");
  }

  private static String counts(String summary) {
    Matcher m = COUNTS.matcher(summary);
    assertTrue(m.find(), summary);
    return m.group();
  }

  private static void rows(ByteArrayOutputStream out, int from, int to) throws IOException {
    for (int i = from; i < to; i++) {
      line(out, "{\"a\": " + i + ", \"k\": \"k" + (i % 7) + "\"}");
    }
  }

  private static void line(ByteArrayOutputStream out, String line) throws IOException {
    out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
  }
}
