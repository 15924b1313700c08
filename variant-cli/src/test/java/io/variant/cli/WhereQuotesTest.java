// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A quoted value of {@code --where} holds its own quote written twice, as in SQL: so any text can
 * be matched, one holding both kinds of quote too. Shredded and not, through {@code get}, {@code
 * select} and {@code count}.
 */
class WhereQuotesTest {
  private static final String[] NAMES = {
    "it's", "say \"hi\"", "both 'a' and \"b\"", "'", "plain", ""
  };

  @TempDir Path dir;

  private Path file(ShreddingPlan plan) throws IOException {
    String[] rows = new String[NAMES.length];
    for (int i = 0; i < NAMES.length; i++) {
      rows[i] = "{\"name\": \"" + NAMES[i].replace("\"", "\\\"") + "\"}";
    }
    return Fixtures.parquet(dir.resolve(plan.isShredded() + ".parquet"), plan, List.of("v"), rows);
  }

  @Test
  void aDoubledQuoteIsOneQuoteOfTheValue() throws IOException {
    for (ShreddingPlan plan :
        List.of(ShreddingPlan.residual(), ShreddingPlan.parse("{\"name\": string}"))) {
      String file = file(plan).toString();
      String[][] cases = {
        {"$.name = 'it''s'", "it's"},
        {"$.name = \"say \"\"hi\"\"\"", "say \"hi\""},
        {"$.name = 'both ''a'' and \"b\"'", "both 'a' and \"b\""},
        {"$.name = \"both 'a' and \"\"b\"\"\"", "both 'a' and \"b\""},
        {"$.name = ''''", "'"},
        {"$.name = ''", ""},
        {"$.name in ('it''s', 'plain')", "it's", "plain"},
        {"$.name = 'it''s' or $.name = ''", "it's", ""},
      };
      for (String[] c : cases) {
        List<String> expected =
            List.of(c).subList(1, c.length).stream()
                .map(n -> "\"" + n.replace("\"", "\\\"") + "\"")
                .toList();
        String at = plan + ": " + c[0];
        assertEquals(
            expected,
            CliRunner.run("", "get", file, "$.name", "--where", c[0]).out().lines().toList(),
            at);
        assertEquals(
            String.valueOf(expected.size()),
            CliRunner.run("", "count", file, "--where", c[0]).out().strip(),
            at);
        assertEquals(
            expected.size(),
            CliRunner.run("", "select", file, "$.name", "--where", c[0]).out().lines().count(),
            at);
      }
    }
  }

  @Test
  void aQuoteLeftOpenAfterADoubledOneIsNamed() throws IOException {
    String file = file(ShreddingPlan.residual()).toString();
    CliRunner.Result r = CliRunner.run("", "get", file, "$.name", "--where", "$.name = 'it''s");
    assertEquals(2, r.exitCode(), r.err());
    assertTrue(r.err().contains("the quote ' at 10 is not closed"), r.err());
  }
}
