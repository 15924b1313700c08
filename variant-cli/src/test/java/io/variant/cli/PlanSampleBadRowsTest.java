// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.CliRunner.run;
import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Malformed rows in the rows a plan is sampled from: {@code convert} leaves them out of the sample
 * and reports or skips them where they are; {@code plan} names the first one it meets by its true
 * line. The sample parses rows with the command's own options and limits.
 */
class PlanSampleBadRowsTest {
  @TempDir Path dir;

  /**
   * 20,000 rows; "late" appears only in the last 15%, so a sample that stops early never sees it.
   */
  private static List<String> drifting() {
    List<String> lines = new ArrayList<>();
    for (int i = 1; i <= 20_000; i++) {
      lines.add(
          "{\"seq\": " + i + ", \"n\": " + i % 7 + (i > 17_000 ? ", \"late\": true" : "") + "}");
    }
    return lines;
  }

  private Path write(String name, List<String> lines) throws IOException {
    return Files.writeString(dir.resolve(name), String.join("\n", lines) + "\n");
  }

  private static String plan(CliRunner.Result schema) {
    List<String> lines = schema.out().strip().lines().toList();
    return lines.get(lines.size() - 1);
  }

  /** A bad row on line 100 ended the sample: the plan was inferred from 99 rows and lost "late". */
  @Test
  void aBadRowEarlyInTheFileDoesNotEndTheSampleOfAConvertThatSkips() throws IOException {
    Path clean = write("clean.ndjson", drifting());
    List<String> lines = drifting();
    lines.set(99, "{\"seq\": 100, \"n\": ");
    lines.set(149, "{\"seq\": 150, \"n\": 1,}");
    Path bad = write("bad.ndjson", lines);
    Path out = dir.resolve("bad.parquet");
    CliRunner.Result r =
        ok(
            "convert",
            bad.toString(),
            "-o",
            out.toString(),
            "--on-error",
            "skip",
            "--select",
            "presence");
    assertTrue(
        r.err().startsWith(out + ": 19,998 rows written (20,000 read, 2 rejected)"), r.err());
    assertTrue(r.err().contains(" rows from 64 places spread across "), r.err());
    assertTrue(r.err().contains(" KiB; 2 malformed lines left out)"), r.err());
    Path cleanOut = dir.resolve("clean.parquet");
    ok("convert", clean.toString(), "-o", cleanOut.toString(), "--select", "presence", "-q");
    assertTrue(plan(ok("schema", out.toString())).contains("\"late\": boolean"));
    assertEquals(plan(ok("schema", cleanOut.toString())), plan(ok("schema", out.toString())));

    // without skipping, the first bad row in input order fails the convert, whatever was sampled
    CliRunner.Result fail = run("", "convert", bad.toString(), "-o", dir.resolve("f.parquet") + "");
    assertEquals(1, fail.exitCode());
    assertTrue(fail.err().startsWith(bad + ":100:"), fail.err());
  }

  /**
   * Stdin is sampled in order: bad rows are kept in their places and replayed, each with its own
   * text for --rejects, and the sample goes on past them.
   */
  @Test
  void badRowsInAStreamSampleAreReplayedInTheirPlacesWithTheirOwnText() throws IOException {
    String input = "{\"a\": 1}\n{\"a\": }\n{\"a\": 2}\n[1, 2\n{\"a\": 3, \"b\": true}\n";
    Path rejects = dir.resolve("rejects.ndjson");
    Path out = dir.resolve("s.parquet");
    CliRunner.Result r =
        run(
            input,
            "convert",
            "-",
            "-o",
            out.toString(),
            "--rejects",
            rejects.toString(),
            "--select",
            "presence");
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(
        r.err()
            .startsWith(
                out
                    + ": 3 rows written (5 read, 2 rejected: see "
                    + rejects
                    + "), 2 typed columns (plan inferred from all 3 rows; 2 malformed lines left"
                    + " out)"),
        r.err());
    List<String> rejected = Files.readAllLines(rejects, StandardCharsets.UTF_8);
    assertEquals(2, rejected.size(), rejected.toString());
    assertTrue(rejected.get(0).contains("\"line\":2,"), rejected.get(0));
    assertTrue(rejected.get(0).endsWith("\"text\":\"{\\\"a\\\": }\"}"), rejected.get(0));
    assertTrue(rejected.get(1).contains("\"line\":4,"), rejected.get(1));
    assertTrue(rejected.get(1).endsWith("\"text\":\"[1, 2\"}"), rejected.get(1));
    assertEquals(
        List.of("{\"a\":1}", "{\"a\":2}", "{\"a\":3,\"b\":true}"),
        ok("cat", out.toString()).out().lines().toList());
  }

  /**
   * {@code plan} sampled across the file met a bad line past the first 10,000 and fell back to the
   * first 10,000 rows, printing a plan (exit 0) that claimed the lines were not one document each.
   * The sample reads a place from its middle: the line is counted from the start of the file.
   */
  @Test
  void planNamesABadSampledLineByItsTrueLineAndColumn() throws IOException {
    List<String> lines = drifting();
    // the first line of the 49th of the 64 places is sampled: make it bad, keeping every offset
    long total = 0;
    for (String line : lines) {
      total += line.length() + 1;
    }
    long place = (48 * total + 63) / 64;
    int bad = 0;
    for (long start = 0; start < place; bad++) {
      start += lines.get(bad).length() + 1;
    }
    assertTrue(bad > 10_000, "past the first 10,000 rows: " + bad);
    String line = lines.get(bad);
    lines.set(bad, line.replaceFirst("\"n\": \\d", "\"n\": x"));
    Path file = write("bad.ndjson", lines);
    CliRunner.Result r = run("", "plan", file.toString());
    assertEquals(1, r.exitCode(), r.out());
    assertEquals(
        file
            + ":"
            + (bad + 1)
            + ":"
            + (line.indexOf("\"n\": ") + 6)
            + ": Invalid JSON: Unrecognized token 'x'",
        r.err().strip().replaceFirst("(token 'x').*", "$1"));
    assertEquals("", r.out());
  }

  /**
   * The spread sample parsed rows with default options: duplicate keys under {@code
   * --duplicate-keys last_wins} sent it back to the first rows, and a 2 MB line was read whole
   * whatever {@code --max-value-size} said.
   */
  @Test
  void theSampleParsesRowsWithTheCommandsOptionsAndLimits() throws IOException {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      lines.add("{\"a\": " + i + ", \"a\": " + (i + 1) + "}");
    }
    Path dup = write("dup.ndjson", lines);
    CliRunner.Result plan =
        ok("plan", dup.toString(), "--duplicate-keys", "last_wins", "--sample", "64");
    assertTrue(
        plan.out().endsWith("\nsample: 64 rows from 64 places spread across 5.9 KiB\n"),
        plan.out());

    lines.set(150, "{\"s\": \"" + "x".repeat(2_000_000) + "\"}");
    Path longLine = write("long.ndjson", lines);
    CliRunner.Result over =
        run(
            "",
            "plan",
            longLine.toString(),
            "--duplicate-keys",
            "last_wins",
            "--max-value-size",
            "16K");
    assertEquals(4, over.exitCode(), over.err());
    assertTrue(over.err().startsWith(longLine + ":151: the line is longer than "), over.err());
    Path out = dir.resolve("long.parquet");
    CliRunner.Result skipped =
        ok(
            "convert",
            longLine.toString(),
            "-o",
            out.toString(),
            "--duplicate-keys",
            "last_wins",
            "--max-value-size",
            "16K",
            "--on-error",
            "skip");
    assertTrue(
        skipped.err().startsWith(out + ": 299 rows written (300 read, 1 rejected), "),
        skipped.err());
    assertTrue(
        skipped.err().contains("(plan inferred from all 299 rows; 1 malformed line left out"),
        skipped.err());
  }
}
