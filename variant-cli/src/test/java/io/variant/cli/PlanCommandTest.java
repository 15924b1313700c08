// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.CliRunner.run;
import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.infer.InferenceOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlanCommandTest {
  // id: int8 twice, then 300 (int16); n: a number, then a string (no dominant family at 90%); tags
  // in 1 of 3.
  private static final String DOCS =
      "{\"id\": 1, \"name\": \"a\", \"n\": 5}\n"
          + "{\"id\": 300, \"name\": \"b\", \"n\": \"x\"}\n"
          + "{\"id\": 2, \"tags\": [\"t\"]}\n";

  @TempDir Path dir;

  /**
   * {@code variant plan --select presence OPTIONS}: these inputs are too small for the cost model
   * to type anything.
   */
  private static CliRunner.Result plan(String stdin, String... options) {
    String[] args = new String[options.length + 3];
    args[0] = "plan";
    args[1] = "--select";
    args[2] = "presence";
    System.arraycopy(options, 0, args, 3, options.length);
    CliRunner.Result r = run(stdin, args);
    assertEquals(0, r.exitCode(), r.err());
    return r;
  }

  private static String firstLine(CliRunner.Result r) {
    return r.out().lines().findFirst().orElseThrow();
  }

  @Test
  void printsThePlanABlankLineAndTheCoverageTable() {
    CliRunner.Result r = plan(DOCS);
    List<String> lines = r.out().lines().toList();
    assertEquals(
        "{\"id\": int64, \"n\": int32, \"name\": string, \"tags\": [string]}", lines.get(0));
    assertEquals("", lines.get(1));
    assertEquals("sampled  present    typed  residual  type    path", lines.get(2));
    assertEquals("      3   100.0%   100.0%      0.0%  int64   $.id", lines.get(4));
    assertEquals("      3    66.7%    50.0%     50.0%  int32   $.n", lines.get(5));
    assertTrue(
        r.out()
            .contains(
                "\n3 rows sampled; 6 paths tracked, 6 in the plan; 4 typed columns (limit 300)\n"),
        r.out());
    assertTrue(r.out().endsWith("\nsample: all 3 rows\n"), r.out());
    assertEquals("", r.err());
  }

  @Test
  void firstLineParsesBackToTheSamePlan() {
    String line =
        firstLine(
            plan(Fixtures.eventLines().stream().limit(300).reduce("", (a, b) -> a + b + "\n")));
    assertEquals(line, ShreddingPlan.parse(line).print());
  }

  @Test
  void sampleReadsOnlyTheFirstNDocuments() {
    // Past the sample: a string id, and bad JSON that is never parsed.
    String input = "{\"id\": 1}\n{\"id\": 2}\n{\"id\": \"x\"}\n{oops\n";
    CliRunner.Result r = plan(input, "--sample", "2");
    assertEquals("{\"id\": int64}", firstLine(r));
    assertTrue(r.out().contains("\n2 rows sampled;"), r.out());
    assertTrue(
        r.out()
            .endsWith(
                "\nsample: the first 2 rows (stdin can be read only once; rows further on were not seen)\n"),
        r.out());
  }

  @Test
  void sampleZeroReadsEveryDocument() {
    StringBuilder input = new StringBuilder();
    for (int i = 0; i < 10_005; i++) {
      input
          .append("{\"n\": ")
          .append(i < 10_000 ? "1" : "\"x\"")
          .append("}\n"); // past the default 10000
    }
    assertEquals("{\"n\": int32}", firstLine(plan(input.toString())));
    CliRunner.Result all = plan(input.toString(), "--sample", "0");
    assertEquals("{\"n\": int32}", firstLine(all)); // 5 strings in 10005: still dominant
    assertTrue(all.out().contains("\n10005 rows sampled;"), all.out());
    assertTrue(all.out().contains("  99.9%") || all.out().contains(">99.9%"), all.out());
  }

  @Test
  void thresholdOptionsChangeThePlan() {
    // dominance 0.5: n has one number of two values, so it is typed; min presence 0.5 drops tags (1
    // of 3).
    assertEquals(
        "{\"id\": int64, \"n\": int32, \"name\": string}",
        firstLine(plan(DOCS, "--dominance", "0.5", "--min-presence", "0.5")));
    assertEquals(
        "{\"id\": int16, \"n\": int8, \"name\": string}",
        firstLine(plan(DOCS, "--dominance", "0.5", "--min-presence", "0.5", "--narrow-types")));
    assertEquals("{\"id\": int64, \"n\": int32}", firstLine(plan(DOCS, "--max-columns", "2")));
    assertEquals("variant", firstLine(plan(DOCS, "--max-plan-depth", "0")));
    assertTrue(plan(DOCS, "--max-plan-depth", "0").out().contains("depth 0"));
  }

  @Test
  void outOfRangeOptionIsUsageErrorNamingTheOption() {
    for (String[] bad :
        new String[][] {
          {"--min-presence", "1.5"},
          {"--dominance", "1.5"},
          {"--max-columns", "-1"},
          {"--max-plan-depth", "-1"},
          {"--sample", "-1"}
        }) {
      CliRunner.Result r = run(DOCS, "plan", bad[0], bad[1]);
      assertEquals(2, r.exitCode(), String.join(" ", bad));
      assertTrue(r.err().startsWith("variant plan: "), r.err());
      assertTrue(
          r.err()
              .contains(bad[0] + " " + (bad[0].equals("--sample") ? "must be at least 0" : bad[1])),
          r.err());
      assertEquals("", r.out());
    }
  }

  /**
   * The JSON options mean on plan what they mean on encode and convert; the plan's own nesting
   * limit has a name of its own, and convert takes it too, so both still give one plan.
   */
  @Test
  void jsonOptionsAreThoseOfEncodeAndConvertAndThePlanDepthHasItsOwnName() throws IOException {
    String deep = "{\"a\": {\"b\": {\"c\": 1}}}\n";
    CliRunner.Result limited = run(deep, "plan", "-", "--max-depth", "2");
    assertEquals(4, limited.exitCode(), limited.err());
    assertTrue(
        limited.err().contains("nesting deeper than 2 levels (raise it with --max-depth)"),
        limited.err());
    assertEquals(firstLine(plan(deep)), firstLine(plan(deep, "--max-depth", "3")));
    assertEquals("{\"a\": {\"b\": variant}}", firstLine(plan(deep, "--max-plan-depth", "2")));

    String dup = "{\"a\": 1, \"a\": \"x\"}\n";
    CliRunner.Result rejected = run(dup, "plan", "-");
    assertEquals(1, rejected.exitCode());
    assertTrue(
        rejected.err().contains("--duplicate-keys=last_wins keeps the last"), rejected.err());
    assertEquals("{\"a\": string}", firstLine(plan(dup, "--duplicate-keys", "last_wins")));

    Path in = Files.writeString(dir.resolve("deep.ndjson"), deep.repeat(50));
    Path out = dir.resolve("deep.parquet");
    ok(
        "convert",
        in.toString(),
        "-o",
        out.toString(),
        "--max-plan-depth",
        "2",
        "--select",
        "presence",
        "-q");
    String schema = ok("schema", out.toString()).out();
    assertTrue(schema.contains("{\"a\": {\"b\": variant}}"), schema);
  }

  @Test
  void helpShowsTheLibraryDefaults() {
    InferenceOptions d = InferenceOptions.defaults();
    String help = run("", "plan", "--help").out().replaceAll("\\s+", " ");
    assertTrue(help.contains("considered for a column (default: " + d.minPresence() + ":"), help);
    assertTrue(help.contains("to the residual (default: " + d.dominance() + ")"), help);
    assertTrue(help.contains("stay in the residual (default: " + d.maxTypedColumns() + ")"), help);
    assertTrue(help.contains("the root's counted (default: " + d.maxDepth() + ")"), help);
    assertTrue(help.contains("(default: 10000)"), help);
  }

  @Test
  void readsFilesGzipAndJsonArrays() throws IOException {
    String expected = firstLine(plan(DOCS));
    Path file = Files.writeString(dir.resolve("docs.ndjson"), DOCS);
    Path gz =
        Files.write(
            dir.resolve("docs.ndjson.gz"), CliRunner.gzip(DOCS.getBytes(StandardCharsets.UTF_8)));
    assertEquals(expected, firstLine(plan("", file.toString())));
    assertEquals(expected, firstLine(plan("", gz.toString())));
    assertEquals(expected, firstLine(plan("[" + DOCS.strip().replace("\n", ",\n") + "]", "-")));
  }

  @Test
  void theCostModelLeavesTinyInputsUnshreddedAndExplainsWhy() {
    CliRunner.Result r = run(DOCS, "plan", "--explain");
    assertEquals(0, r.exitCode(), r.err());
    assertEquals("variant", firstLine(r));
    assertTrue(r.out().contains("\nwhy (estimated compressed bytes over the sample):\n"), r.out());
    assertTrue(
        r.out()
            .lines()
            .anyMatch(
                l ->
                    l.matches(
                        "residual +\\$\\.id +int64: costs \\d+ B: 3 values x .* \\(number\\)")),
        r.out());
    assertTrue(
        r.out()
            .lines()
            .anyMatch(l -> l.matches("residual +\\$\\.n +int32 \\(50% of 2 non-null values; .*")),
        r.out());
  }

  /**
   * {@code --select cost|presence} as the README and the help write it, in any case; the enum's own
   * name {@code cost_model} still works.
   */
  @Test
  void selectTakesCostAndPresenceAsDocumented() {
    String docs =
        Fixtures.eventLines().subList(0, 100).stream()
            .map(l -> l + "\n")
            .reduce("", String::concat);
    String byDefault = firstLine(run(docs, "plan"));
    for (String cost : List.of("cost", "COST", "Cost", "cost_model")) {
      CliRunner.Result r = run(docs, "plan", "--select", cost);
      assertEquals(0, r.exitCode(), cost + ": " + r.err());
      assertEquals(byDefault, firstLine(r), cost);
    }
    assertEquals(firstLine(plan(docs)), firstLine(run(docs, "plan", "--select", "PRESENCE")));
    CliRunner.Result bad = run(docs, "plan", "--select", "costs");
    assertEquals(2, bad.exitCode());
    assertTrue(bad.err().contains("'--select': expected cost or presence, was 'costs'"), bad.err());
  }

  @Test
  void emptyInputGivesTheResidualPlan() {
    CliRunner.Result r = plan("");
    assertEquals("variant", firstLine(r));
    assertTrue(r.out().contains("\n0 rows sampled;"), r.out());
  }

  @Test
  void badJsonNamesFileLineAndColumn() throws IOException {
    Path file = Files.writeString(dir.resolve("bad.ndjson"), "{\"a\": 1}\n{\"a\": [1,}\n");
    CliRunner.Result r = run("", "plan", file.toString());
    assertEquals(1, r.exitCode());
    assertTrue(r.err().startsWith(file + ":2:10: Invalid JSON: "), r.err());
    assertFalse(r.hasStackTrace(), r.err());
    assertEquals("", r.out());
  }

  @Test
  void jsonLimitMessagesNameNoJavaApi() {
    CliRunner.Result r = run("{\"a\":".repeat(1001) + "1" + "}".repeat(1001) + "\n", "plan", "-");
    assertEquals(4, r.exitCode());
    assertTrue(r.err().contains("nesting deeper than 1000 levels"), r.err());
    assertFalse(r.err().contains("Limits"), r.err());
  }
}
