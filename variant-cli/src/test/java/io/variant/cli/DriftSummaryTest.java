// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.CliRunner.run;
import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** convert's residual-share summary and warnings, and --plan-from. */
class DriftSummaryTest {
  @TempDir Path dir;

  /** Ids growing from 1 to {@code n}, a small counter, and a kind of few values. */
  private static String growing(int n) {
    StringBuilder sb = new StringBuilder();
    for (int i = 1; i <= n; i++) {
      sb.append("{\"event_id\": ")
          .append(i)
          .append(", \"count\": ")
          .append(i % 50)
          .append(", \"kind\": \"")
          .append("abcde".charAt(i % 5))
          .append("\"}\n");
    }
    return sb.toString();
  }

  /** The first line of {@code r}'s stderr that starts with {@code prefix}, stripped; or "". */
  static String line(CliRunner.Result r, String prefix) {
    return r.err()
        .lines()
        .map(String::strip)
        .filter(l -> l.startsWith(prefix))
        .findFirst()
        .orElse("");
  }

  @Test
  void idsGrowingAlongTheFileStayTyped() throws IOException {
    String docs = growing(50_000);
    Path file = Files.writeString(dir.resolve("g.ndjson"), docs);
    for (List<String> args :
        List.of(
            List.of(
                "convert",
                file.toString(),
                "-o",
                dir.resolve("f.parquet").toString()), // spread sample
            List.of(
                "convert",
                "-",
                "-o",
                dir.resolve("s.parquet").toString(),
                "--sample",
                "1000"))) { // first 1000
      CliRunner.Result r = run(docs, args.toArray(String[]::new));
      assertEquals(0, r.exitCode(), r.err());
      assertTrue(r.err().contains(" 3 typed columns"), r.err());
      assertEquals(
          "residual: 0.0% of 200,000 values at 4 typed paths", line(r, "residual:"), r.err());
      assertEquals("", line(r, "warning:"));
    }
    // narrow types fit to the first 1000 rows send the later ids to the residual, and say so
    CliRunner.Result narrow =
        run(
            docs,
            "convert",
            "-",
            "-o",
            dir.resolve("n.parquet").toString(),
            "--sample",
            "1000",
            "--narrow-types",
            "--select",
            "presence");
    assertTrue(
        line(narrow, "residual:")
            .matches(
                "residual: \\d+\\.\\d% of 200,000 values at 4 typed paths; highest: \\$\\.event_id 34\\.5%.*"),
        narrow.err()); // int16 holds ids up to 32,767 of 50,000
    assertTrue(
        line(narrow, "warning:")
            .startsWith("warning: $.event_id sent 34.5% of its 50,000 values to the residual"),
        narrow.err());
  }

  @Test
  void aTypedPathAboveTheShareWarns() throws IOException {
    Path file =
        Files.writeString(
            dir.resolve("d.ndjson"), "{\"n\": 1}\n{\"n\": \"x\"}\n{\"n\": 3}\n{\"n\": 4}\n");
    Path out = dir.resolve("d.parquet");
    CliRunner.Result r =
        ok("convert", file.toString(), "-o", out.toString(), "--plan", "{\"n\": int8}");
    assertEquals(
        "residual: 12.5% of 8 values at 2 typed paths; highest: $.n 25.0%", line(r, "residual:"));
    assertTrue(
        line(r, "warning:")
            .startsWith("warning: $.n sent 25.0% of its 4 values to the residual (more than 5.0%)"),
        r.err());
    CliRunner.Result quiet =
        ok(
            "convert",
            file.toString(),
            "-o",
            out.toString(),
            "--overwrite",
            "--plan",
            "{\"n\": int8}",
            "--warn-residual",
            "0.3");
    assertEquals("", line(quiet, "warning:"));
  }

  @Test
  void planFromReusesAnotherFilesPlan() throws IOException {
    Path a = Files.writeString(dir.resolve("a.ndjson"), growing(3000));
    Path first = dir.resolve("a.parquet");
    ok(
        "convert",
        a.toString(),
        "-o",
        first.toString(),
        "--plan",
        "{\"event_id\": int64, \"kind\": string}");
    Path b =
        Files.writeString(
            dir.resolve("b.ndjson"), "{\"event_id\": 9, \"kind\": \"z\", \"other\": [1]}\n");
    Path second = dir.resolve("b.parquet");
    CliRunner.Result r =
        ok("convert", b.toString(), "-o", second.toString(), "--plan-from", first.toString());
    assertTrue(r.err().contains("(plan of " + first + ")"), r.err());
    assertTrue(
        ok("schema", second.toString())
            .out()
            .strip()
            .endsWith("{\"event_id\": int64, \"kind\": string}"));
    CliRunner.Result both =
        run(
            "",
            "convert",
            b.toString(),
            "-o",
            dir.resolve("c.parquet").toString(),
            "--plan-from",
            first.toString(),
            "--plan",
            "variant");
    assertEquals(2, both.exitCode());
    assertTrue(both.err().contains("--plan and --plan-from cannot be used together"), both.err());
  }

  @Test
  void aListSlotCountsTheValuesThatAreNotLists() throws IOException {
    // $.tags is a list in half the rows and a string in the others; $.m holds lists of lists,
    // where one inner value in four is a string: the values that are not lists go to the slot's
    // own residual, and the summary and meta count them
    StringBuilder docs = new StringBuilder();
    for (int i = 0; i < 1000; i++) {
      docs.append("{\"tags\": ").append(i % 2 == 0 ? "[\"a\", \"b\", \"c\"]" : "\"x\"");
      docs.append(", \"m\": [[1, 2], ").append(i % 4 == 0 ? "\"s\"" : "[]").append(", [3]]}\n");
    }
    Path in = Files.writeString(dir.resolve("lists.ndjson"), docs);
    Path out = dir.resolve("lists.parquet");
    CliRunner.Result r =
        ok(
            "convert",
            in.toString(),
            "-o",
            out.toString(),
            "--plan",
            "{\"tags\": [string], \"m\": [[int64]]}");
    assertTrue(
        r.err().contains("warning: $.tags sent 50.0% of its 1,000 values to the residual"),
        r.err());
    String meta = ok("meta", out.toString()).out();
    assertTrue(meta.contains("$.tags: 500 typed (50.0%), 500 residual (50.0%)"), meta);
    assertTrue(meta.contains("$.m: 1,000 typed (100.0%), 0 residual (0.0%)"), meta);
    assertTrue(meta.contains("$.m[*]: 2,750 typed (91.7%), 250 residual (8.3%)"), meta);
    assertTrue(meta.contains("$.m[*][*]: 3,000 typed (100.0%), 0 residual (0.0%)"), meta);
  }

  @Test
  void theDraftLayoutCountsItsSharesAsTheSpecLayoutDoes() throws IOException {
    // $.n is a string in one row of four, $.tags a string in one of two
    StringBuilder docs = new StringBuilder();
    for (int i = 0; i < 400; i++) {
      docs.append("{\"n\": ").append(i % 4 == 0 ? "\"x\"" : String.valueOf(i));
      docs.append(", \"tags\": ").append(i % 2 == 0 ? "[\"a\", \"b\"]" : "\"t\"").append("}\n");
    }
    Path in = Files.writeString(dir.resolve("d.ndjson"), docs);
    String plan = "{\"n\": int64, \"tags\": [string]}";
    for (String layout : List.of("spec", "draft")) {
      Path out = dir.resolve(layout + ".parquet");
      CliRunner.Result r =
          ok("convert", in.toString(), "-o", out.toString(), "--plan", plan, "--layout", layout);
      assertEquals(
          "residual: 18.8% of 1,600 values at 4 typed paths; highest: $.tags 50.0%, $.n 25.0%",
          line(r, "residual:"), layout + ": " + r.err());
      String meta = ok("meta", out.toString()).out();
      for (String shown :
          List.of(
              "  $: 400 typed (100.0%), 0 residual (0.0%)",
              "  $.n: 300 typed (75.0%), 100 residual (25.0%)",
              "  $.tags: 200 typed (50.0%), 200 residual (50.0%)",
              "  $.tags[*]: 400 typed (100.0%), 0 residual (0.0%)")) {
        assertTrue(meta.contains(shown + "\n"), layout + ": " + meta);
      }
    }
  }
}
