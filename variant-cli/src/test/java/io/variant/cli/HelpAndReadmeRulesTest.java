// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.CliRunner.run;
import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rules that {@code --help} and README state, checked against what the commands do: the operators
 * {@code --where} takes, and which inputs {@code --input-format auto} reads as NDJSON.
 */
class HelpAndReadmeRulesTest {
  private static final Pattern OPERATORS = Pattern.compile("PATH OP VALUE \\(OP: ([^)]*)\\)");

  @TempDir Path dir;

  /** The operators listed in {@code --where}'s help are every one a condition takes. */
  @Test
  void whereHelpListsEveryOperator() throws IOException {
    String help = ok("get", "--help").out().replaceAll("\\s+", " ");
    Matcher m = OPERATORS.matcher(help);
    assertTrue(m.find(), help);
    List<String> listed = List.of(m.group(1).split(",? (or )?"));
    assertEquals(List.of("=", "!=", "<>", "<", "<=", ">", ">="), listed, m.group());
    Path file =
        Fixtures.parquet(
            dir.resolve("a.parquet"),
            ShreddingPlan.parse("{\"a\": int64}"),
            List.of("v"),
            "{\"a\": 1}",
            "{\"a\": 2}");
    Map<String, String> matched =
        Map.of("=", "1", "!=", "2", "<>", "2", "<", "", "<=", "1", ">", "2", ">=", "1 2");
    for (String op : listed) {
      String rows = ok("get", file.toString(), "$.a", "--where", "$.a " + op + " 1").out();
      assertEquals(matched.get(op), rows.strip().replace('\n', ' '), op);
    }
  }

  /**
   * README's rule for {@code auto} names the file names read as NDJSON whatever their first line
   * says: a pretty-printed document named {@code .ndjson} is read line by line (and fails), named
   * {@code .json} it is one document.
   */
  @Test
  void readmeSaysWhichFileNamesAutoReadsAsNdjson() throws IOException {
    String readme =
        Files.readString(CliRunner.repoRoot().resolve("README.md"), StandardCharsets.UTF_8);
    int at = readme.indexOf("`auto` reads");
    assertTrue(at >= 0, "README has no rule for --input-format auto");
    String rule = readme.substring(at, readme.indexOf(')', readme.indexOf("otherwise", at)));
    for (String name : List.of("`*.ndjson`", "`*.jsonl`")) {
      assertTrue(rule.contains(name), rule);
    }
    assertTrue(
        ok("convert", "--help").out().replaceAll("\\s+", " ").contains("*.ndjson and *.jsonl"));

    String pretty = "{\n  \"a\": 1\n}\n";
    Path ndjson = Files.writeString(dir.resolve("x.ndjson"), pretty);
    CliRunner.Result lines = run("", "convert", ndjson.toString(), "-o", dir + "/n.parquet");
    assertEquals(ExitCodes.BAD_INPUT, lines.exitCode(), lines.err());
    assertTrue(lines.err().startsWith(ndjson + ":1:"), lines.err());
    Path json = Files.writeString(dir.resolve("x.json"), pretty);
    ok("convert", json.toString(), "-o", dir + "/j.parquet", "-q");
    assertEquals("{\"a\":1}\n", ok("cat", dir + "/j.parquet").out());
  }
}
