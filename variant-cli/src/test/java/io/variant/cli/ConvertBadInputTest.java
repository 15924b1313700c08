// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.CliRunner.run;
import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.json.VariantJson;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile and ambiguous input to {@code convert}: input formats, invalid UTF-8, skipping bad rows,
 * depth.
 */
class ConvertBadInputTest {
  @TempDir Path dir;

  private Path file(String name, String content) throws IOException {
    return Files.writeString(dir.resolve(name), content);
  }

  private List<String> convertAndCat(String... args) {
    Path out = dir.resolve("out.parquet");
    String[] all =
        java.util.stream.Stream.concat(
                java.util.Arrays.stream(args),
                java.util.stream.Stream.of("-o", out.toString(), "--overwrite", "-q"))
            .toArray(String[]::new);
    ok(all);
    return ok("cat", out.toString()).out().lines().toList();
  }

  @Test
  void ndjsonWhoseRowsAreArraysIsReadRowByRow() throws IOException {
    List<String> rows =
        IntStream.range(0, 793).mapToObj(i -> "[" + i + ", \"x\", {\"k\": " + i + "}]").toList();
    Path in = file("rows.json", String.join("\n", rows) + "\n");
    assertEquals(Fixtures.canonicalJson(rows), convertAndCat("convert", in.toString()));
    assertEquals(
        List.of("[1,2]"), convertAndCat("convert", file("one.json", "[1,2]\n").toString()));
    assertEquals(
        List.of("1", "2"),
        convertAndCat("convert", file("one.json", "[1,2]\n").toString(), "--input-format", "json"));
  }

  @Test
  void aFirstLineOfSeveralDocumentsIsAStreamOfDocuments() throws IOException {
    Path in = file("docs.json", "{\"a\": 1} {\"a\": 2}\n{\"a\": 3}");
    assertEquals(
        List.of("{\"a\":1}", "{\"a\":2}", "{\"a\":3}"), convertAndCat("convert", in.toString()));
    // malformed after its first value: the line is reported as an NDJSON row
    Path bad = file("bad.json", "{\"a\": 1} x\n{\"a\": 3}\n");
    CliRunner.Result r =
        run("", "convert", bad.toString(), "-o", dir.resolve("b.parquet").toString());
    assertEquals(1, r.exitCode(), r.err());
    assertTrue(r.err().startsWith(bad + ":1:"), r.err());
  }

  @Test
  void aPrettyPrintedArrayIsAnArrayOfDocuments() throws IOException {
    Path in = file("pretty.json", "[\n  {\"a\": 1},\n  {\"a\": 2}\n]\n");
    assertEquals(List.of("{\"a\":1}", "{\"a\":2}"), convertAndCat("convert", in.toString()));
    assertEquals(
        List.of("{\"a\":1}", "{\"b\":2}"),
        convertAndCat("convert", file("docs.json", "{\"a\":\n 1}\n{\"b\": 2}").toString()));
    CliRunner.Result forced =
        run(
            "",
            "convert",
            in.toString(),
            "-o",
            dir.resolve("x.parquet").toString(),
            "--input-format",
            "ndjson");
    assertEquals(1, forced.exitCode());
    assertTrue(forced.err().startsWith(in + ":1:2: Invalid JSON"), forced.err());
  }

  @Test
  void aFileNamedNdjsonIsNdjsonEvenIfItsOnlyLineIsAnArray() throws IOException {
    assertEquals(
        List.of("[{\"a\":1},{\"a\":2}]"),
        convertAndCat("convert", file("x.ndjson", "[{\"a\": 1}, {\"a\": 2}]").toString()));
  }

  private static byte[] ndjsonWithBadByte(int lines, int badLine) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 1; i <= lines; i++) {
      out.writeBytes(("{\"i\": " + i + ", \"s\": \"caf\u00e9 ").getBytes(StandardCharsets.UTF_8));
      if (i == badLine) {
        out.write(0xC3); // a lead byte without its continuation
        out.write('!');
      }
      out.writeBytes("\"}\n".getBytes(StandardCharsets.UTF_8));
    }
    return out.toByteArray();
  }

  @Test
  void invalidUtf8IsReportedAtItsTrueLineAndColumnInLargeAndSmallInput() throws IOException {
    int column = "{\"i\": 15000, \"s\": \"caf\u00e9 ".length() + 1;
    Path large = Files.write(dir.resolve("large.ndjson"), ndjsonWithBadByte(20_000, 15_000));
    CliRunner.Result r =
        run("", "convert", large.toString(), "-o", dir.resolve("e.parquet").toString());
    assertEquals(1, r.exitCode());
    assertTrue(r.err().startsWith(large + ":15000:" + column + ": "), r.err());
    assertTrue(r.err().contains("UTF-8"), r.err());

    Path small = Files.write(dir.resolve("small.json"), ndjsonWithBadByte(2, 2));
    CliRunner.Result s =
        run("", "convert", small.toString(), "-o", dir.resolve("e.parquet").toString());
    assertTrue(
        s.err().startsWith(small + ":2:" + ("{\"i\": 2, \"s\": \"caf\u00e9 ".length() + 1) + ": "),
        s.err());

    // JSON input (a multi-line array) is located exactly too
    byte[] array = ("[\n" + "{\"a\": \"x\"},\n".repeat(9999)).getBytes(StandardCharsets.UTF_8);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    bytes.writeBytes(array);
    bytes.writeBytes("{\"a\": \"".getBytes(StandardCharsets.UTF_8));
    bytes.write(0xFF);
    bytes.writeBytes("\"}\n]\n".getBytes(StandardCharsets.UTF_8));
    Path json = Files.write(dir.resolve("array.json"), bytes.toByteArray());
    CliRunner.Result j =
        run("", "convert", json.toString(), "-o", dir.resolve("e.parquet").toString());
    assertTrue(
        j.err().startsWith(json + ":10001:8: Invalid JSON: invalid UTF-8: byte 0xFF"), j.err());
    assertFalse(Files.exists(dir.resolve("e.parquet")));
  }

  @Test
  void skipKeepsEveryValidRowAndReportsTheRejectsAsNdjson() throws IOException {
    Path in = file("mixed.ndjson", "{\"a\": 1}\n{\"a\": }\n\n{\"a\": 3}\n[1, 2\n{\"a\": 5}\n");
    Path bad = Files.write(dir.resolve("bad.ndjson"), ndjsonWithBadByte(3, 2));
    Path rejects = dir.resolve("rejects.ndjson");
    Path out = dir.resolve("out.parquet");
    CliRunner.Result r =
        ok(
            "convert",
            in.toString(),
            bad.toString(),
            "-o",
            out.toString(),
            "--rejects",
            rejects.toString());
    assertEquals(
        List.of(
            "{\"a\":1}",
            "{\"a\":3}",
            "{\"a\":5}",
            "{\"i\":1,\"s\":\"caf\u00e9 \"}",
            "{\"i\":3,\"s\":\"caf\u00e9 \"}"),
        ok("cat", out.toString()).out().lines().toList());
    assertTrue(
        r.err().startsWith(out + ": 5 rows written (8 read, 3 rejected: see " + rejects + ")"),
        r.err());
    List<String> lines = Files.readAllLines(rejects);
    assertEquals(3, lines.size(), lines.toString());
    assertEquals(
        "{\"column\":7,\"file\":\""
            + in
            + "\",\"line\":2,\"reason\":\"Invalid JSON: Unexpected character "
            + "('}' (code 125)): expected a value\",\"text\":\"{\\\"a\\\": }\"}",
        lines.get(0));
    assertTrue(lines.get(1).contains("\"file\":\"" + in + "\",\"line\":5,"), lines.get(1));
    assertTrue(
        lines
            .get(2)
            .startsWith(
                "{\"column\":"
                    + ("{\"i\": 2, \"s\": \"caf\u00e9 ".length() + 1)
                    + ",\"file\":\""
                    + bad
                    + "\",\"line\":2,\"reason\":\"Invalid JSON: invalid UTF-8"),
        lines.get(2));
    for (String line : lines) {
      VariantJson.parse(line); // every line is valid JSON
    }

    CliRunner.Result skip =
        ok("convert", in.toString(), "-o", out.toString(), "--overwrite", "--on-error", "skip");
    assertTrue(skip.err().startsWith(out + ": 3 rows written (5 read, 2 rejected)"), skip.err());

    CliRunner.Result tooMany =
        run(
            "",
            "convert",
            in.toString(),
            "-o",
            dir.resolve("new.parquet").toString(),
            "--max-errors",
            "1");
    assertEquals(1, tooMany.exitCode());
    assertTrue(tooMany.err().startsWith(in + ":5:"), tooMany.err());
    assertTrue(tooMany.err().contains("more than 1 rows rejected (--max-errors)"), tooMany.err());
    assertFalse(Files.exists(dir.resolve("new.parquet")));

    CliRunner.Result conflicting =
        run(
            "",
            "convert",
            in.toString(),
            "-o",
            dir.resolve("new.parquet").toString(),
            "--on-error",
            "fail",
            "--rejects",
            rejects.toString());
    assertEquals(2, conflicting.exitCode());
  }

  /**
   * NaN, infinities and a leading '+' are bad input named by file, line and column, in the words of
   * JSON: no advice to enable a parser feature that no option reaches.
   */
  @Test
  void nanInfinityAndALeadingPlusAreNotAllowedInJson() throws IOException {
    String[][] cases = {
      {"{\"a\": NaN}", "1:7", "NaN is not allowed in JSON, whose numbers are finite"},
      {"{\"a\": 1}\n[1, -Infinity]", "2:5", "-Infinity is not allowed in JSON"},
      {"{\"é\": +1}", "1:7", "a '+' before a number is not allowed in JSON"},
    };
    for (String[] c : cases) {
      Path in = file("odd.json", c[0] + "\n");
      for (String format : List.of("auto", "json")) {
        for (String command : List.of("encode", "plan", "convert")) {
          List<String> args =
              new ArrayList<>(List.of(command, in.toString(), "--input-format", format));
          if (command.equals("convert")) {
            args.addAll(List.of("-o", dir.resolve("d.parquet").toString(), "--overwrite"));
          }
          CliRunner.Result r = run("", args.toArray(String[]::new));
          String what = args + ": " + r.err();
          assertEquals(1, r.exitCode(), what);
          assertTrue(r.err().startsWith(in + ":" + c[1] + ": Invalid JSON: " + c[2]), what);
          assertFalse(r.err().contains("Feature"), what);
          assertEquals(1, r.err().strip().lines().count(), what);
        }
      }
    }
  }

  @Test
  void depthCountsArraysLikeObjectsAndEncodeAndDecodeAgree() throws IOException {
    Path arrays = file("arrays.json", "[".repeat(1001) + "]".repeat(1001) + "\n");
    Path objects = file("objects.json", "{\"a\":".repeat(1001) + "1" + "}".repeat(1001) + "\n");
    for (Path in : List.of(arrays, objects)) {
      for (String command : List.of("encode", "convert")) {
        CliRunner.Result r =
            command.equals("encode")
                ? run("", "encode", in.toString())
                : run(
                    "",
                    "convert",
                    in.toString(),
                    "-o",
                    dir.resolve("d.parquet").toString(),
                    "--overwrite");
        assertEquals(4, r.exitCode(), command + " " + in + ": " + r.err());
        assertTrue(
            r.err().contains("nesting deeper than 1000 levels (raise it with --max-depth)"),
            r.err());
      }
      String hex = ok("encode", in.toString(), "--max-depth", "1001").out();
      Path hexFile = file("deep.hex", hex);
      CliRunner.Result plain = run("", "decode", hexFile.toString());
      assertEquals(4, plain.exitCode(), plain.err());
      assertTrue(plain.err().contains("--max-depth"), plain.err());
      String json = ok("decode", hexFile.toString(), "--max-depth", "1001").out().strip();
      assertEquals(Files.readString(in).strip().replace("\"a\":", "\"a\":"), json);
      ok(
          "convert",
          in.toString(),
          "-o",
          dir.resolve("d.parquet").toString(),
          "--max-depth",
          "1001",
          "--overwrite",
          "-q");
      assertEquals(
          json,
          ok("cat", dir.resolve("d.parquet").toString(), "--max-depth", "1001").out().strip());
    }
  }

  @Test
  void duplicateKeysAndValueSizeOptionsApplyToConvert() throws IOException {
    Path in = file("dup.ndjson", "{\"a\": 1, \"a\": 2}\n");
    CliRunner.Result r =
        run("", "convert", in.toString(), "-o", dir.resolve("d.parquet").toString());
    assertEquals(1, r.exitCode());
    assertTrue(r.err().contains("--duplicate-keys=last_wins keeps the last"), r.err());
    assertEquals(
        List.of("{\"a\":2}"),
        convertAndCat("convert", in.toString(), "--duplicate-keys", "last_wins"));

    Path big = file("big.ndjson", "{\"s\": \"" + "x".repeat(5000) + "\"}\n{\"s\": \"small\"}\n");
    CliRunner.Result limited =
        run(
            "",
            "convert",
            big.toString(),
            "-o",
            dir.resolve("b.parquet").toString(),
            "--max-value-size",
            "1K");
    assertEquals(4, limited.exitCode(), limited.err());
    assertTrue(limited.err().startsWith(big + ":1:"), limited.err());
    assertTrue(limited.err().contains("--max-value-size"), limited.err());
    assertFalse(limited.err().contains("Limits."), limited.err());
    assertEquals(
        List.of("{\"s\":\"small\"}"),
        convertAndCat("convert", big.toString(), "--max-value-size", "1K", "--on-error", "skip"));
  }

  /**
   * A byte order mark may start an input (its first line); at the start of any other line it is not
   * whitespace in JSON, and that line is a bad row, as `cat a.ndjson b.ndjson` makes it.
   */
  @Test
  void aByteOrderMarkMayStartOnlyTheFirstLine() throws IOException {
    Path in = file("bom.ndjson", "\uFEFF{\"a\": 1}\n\uFEFF{\"a\": 2}\n{\"a\": 3}\n");
    CliRunner.Result failed =
        run("", "convert", in.toString(), "-o", dir.resolve("x.parquet").toString());
    assertEquals(1, failed.exitCode(), failed.err());
    assertTrue(failed.err().startsWith(in + ":2:1: "), failed.err());
    assertTrue(failed.err().contains("byte order mark"), failed.err());

    assertEquals(
        List.of("{\"a\":1}", "{\"a\":3}"),
        convertAndCat("convert", in.toString(), "--on-error", "skip"));

    CliRunner.Result plan = run("", "plan", in.toString());
    assertEquals(1, plan.exitCode(), plan.err());
    assertTrue(plan.err().startsWith(in + ":2:1: "), plan.err());
  }
}
