// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.CliRunner.run;
import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.ZstdOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConvertCommandTest {
  private static final String DOCS = "{\"a\": 1}\n{\"a\": 2, \"b\": \"x\"}\n{\"a\": 3}\n";

  @TempDir Path dir;

  private Path file(String name, String content) throws IOException {
    return Files.writeString(dir.resolve(name), content);
  }

  /** Every file in the test directory: what a failed conversion must not add to. */
  private List<String> listing() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  /** The events with line {@code badLine} (1-based) replaced by malformed JSON. */
  private Path eventsBrokenAt(int badLine) throws IOException {
    List<String> lines = new ArrayList<>(Fixtures.eventLines());
    lines.set(badLine - 1, "{\"event_id\": 1, \"type\": tru}");
    return Files.write(dir.resolve("broken.ndjson"), lines, StandardCharsets.UTF_8);
  }

  @Test
  void badJsonAfterTheSampleLeavesNoOutputAndNoTemporaryFile() throws IOException {
    Path input =
        eventsBrokenAt(1500); // the file is being written by then: the sample was 1000 rows
    Path out = dir.resolve("e.parquet");
    CliRunner.Result r = run("", "convert", input.toString(), "-o", out.toString());
    assertEquals(1, r.exitCode());
    assertEquals(
        input
            + ":1500:25: Invalid JSON: Unrecognized token 'tru': was expecting "
            + "(JSON String, Number, Array, Object or token 'null', 'true' or 'false')",
        r.err().strip());
    assertEquals(List.of("broken.ndjson"), listing());
  }

  @Test
  void badJsonInsideTheSampleOrWithAGivenPlanLeavesNothingEither() throws IOException {
    Path input = eventsBrokenAt(3);
    Path out = dir.resolve("e.parquet");
    assertEquals(1, run("", "convert", input.toString(), "-o", out.toString()).exitCode());
    CliRunner.Result planned =
        run(
            "",
            "convert",
            input.toString(),
            "-o",
            out.toString(),
            "--plan",
            "{\"event_id\": int64}",
            "--infer-rows",
            "0"); // no buffering: the writer opens OUT.tmp at once
    assertEquals(1, planned.exitCode());
    assertTrue(planned.err().startsWith(input + ":3:25: Invalid JSON"), planned.err());
    assertEquals(List.of("broken.ndjson"), listing());
  }

  @Test
  void existingOutputIsKeptUnlessOverwrite() throws IOException {
    Path input = file("docs.ndjson", DOCS);
    Path out = file("e.parquet", "keep me");
    CliRunner.Result r = run("", "convert", input.toString(), "-o", out.toString());
    assertEquals(2, r.exitCode());
    assertEquals(
        "variant: " + out + ": already exists; add --overwrite to replace it", r.err().strip());
    assertEquals("keep me", Files.readString(out));

    ok("convert", input.toString(), "-o", out.toString(), "--overwrite", "-q");
    assertEquals(
        Fixtures.canonicalJson(DOCS.lines().toList()),
        ok("cat", out.toString()).out().lines().toList());
    assertEquals(List.of("docs.ndjson", "e.parquet"), listing());
  }

  @Test
  void failedOverwriteKeepsTheOldFile() throws IOException {
    Path out = file("e.parquet", "old");
    Path bad = file("bad.ndjson", "{\"a\": 1}\n{\"a\": }\n");
    assertEquals(
        1, run("", "convert", bad.toString(), "-o", out.toString(), "--overwrite").exitCode());
    assertEquals("old", Files.readString(out));
    assertEquals(List.of("bad.ndjson", "e.parquet"), listing());
  }

  @Test
  void badInlinePlanNamesItsColumnAndShowsACaret() throws IOException {
    Path input = file("docs.ndjson", DOCS);
    CliRunner.Result r =
        run(
            "",
            "convert",
            input.toString(),
            "-o",
            dir.resolve("e.parquet").toString(),
            "--plan",
            "{\"a\": int64, \"b\": }");
    assertEquals(1, r.exitCode());
    assertEquals(
        "--plan:1:19: Invalid plan: expected a type name, found '}'\n"
            + "  {\"a\": int64, \"b\": }\n"
            + "                    ^",
        r.err().strip());
    assertEquals(List.of("docs.ndjson"), listing());
  }

  @Test
  void badPlanFileNamesFileLineAndColumn() throws IOException {
    Path input = file("docs.ndjson", DOCS);
    Path plan = file("plan.txt", "{\n  \"a\": int64,\n  \"b\": strin\n}\n");
    CliRunner.Result r =
        run(
            "",
            "convert",
            input.toString(),
            "-o",
            dir.resolve("e.parquet").toString(),
            "--plan",
            "@" + plan);
    assertEquals(1, r.exitCode());
    assertTrue(r.err().startsWith(plan + ":3:8: Invalid plan: unknown type name 'strin'"), r.err());
    assertEquals(List.of("docs.ndjson", "plan.txt"), listing());

    CliRunner.Result missing =
        run(
            "",
            "convert",
            input.toString(),
            "-o",
            dir.resolve("e.parquet").toString(),
            "--plan",
            "@" + dir.resolve("nope.txt"));
    assertEquals(3, missing.exitCode());
    assertEquals(dir.resolve("nope.txt") + ": no such file", missing.err().strip());
  }

  @Test
  void planFileIsReadUpToTheFirstBlankLine() throws IOException {
    Path input = file("docs.ndjson", DOCS);
    Path plan =
        file("plan.txt", "{\"a\": int64,\n \"b\": string}\n  \nsampled  present ... not a plan\n");
    Path out = dir.resolve("e.parquet");
    ok("convert", input.toString(), "-o", out.toString(), "--plan", "@" + plan, "-q");
    assertTrue(ok("schema", out.toString()).out().endsWith("\n{\"a\": int64, \"b\": string}\n"));
  }

  @Test
  void columnOptionNamesTheVariantColumn() throws IOException {
    Path out = dir.resolve("e.parquet");
    ok(
        "convert",
        file("docs.ndjson", DOCS).toString(),
        "-o",
        out.toString(),
        "--column",
        "event",
        "-q");
    String schema = ok("schema", out.toString()).out();
    assertTrue(schema.contains("required group event (VARIANT(1))"), schema);
    assertTrue(schema.contains("column event: spec layout"), schema);
    assertEquals(3, ok("cat", out.toString(), "--column", "event").out().lines().count());
  }

  @Test
  void defaultColumnIsVariantAndHelpSaysSo() throws IOException {
    Path out = dir.resolve("e.parquet");
    ok("convert", file("docs.ndjson", DOCS).toString(), "-o", out.toString(), "-q");
    // a JSON document is never SQL NULL: the group is required, its columns' levels narrower
    assertTrue(ok("schema", out.toString()).out().contains("required group variant (VARIANT(1))"));
    assertTrue(
        run("", "convert", "--help")
            .out()
            .contains("Name of the VARIANT column (default: variant)"));
  }

  @Test
  void codecOptionSetsTheCompressionOfEveryColumn() throws IOException {
    Path input = file("docs.ndjson", DOCS);
    String[][] codecs = {
      {"zstd", "ZSTD"},
      {"snappy", "SNAPPY"},
      {"gzip", "GZIP"},
      {"none", "UNCOMPRESSED"},
      {"NONE", "UNCOMPRESSED"}
    };
    for (String[] c : codecs) {
      Path out = dir.resolve("e-" + c[0] + ".parquet");
      ok("convert", input.toString(), "-o", out.toString(), "--codec", c[0], "-q");
      try (ParquetFileReader f =
          ParquetFileReader.open(
              new LocalInputFile(out),
              ParquetReadOptions.builder(new PlainParquetConfiguration()).build())) {
        f.getFooter()
            .getBlocks()
            .get(0)
            .getColumns()
            .forEach(
                col ->
                    assertEquals(
                        CompressionCodecName.valueOf(c[1]),
                        col.getCodec(),
                        c[0] + " " + col.getPath()));
      }
      assertEquals(3, ok("cat", out.toString()).out().lines().count());
    }
    CliRunner.Result bad =
        run(
            "",
            "convert",
            input.toString(),
            "-o",
            dir.resolve("x.parquet").toString(),
            "--codec",
            "lzo");
    assertEquals(2, bad.exitCode());
    assertTrue(bad.err().contains("--codec"), bad.err());
  }

  @Test
  void sampleDecidesHowManyRowsThePlanSees() throws IOException {
    // Two numbers, then 30 strings: the first two rows alone say int32, all 32 say string (94%
    // dominant).
    String docs = "{\"a\": 1}\n{\"a\": 2}\n" + "{\"a\": \"x\"}\n".repeat(30);
    Path input = file("docs.ndjson", docs);
    Path two = dir.resolve("two.parquet");
    CliRunner.Result r =
        run(docs, "convert", "-", "-o", two.toString(), "--sample", "2", "--select", "presence");
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(
        r.err().contains("(plan inferred from the first 2 rows (stdin can be read only once;"),
        r.err());
    assertTrue(ok("schema", two.toString()).out().endsWith("\n{\"a\": int32}\n"));
    Path all = dir.resolve("all.parquet");
    ok("convert", input.toString(), "-o", all.toString(), "-q", "--select", "presence");
    assertTrue(ok("schema", all.toString()).out().endsWith("\n{\"a\": string}\n"));
    assertEquals(
        ok("cat", two.toString()).out(),
        ok("cat", all.toString()).out()); // the plan changes no value
  }

  @Test
  void negativeSampleOrInferRowsIsAUsageError() throws IOException {
    Path input = file("docs.ndjson", DOCS);
    CliRunner.Result r =
        run(
            "",
            "convert",
            input.toString(),
            "-o",
            dir.resolve("e.parquet").toString(),
            "--sample",
            "-1");
    assertEquals(2, r.exitCode());
    assertTrue(r.err().contains("--sample must be at least 0, was -1"), r.err());
    CliRunner.Result negative =
        run(
            "",
            "convert",
            input.toString(),
            "-o",
            dir.resolve("e.parquet").toString(),
            "--plan",
            "variant",
            "--infer-rows",
            "-1");
    assertEquals(2, negative.exitCode());
    assertEquals(List.of("docs.ndjson"), listing());
  }

  @Test
  void severalInputsAreConcatenatedInOrderWithStdinAndGzip() throws IOException {
    Path first = file("first.ndjson", "{\"n\": 1}\n{\"n\": 2}\n");
    Path third =
        Files.write(
            dir.resolve("third.json.gz"),
            CliRunner.gzip("[\n  {\"n\": 5},\n  {\"n\": 6}\n]\n".getBytes(StandardCharsets.UTF_8)));
    Path out = dir.resolve("e.parquet");
    CliRunner.Result r =
        run(
            "{\"n\": 3}\n{\"n\": 4}\n",
            "convert",
            first.toString(),
            "-",
            third.toString(),
            "-o",
            out.toString(),
            "-q");
    assertEquals(0, r.exitCode(), r.err());
    assertEquals(
        List.of("{\"n\":1}", "{\"n\":2}", "{\"n\":3}", "{\"n\":4}", "{\"n\":5}", "{\"n\":6}"),
        ok("cat", out.toString()).out().lines().toList());
  }

  /**
   * A glob the shell did not expand reads its matches in name order; zstd and gzip are found by
   * their content, whatever the name.
   */
  @Test
  void globsAndZstdInputsAreReadInNameOrder() throws IOException {
    Path parts = Files.createDirectory(dir.resolve("parts"));
    Files.writeString(parts.resolve("a.ndjson"), "{\"n\": 1}\n{\"n\": 2}\n");
    ByteArrayOutputStream zst = new ByteArrayOutputStream();
    try (ZstdOutputStream z = new ZstdOutputStream(zst)) {
      z.write("{\"n\": 3}\n{\"n\": 4}\n".getBytes(StandardCharsets.UTF_8));
    }
    Files.write(parts.resolve("b.ndjson.zst"), zst.toByteArray());
    Files.write(parts.resolve("c.data"), zst.toByteArray()); // zstd under any name
    Files.write(
        parts.resolve("d.json.gz"),
        CliRunner.gzip("[\n{\"n\": 5},\n{\"n\": 6}\n]\n".getBytes(StandardCharsets.UTF_8)));
    Files.writeString(parts.resolve("skipped.txt"), "not matched by the glob");
    Path out = dir.resolve("e.parquet");
    ok("convert", parts + "/[a-d]*", "-o", out.toString(), "-q");
    assertEquals(
        List.of(1, 2, 3, 4, 3, 4, 5, 6).stream().map(n -> "{\"n\":" + n + "}").toList(),
        ok("cat", out.toString()).out().lines().toList());

    CliRunner.Result none = run("", "convert", parts + "/*.nothing", "-o", out + "2");
    assertEquals(3, none.exitCode(), none.err());
    assertTrue(none.err().contains(parts + "/*.nothing"), none.err());
    assertFalse(Files.exists(Path.of(out + "2")));
  }

  @Test
  void errorInALaterInputNamesThatInput() throws IOException {
    Path first = file("first.ndjson", DOCS);
    Path second = file("second.ndjson", "{\"n\": 1}\n\n{\"n\" 2}\n");
    CliRunner.Result r =
        run(
            "",
            "convert",
            first.toString(),
            second.toString(),
            "-o",
            dir.resolve("e.parquet").toString());
    assertEquals(1, r.exitCode());
    assertTrue(r.err().startsWith(second + ":3:6: Invalid JSON"), r.err());
    assertEquals(List.of("first.ndjson", "second.ndjson"), listing());
  }

  @Test
  void summaryGoesToStderrUnlessQuiet() throws IOException {
    Path input = file("docs.ndjson", DOCS);
    Path out = dir.resolve("e.parquet");
    CliRunner.Result r =
        ok("convert", input.toString(), "-o", out.toString(), "--select", "presence");
    assertEquals("", r.out());
    List<String> summary = r.err().strip().lines().toList();
    assertTrue(
        String.join("\n", summary.subList(0, 2))
            .matches(
                "\\Q"
                    + out
                    + "\\E: 3 rows written \\(3 read, 0 rejected\\), "
                    + "2 typed columns \\(plan inferred from all 3 rows\\)\n  37 B in, "
                    + java.util.regex.Pattern.quote(ByteSize.format(Files.size(out)))
                    + " out \\(ratio \\d+\\.\\d\\d\\), \\d+\\.\\d\\d s, [\\d,]+ rows/s"),
        r.err());
    assertEquals("  residual: 0.0% of 7 values at 3 typed paths", summary.get(2)); // $ too
    CliRunner.Result planned =
        ok(
            "convert",
            input.toString(),
            "-o",
            out.toString(),
            "--overwrite",
            "--plan",
            "{\"a\": int8}");
    assertTrue(
        planned.err().startsWith(out + ": 3 rows written (3 read, 0 rejected), 1 typed columns\n"),
        planned.err());
    assertEquals(
        "", ok("convert", input.toString(), "-o", out.toString(), "--overwrite", "--quiet").err());
  }

  @Test
  void missingInputIsAnIoErrorAndWritesNothing() throws IOException {
    Path missing = dir.resolve("missing.ndjson");
    CliRunner.Result r =
        run("", "convert", missing.toString(), "-o", dir.resolve("e.parquet").toString());
    assertEquals(3, r.exitCode());
    assertEquals(missing + ": no such file", r.err().strip());
    assertFalse(r.hasStackTrace());
    assertEquals(List.of(), listing());
  }

  @Test
  void emptyInputWritesAFileWithNoRows() throws IOException {
    Path out = dir.resolve("e.parquet");
    CliRunner.Result r = run("", "convert", "-", "-o", out.toString());
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(
        r.err().startsWith(out + ": 0 rows written (0 read, 0 rejected), 0 typed columns"),
        r.err());
    assertEquals("", ok("cat", out.toString()).out());
  }

  @Test
  void usageErrors() {
    assertEquals(2, run("", "convert", "in.ndjson").exitCode()); // no -o
    assertEquals(2, run("", "convert", "-o", "x.parquet").exitCode()); // no input
    assertEquals(
        2, run("", "convert", "in.ndjson", "-o", "x.parquet", "--layout", "new").exitCode());
  }
}
