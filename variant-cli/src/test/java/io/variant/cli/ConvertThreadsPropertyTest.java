// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.CliRunner.run;
import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.json.VariantJson;
import io.variant.testkit.Gen;
import io.variant.testkit.Trials;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code convert --threads N} writes the same bytes for every N: over generated NDJSON with
 * malformed lines, blank lines, CRLF endings and a byte order mark, from a file, a gzip file or
 * stdin, in chunks small enough for every thread to take several, the file, the rejects file, the
 * summary (timings aside) and the exit code of one thread and of four are equal, and the rows come
 * back in input order.
 */
class ConvertThreadsPropertyTest {
  private static final int TRIALS = Math.max(12, Trials.trials() / 25);

  private static final Gen.Config SMALL =
      Gen.Config.defaults()
          .withMaxDepth(3)
          .withMaxFields(5)
          .withMaxElements(4)
          .withAllowLarge(false)
          .withBudgetBytes(2_000);

  private static final Pattern SEQ = Pattern.compile("\"seq\":(\\d+)");

  @TempDir Path dir;

  /** The input: its bytes, the sequence numbers of its good rows, the lines of its bad ones. */
  private record Input(byte[] bytes, List<Long> good, List<Long> badLines) {}

  @Test
  void everyNumberOfThreadsWritesTheSameFileRejectsAndSummary() {
    Trials.run(
        "everyNumberOfThreadsWritesTheSameFileRejectsAndSummary",
        TRIALS,
        rnd -> {
          Input in = input(rnd);
          String chunk = String.valueOf(1024 << rnd.nextInt(3));
          String sample = String.valueOf(rnd.nextInt(3) * 20); // 0: every row
          int source = rnd.nextInt(3); // a file, a gzip file, stdin
          Path file =
              dir.resolve("in-" + rnd.nextLong() + (source == 1 ? ".ndjson.gz" : ".ndjson"));
          Files.write(file, source == 1 ? CliRunner.gzip(in.bytes()) : in.bytes());
          String[] name = {"1", "4"};
          List<CliRunner.Result> results = new ArrayList<>();
          for (String threads : name) {
            List<String> args =
                new ArrayList<>(
                    List.of(
                        "convert",
                        source == 2 ? "-" : file.toString(),
                        "-o",
                        dir.resolve("out-" + threads + ".parquet").toString(),
                        "--overwrite",
                        "--threads",
                        threads,
                        "--chunk-size",
                        chunk,
                        "--sample",
                        sample,
                        "--on-error",
                        "skip",
                        "--rejects",
                        dir.resolve("rejects-" + threads + ".ndjson").toString()));
            byte[] stdin = source == 2 ? in.bytes() : new byte[0];
            results.add(run(stdin, args.toArray(String[]::new)));
          }
          CliRunner.Result one = results.get(0);
          CliRunner.Result four = results.get(1);
          assertEquals(0, one.exitCode(), one.err());
          assertEquals(0, four.exitCode(), four.err());
          assertEquals(withoutTimings(one.err(), "1"), withoutTimings(four.err(), "4"));
          assertArrayEquals(
              Files.readAllBytes(dir.resolve("out-1.parquet")),
              Files.readAllBytes(dir.resolve("out-4.parquet")));
          String rejects1 = Files.readString(dir.resolve("rejects-1.ndjson"));
          assertEquals(rejects1, Files.readString(dir.resolve("rejects-4.ndjson")));
          assertEquals(in.badLines(), rejectedLines(rejects1));
          String cat = ok("cat", dir.resolve("out-4.parquet").toString()).out();
          assertEquals(in.good(), sequence(cat));
        });
  }

  @Test
  void aBadLineFoundByAnyThreadEndsTheConvertAsOneThreadDoesAndLeavesNothing() throws IOException {
    StringBuilder text = new StringBuilder();
    for (int i = 1; i <= 3000; i++) {
      text.append(
              i == 2500 ? "{\"seq\": 2500, \"v\": tru}" : "{\"seq\": " + i + ", \"v\": [1, \"x\"]}")
          .append('\n');
    }
    Path in = Files.writeString(dir.resolve("in.ndjson"), text);
    for (String threads : new String[] {"1", "3"}) {
      CliRunner.Result r =
          run(
              "",
              "convert",
              in.toString(),
              "-o",
              dir.resolve("out.parquet").toString(),
              "--threads",
              threads,
              "--chunk-size",
              "1K");
      assertEquals(1, r.exitCode(), r.err());
      assertTrue(r.err().startsWith(in + ":2500:"), r.err());
      assertTrue(r.err().contains("Invalid JSON"), r.err());
      assertEquals(List.of("in.ndjson"), listing());
    }
  }

  @Test
  void aRowOverALimitInALaterChunkFailsWithTheLimitsExitCode() throws IOException {
    StringBuilder text = new StringBuilder();
    for (int i = 1; i <= 2000; i++) {
      String v = i == 1800 ? "\"" + "x".repeat(600) + "\"" : String.valueOf(i);
      text.append("{\"seq\": ").append(i).append(", \"v\": ").append(v).append("}\n");
    }
    Path in = Files.writeString(dir.resolve("in.ndjson"), text);
    for (String threads : new String[] {"1", "4"}) {
      CliRunner.Result r =
          run(
              "",
              "convert",
              in.toString(),
              "-o",
              dir.resolve("out.parquet").toString(),
              "--threads",
              threads,
              "--chunk-size",
              "2K",
              "--max-value-size",
              "512");
      assertEquals(4, r.exitCode(), r.err());
      assertTrue(r.err().startsWith(in + ":1800:"), r.err());
      assertEquals(List.of("in.ndjson"), listing());
    }
  }

  @Test
  void threadsAndChunkSizeOutOfRangeAreUsageErrors() throws IOException {
    Path in = Files.writeString(dir.resolve("in.ndjson"), "{\"a\": 1}\n");
    String out = dir.resolve("out.parquet").toString();
    CliRunner.Result none = run("", "convert", in.toString(), "-o", out, "--threads", "0");
    assertEquals(2, none.exitCode(), none.err());
    assertTrue(none.err().contains("--threads must be between 1 and 1024, was 0"), none.err());
    CliRunner.Result tiny = run("", "convert", in.toString(), "-o", out, "--chunk-size", "10");
    assertEquals(2, tiny.exitCode(), tiny.err());
    assertTrue(tiny.err().contains("--chunk-size must be between 1K and 1G"), tiny.err());
    CliRunner.Result mr =
        run("", "convert", in.toString(), "-o", out, "--engine", "mapreduce", "--chunk-size", "1M");
    assertEquals(2, mr.exitCode(), mr.err());
    assertTrue(mr.err().contains("--chunk-size is for the local engine"), mr.err());
    // and the other way round: the local engine had accepted and ignored the job's option
    CliRunner.Result split =
        run("", "convert", in.toString(), "-o", out, "--max-split-bytes", "1000");
    assertEquals(2, split.exitCode(), split.err());
    assertTrue(split.err().contains("--max-split-bytes is for --engine mapreduce"), split.err());
    assertEquals(List.of("in.ndjson"), listing());
  }

  /**
   * Lines of {"seq": i, "v": <generated>} with malformed lines, blank lines and CRLF endings among
   * them; the first line may start with a byte order mark.
   */
  private static Input input(Random rnd) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    List<Long> good = new ArrayList<>();
    List<Long> bad = new ArrayList<>();
    long line = 0;
    if (rnd.nextInt(4) == 0) {
      out.writeBytes(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF});
    }
    for (int i = 0, n = 20 + rnd.nextInt(300); i < n; i++) {
      line++;
      String eol = rnd.nextInt(10) == 0 ? "\r\n" : "\n";
      switch (rnd.nextInt(12)) {
        case 0 -> { // blank
          out.writeBytes(eol.getBytes(StandardCharsets.UTF_8));
          continue;
        }
        case 1 -> {
          out.writeBytes(malformed(rnd, i));
          out.writeBytes(eol.getBytes(StandardCharsets.UTF_8));
          bad.add(line);
          continue;
        }
        default -> {}
      }
      String v = VariantJson.toJson(Gen.variant(rnd, SMALL));
      out.writeBytes(
          ("{\"seq\": " + i + ", \"v\": " + v + "}" + eol).getBytes(StandardCharsets.UTF_8));
      good.add((long) i);
    }
    return new Input(out.toByteArray(), good, bad);
  }

  private static byte[] malformed(Random rnd, int i) {
    return switch (rnd.nextInt(5)) {
      case 0 -> ("{\"seq\": " + i + ", \"v\": }").getBytes(StandardCharsets.UTF_8);
      case 1 -> "[1, 2".getBytes(StandardCharsets.UTF_8);
      case 2 -> ("{\"seq\": " + i + "}}").getBytes(StandardCharsets.UTF_8);
      case 3 -> new byte[] {'"', (byte) 0xC3, '"'}; // invalid UTF-8
      default ->
          new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, '1'}; // a second byte order mark
    };
  }

  /** The summary without the run's seconds and rows/s, and with OUT's and the rejects' names. */
  private static String withoutTimings(String err, String threads) {
    return err.replaceAll("[0-9.]+ s, [0-9,]+ rows/s", "T")
        .replace("out-" + threads + ".parquet", "OUT")
        .replace("rejects-" + threads + ".ndjson", "REJECTS");
  }

  private static List<Long> sequence(String cat) {
    List<Long> seq = new ArrayList<>();
    for (String row : cat.split("\n")) {
      Matcher m = SEQ.matcher(row);
      if (m.find()) {
        seq.add(Long.parseLong(m.group(1)));
      }
    }
    return seq;
  }

  private static List<Long> rejectedLines(String rejects) {
    List<Long> lines = new ArrayList<>();
    Matcher m = Pattern.compile("\"line\":(\\d+)").matcher(rejects);
    while (m.find()) {
      lines.add(Long.parseLong(m.group(1)));
    }
    return lines;
  }

  private List<String> listing() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }
}
