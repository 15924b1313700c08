// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The exit codes of {@code convert --engine mapreduce}, row by row of the README's table: each
 * failure is one line naming what to fix, never an internal error (70) or a stack trace.
 */
class MapReduceExitCodesTest {
  @TempDir Path dir;

  private String input(int rows) throws IOException {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      lines.add("{\"id\": " + i + ", \"kind\": \"k" + (i % 3) + "\"}");
    }
    return Files.write(dir.resolve("in.ndjson"), lines).toString();
  }

  private static CliRunner.Result convert(String... args) {
    List<String> all = new ArrayList<>(List.of("convert", "--engine", "mapreduce"));
    all.addAll(List.of(args));
    return CliRunner.run("", all.toArray(String[]::new));
  }

  private static void assertOneLine(CliRunner.Result r, int code, String expected) {
    assertEquals(code, r.exitCode(), r.err());
    assertFalse(r.hasStackTrace(), r.err());
    assertEquals(1, r.err().strip().lines().filter(l -> !l.startsWith("Try ")).count(), r.err());
    assertTrue(r.err().contains(expected), r.err());
  }

  @Test
  void successIsZero() throws IOException {
    CliRunner.Result r = convert(input(20), "-o", dir.resolve("out").toString());

    assertEquals(ExitCodes.OK, r.exitCode(), r.err());
    assertTrue(r.err().contains("20 rows written (20 read, 0 rejected)"), r.err());
  }

  @Test
  void aBadLineIsOneAndLeavesNoOutput() throws IOException {
    Files.write(dir.resolve("in.ndjson"), List.of("{\"a\": 1}", "{\"a\": }"));
    String out = dir.resolve("out").toString();

    CliRunner.Result r = convert(dir.resolve("in.ndjson").toString(), "-o", out);

    assertOneLine(r, ExitCodes.BAD_INPUT, "in.ndjson: at byte 9, column 7: Invalid JSON");
    assertFalse(r.err().contains("file:"), "the file as a path, not a URI: " + r.err());
    assertFalse(Files.exists(Path.of(out)));
  }

  @Test
  void anExistingOutputIsTwoAsOnTheLocalEngine() throws IOException {
    Path out = Files.createDirectories(dir.resolve("out"));

    CliRunner.Result r = convert(input(5), "-o", out.toString());

    assertOneLine(r, ExitCodes.USAGE, out + ": already exists; add --overwrite to replace it");
  }

  @Test
  void overwritingADirectoryThatHoldsTheInputIsTwo() throws IOException {
    Path data = Files.createDirectories(dir.resolve("data"));
    Files.write(data.resolve("in.ndjson"), List.of("{\"a\": 1}"));

    CliRunner.Result r =
        convert(data.resolve("in.ndjson").toString(), "--overwrite", "-o", data.toString());

    assertOneLine(r, ExitCodes.USAGE, "holds the input");
    assertTrue(Files.exists(data.resolve("in.ndjson")));
  }

  @Test
  void overwritingADirectoryThatHoldsTheInputThroughALinkIsTwo() throws IOException {
    Path data = Files.createDirectories(dir.resolve("data"));
    Files.write(data.resolve("in.ndjson"), List.of("{\"a\": 1}"));
    Path link = Files.createSymbolicLink(dir.resolve("latest.ndjson"), data.resolve("in.ndjson"));

    CliRunner.Result r = convert(link.toString(), "--overwrite", "-o", data.toString());

    assertOneLine(r, ExitCodes.USAGE, "holds the input " + link);
    assertTrue(Files.exists(data.resolve("in.ndjson")));
  }

  @Test
  void fileSystemsWithoutTheirConnectorAreTwoInOneLine() throws IOException {
    String in = input(5);
    for (String out : List.of("abfs://data@account.dfs.core.windows.net/out", "gs://bucket/out")) {
      String scheme = out.substring(0, out.indexOf(':'));

      CliRunner.Result r = convert(in, "-o", out);

      assertOneLine(r, ExitCodes.USAGE, out + ": this jar cannot use " + scheme + "://");
      assertTrue(r.err().contains(".jar"), r.err());
    }
  }

  @Test
  void optionsTheEngineCannotHonourAreTwoByName() throws IOException {
    String in = input(5);
    String out = dir.resolve("out").toString();
    String[][] refused = {
      {"--input-format", "json"},
      {"--max-file-size", "1M"},
      {"--rejects", dir.resolve("r.ndjson").toString()},
      {"--sample", "10", "--infer-rows", "10"},
    };
    for (String[] options : refused) {
      List<String> args = new ArrayList<>(List.of(options));
      args.addAll(List.of(in, "-o", out));

      CliRunner.Result r = convert(args.toArray(String[]::new));

      assertEquals(ExitCodes.USAGE, r.exitCode(), r.err());
      assertTrue(r.err().contains(options[0]), r.err());
      assertFalse(Files.exists(Path.of(out)));
    }
  }

  @Test
  void inputThatAutoDetectsAsJsonIsTwoAsInputFormatJsonIs() throws IOException {
    Files.writeString(dir.resolve("pretty.json"), "[\n  {\"a\": 1},\n  \"x\"\n]\n");
    Files.writeString(dir.resolve("docs.json"), "{\"a\": 1}\n{\"a\":\n 2}\n");
    Path tree = Files.createDirectories(dir.resolve("tree"));
    Files.writeString(tree.resolve("a.json"), "{\n  \"a\": 1\n}\n");
    String out = dir.resolve("out").toString();
    String[][] cases = {
      {"pretty.json", "pretty.json is one JSON array"},
      {"tree", "a.json's documents span lines"},
    };
    for (String[] c : cases) {
      for (String onError : List.of("fail", "skip")) {
        CliRunner.Result r =
            convert("--on-error", onError, dir.resolve(c[0]).toString(), "-o", out);

        assertOneLine(r, ExitCodes.USAGE, c[1]);
        assertTrue(r.err().contains("--engine mapreduce splits its input by lines"), r.err());
        assertFalse(Files.exists(Path.of(out)));
      }
    }
    // a first line that is a whole value is NDJSON, as the local engine detects it: a later bad
    // line is a bad row
    CliRunner.Result r = convert(dir.resolve("docs.json").toString(), "-o", out);
    assertOneLine(r, ExitCodes.BAD_INPUT, "docs.json");
  }

  @Test
  void damagedCompressedInputIsOneNamingTheFileAndLine() throws IOException {
    byte[] bytes = gzippedRows(4000);
    Path in = Files.write(dir.resolve("in.ndjson.gz"), Arrays.copyOf(bytes, bytes.length * 2 / 3));
    String out = dir.resolve("out").toString();

    CliRunner.Result failed = convert(in.toString(), "-o", out);
    CliRunner.Result skipped = convert("--on-error", "skip", in.toString(), "-o", out);

    assertOneLine(failed, ExitCodes.BAD_INPUT, in + ": after line ");
    assertTrue(failed.err().contains("damaged compressed data"), failed.err());
    assertEquals(ExitCodes.OK, skipped.exitCode(), skipped.err());
    assertTrue(skipped.err().contains("warning: 1 input ended at damaged"), skipped.err());
  }

  @Test
  void compressedInputWithoutItsSuffixIsTwo() throws IOException {
    // the job picks a decompressor by suffix: read as text, the gzip bytes became 1,700 rejected
    // lines and an invented row under --on-error skip, exit code 0
    Path in = Files.write(dir.resolve("events"), gzippedRows(4000));
    String out = dir.resolve("out").toString();

    CliRunner.Result r = convert("--on-error", "skip", in.toString(), "-o", out);

    assertOneLine(r, ExitCodes.USAGE, in + " is gzip (.gz) data without the suffix");
    assertFalse(Files.exists(Path.of(out)));
  }

  /** {@code n} rows {"id": i} as one gzip member. */
  private static byte[] gzippedRows(int n) throws IOException {
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
      for (int i = 0; i < n; i++) {
        out.write(("{\"id\": " + i + "}\n").getBytes(StandardCharsets.UTF_8));
      }
    }
    return gz.toByteArray();
  }

  @Test
  void aMissingInputIsThree() {
    CliRunner.Result r =
        convert(dir.resolve("missing.ndjson").toString(), "-o", dir.resolve("out").toString());

    assertOneLine(r, ExitCodes.IO, "missing.ndjson");
  }

  @Test
  void aLineOverALimitIsFour() throws IOException {
    String longString = "{\"a\": \"" + "x".repeat(100) + "\"}";
    String longArray = "{\"a\": [" + "1,".repeat(60) + "1]}";
    for (String line : List.of(longString, longArray)) {
      Files.write(dir.resolve("in.ndjson"), List.of("{\"a\": 1}", line));

      CliRunner.Result r =
          convert(
              "--max-value-size",
              "64",
              dir.resolve("in.ndjson").toString(),
              "-o",
              dir.resolve("out").toString());

      assertOneLine(r, ExitCodes.RESOURCE_LIMIT, "--max-value-size");
    }
  }

  @Test
  void aLineOverTheLineLimitIsFourWithTheLocalEnginesReason() throws IOException {
    // a small value padded past the line limit (1 MiB under --max-value-size 64): refused unparsed
    Path in =
        Files.writeString(
            dir.resolve("in.ndjson"),
            "{\"a\": 1}\n{\"a\": 2}" + " ".repeat(1_200_000) + "\n{\"a\": 3}\n");
    String reason = "the line is longer than 1.0 MiB (twice --max-value-size)";

    CliRunner.Result local =
        CliRunner.run(
            "",
            "convert",
            "--max-value-size",
            "64",
            in.toString(),
            "-o",
            dir.resolve("out.parquet").toString());
    CliRunner.Result job =
        convert("--max-value-size", "64", in.toString(), "-o", dir.resolve("out").toString());

    assertOneLine(local, ExitCodes.RESOURCE_LIMIT, in + ":2: " + reason);
    assertOneLine(job, ExitCodes.RESOURCE_LIMIT, in + ": at byte 9: " + reason);
    assertFalse(Files.exists(dir.resolve("out")));
  }
}
