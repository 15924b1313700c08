// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.CliRunner.run;
import static io.variant.cli.Fixtures.ok;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which rows {@code plan} and {@code convert} infer from: spread across files, the first ones from
 * stdin.
 */
class PlanSampleTest {
  @TempDir Path dir;

  /**
   * 20,000 rows; "late" appears only in the last 15%, and "n" turns from numbers to strings in the
   * last 5%.
   */
  private static String drifting() {
    StringBuilder sb = new StringBuilder();
    for (int i = 1; i <= 20_000; i++) {
      sb.append("{\"seq\": ").append(i).append(", \"n\": ");
      sb.append(i <= 19_000 ? Integer.toString(i % 7) : "\"s" + i % 7 + "\"");
      if (i > 17_000) {
        sb.append(", \"late\": true");
      }
      sb.append("}\n");
    }
    return sb.toString();
  }

  private static String firstLine(String out) {
    return out.lines().findFirst().orElseThrow();
  }

  @Test
  void aFileIsSampledAcrossItsLength() throws IOException {
    Path file = Files.writeString(dir.resolve("d.ndjson"), drifting());
    CliRunner.Result spread =
        ok("plan", file.toString(), "--sample", "1280", "--select", "presence");
    assertEquals("{\"late\": boolean, \"n\": int32, \"seq\": int64}", firstLine(spread.out()));
    assertTrue(spread.out().contains("\n1280 rows sampled;"), spread.out());
    assertTrue(
        spread.out().contains("sample: 1280 rows from 64 places spread across "), spread.out());
    CliRunner.Result first =
        run(drifting(), "plan", "--sample", "1280", "--select", "presence"); // stdin: first 1280
    assertEquals("{\"n\": int32, \"seq\": int64}", firstLine(first.out()));
  }

  @Test
  void planAndConvertInferTheSamePlanFromTheSameInput() throws IOException {
    Path file = Files.writeString(dir.resolve("d.ndjson"), drifting());
    Path out = dir.resolve("d.parquet");
    for (List<String> options :
        List.<List<String>>of(List.of(), List.of("--sample", "700"), List.of("--narrow-types"))) {
      String plan = firstLine(ok(concat(List.of("plan", file.toString()), options)).out());
      CliRunner.Result convert =
          ok(
              concat(
                  List.of("convert", file.toString(), "-o", out.toString(), "--overwrite"),
                  options));
      String schema = ok("schema", out.toString()).out().strip();
      assertTrue(schema.endsWith("\n" + plan), options + ": plan " + plan + ", file " + schema);
      assertTrue(convert.err().contains("(plan inferred from "), convert.err());
    }
  }

  @Test
  void aSmallFileIsSampledWhole() throws IOException {
    Path file =
        Files.writeString(dir.resolve("s.ndjson"), "{\"a\": 1}\n\n{\"a\": 2}\r\n{\"a\": 3}");
    CliRunner.Result r = ok("plan", file.toString());
    assertTrue(r.out().endsWith("\nsample: all 3 rows\n"), r.out());
  }

  @Test
  void aFileOfAsManyLinesAsTheSampleIsReadWholeWhereItsPlacesLackLines() throws IOException {
    // long lines, then short ones: the places of long lines hold fewer lines than their share,
    // whose lack the places of short lines after them make up; it had read 104 of 200
    StringBuilder lines = new StringBuilder();
    for (int i = 0; i < 200; i++) {
      lines.append(i >= 100 ? "{\"a\": " + i + "}" : "{\"b\": \"" + "x".repeat(400) + "\"}");
      lines.append('\n');
    }
    Path file = Files.writeString(dir.resolve("u.ndjson"), lines);
    CliRunner.Result r = ok("plan", file.toString(), "--sample", "200");
    assertTrue(r.out().endsWith("\nsample: all 200 rows\n"), r.out());
  }

  /** 1,000 short lines, then 1,000 long ones: most lines lie in the first places' few bytes. */
  static String shortLinesFirst() {
    StringBuilder lines = new StringBuilder();
    for (int i = 0; i < 2000; i++) {
      lines.append(i < 1000 ? "{\"a\": " + i + "}" : "{\"b\": \"" + "x".repeat(400) + "\"}");
      lines.append('\n');
    }
    return lines.toString();
  }

  @Test
  void aSampleOfAsManyRowsAsTheFileIsTheWholeFileWhereItsShortLinesComeFirst() throws IOException {
    // the places of long lines lack lines, and the places after them lack too: the first places,
    // past their share, gave the rest once read again; it had read 1,058 of 2,000
    Path file = Files.writeString(dir.resolve("s.ndjson"), shortLinesFirst());
    for (String n : List.of("2000", "2100", "0")) {
      CliRunner.Result r = ok("plan", file.toString(), "--sample", n);
      assertTrue(r.out().contains("\n2000 rows sampled;"), n + ": " + r.out());
      assertTrue(r.out().endsWith("\nsample: all 2000 rows\n"), n + ": " + r.out());
    }
    CliRunner.Result fewer = ok("plan", file.toString(), "--sample", "1990");
    assertTrue(fewer.out().contains("\n1990 rows sampled;"), fewer.out());
    assertTrue(
        fewer.out().contains("\nsample: 1990 rows from 64 places spread across "), fewer.out());
    assertEquals(
        fewer.out(), ok("plan", file.toString(), "--sample", "1990").out()); // the same rows
  }

  @Test
  void aStreamOfAsManyRowsAsTheSampleIsSampledWhole() throws IOException {
    // the first N rows of a stream of N rows had been "the first N (rows further on were not
    // seen)", where the MapReduce engine said "all N rows"
    String text = shortLinesFirst();
    CliRunner.Result all = run(text + "\n", "plan", "--sample", "2000"); // a blank line is no row
    assertTrue(all.out().endsWith("\nsample: all 2000 rows\n"), all.out());
    Path gz = Files.write(dir.resolve("s.ndjson.gz"), CliRunner.gzip(text.getBytes(UTF_8)));
    CliRunner.Result first = ok("plan", gz.toString(), "--sample", "1990");
    assertTrue(first.out().contains("\nsample: the first 1990 rows (" + gz), first.out());
    // the row past the sample, read to see that there is one, is not sampled: plan does not fail
    // on it, and convert rejects it in its place
    List<String> lines = new ArrayList<>(text.lines().toList());
    lines.set(1990, "{\"b\": }");
    String bad = String.join("\n", lines);
    CliRunner.Result plan = run(bad, "plan", "--sample", "1990");
    assertEquals(0, plan.exitCode(), plan.err());
    assertTrue(plan.out().contains("\nsample: the first 1990 rows (stdin "), plan.out());
    Path out = dir.resolve("s.parquet");
    CliRunner.Result convert =
        run(bad, "convert", "-", "-o", out.toString(), "--sample", "1990", "--on-error", "skip");
    assertEquals(0, convert.exitCode(), convert.err());
    assertTrue(
        convert.err().startsWith(out + ": 1,999 rows written (2,000 read, 1 rejected)"),
        convert.err());
  }

  @Test
  void documentsSpanningLinesAndArraysAreSampledFromTheStart() throws IOException {
    Path pretty = Files.writeString(dir.resolve("p.json"), "{\n  \"a\": 1\n}\n{\n  \"a\": 2\n}\n");
    CliRunner.Result r = ok("plan", pretty.toString(), "--sample", "1");
    assertTrue(
        r.out()
            .endsWith(
                "sample: the first 1 rows ("
                    + pretty
                    + "'s documents span lines; rows further on were not seen)\n"),
        r.out());
    Path array = Files.writeString(dir.resolve("a.json"), "[\n{\"a\": 1},\n{\"a\": 2}\n]\n");
    assertTrue(
        ok("plan", array.toString(), "--sample", "1").out().contains(array + " is one JSON array"));
    // a one-line array is one row of NDJSON (as convert reads it), so it is sampled across
    Path oneLine = Files.writeString(dir.resolve("one.json"), "[{\"a\": 1}, {\"a\": 2}]");
    assertTrue(ok("plan", oneLine.toString()).out().endsWith("sample: all 1 rows\n"));
    CliRunner.Result json = ok("plan", oneLine.toString(), "--input-format", "json");
    assertTrue(json.out().endsWith("sample: all 2 rows\n"), json.out());
  }

  @Test
  void severalFilesShareThePlaces() throws IOException {
    Path a = Files.writeString(dir.resolve("a.ndjson"), "{\"x\": 1}\n".repeat(5000));
    Path b = Files.writeString(dir.resolve("b.ndjson"), "{\"y\": \"s\"}\n".repeat(5000));
    Path out = dir.resolve("ab.parquet");
    CliRunner.Result r =
        ok(
            "convert",
            a.toString(),
            b.toString(),
            "-o",
            out.toString(),
            "--sample",
            "640",
            "--select",
            "presence");
    assertTrue(
        r.err().contains("(plan inferred from 640 rows from 64 places spread across "), r.err());
    assertTrue(
        ok("schema", out.toString()).out().strip().endsWith("{\"x\": int32, \"y\": string}"));
    assertEquals(10_000, ok("cat", out.toString()).out().lines().count());
  }

  private static String[] concat(List<String> a, List<String> b) {
    return java.util.stream.Stream.concat(a.stream(), b.stream()).toArray(String[]::new);
  }
}
