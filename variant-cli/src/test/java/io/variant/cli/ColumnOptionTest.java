// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.CliRunner.run;
import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --column NAME} of the Parquet commands: every one refuses a name the file has no VARIANT
 * column of, with the same message and exit code, whether or not it reads rows; {@code meta} shows
 * that column alone.
 */
class ColumnOptionTest {
  @TempDir Path dir;

  /** Two VARIANT columns, e1 and e2, each holding {"k": 1} and {"k": 2}. */
  private Path twoColumns() throws IOException {
    return Fixtures.parquet(
        dir.resolve("two.parquet"),
        ShreddingPlan.parse("{\"k\": int64}"),
        List.of("e1", "e2"),
        "{\"k\": 1}",
        "{\"k\": 2}");
  }

  @Test
  void everyParquetCommandRefusesAColumnTheFileLacksAlike() throws IOException {
    String file = twoColumns().toString();
    List<List<String>> commands =
        List.of(
            List.of("cat", file),
            List.of("head", file),
            List.of("get", file, "$.k"),
            List.of("select", file, "$.k"),
            List.of("inspect", file),
            List.of("count", file, "--where", "$.k = 1"),
            List.of("count", file),
            List.of("meta", file));
    for (List<String> command : commands) {
      List<String> args = new ArrayList<>(command);
      args.addAll(List.of("--column", "nosuch"));
      CliRunner.Result r = run("", args.toArray(String[]::new));
      assertEquals(ExitCodes.BAD_INPUT, r.exitCode(), command + ": " + r.err());
      assertEquals(
          file + ": no VARIANT column \"nosuch\" (it has e1, e2)", r.err().strip(), command + "");
      assertEquals("", r.out(), command + "");
    }
  }

  @Test
  void countOfAColumnTheFileHasIsItsRows() throws IOException {
    String file = twoColumns().toString();
    assertEquals("2\n", ok("count", file, "--column", "e2").out());
    assertEquals("1\n", ok("count", file, "--column", "e2", "--where", "$.k = 2").out());
  }

  @Test
  void metaShowsTheChosenColumnAlone() throws IOException {
    String file = twoColumns().toString();
    String all = ok("meta", file).out();
    assertTrue(all.contains("\n  e1.typed_value.k.typed_value INT64"), all);
    assertTrue(all.contains("\nshredded paths of VARIANT column e1:\n"), all);

    String e2 = ok("meta", file, "--column", "e2").out();
    assertTrue(e2.startsWith(file + ": 2 rows in 1 row group\n"), e2);
    assertTrue(e2.contains("\n  e2.typed_value.k.typed_value INT64"), e2);
    assertTrue(e2.contains("\nshredded paths of VARIANT column e2:\n"), e2);
    assertTrue(e2.contains("\n  $.k: 2 typed (100.0%)"), e2);
    assertFalse(e2.contains("e1"), e2);
    // what it shows is what meta shows of the file, e1's chunks and paths left out
    String withoutE1 =
        all.replaceAll("(?m)^  e1\\..*\n", "")
            .replaceAll("shredded paths of VARIANT column e1:\n(  \\$.*\n)*", "");
    assertEquals(withoutE1, e2);

    String help = ok("meta", "--help").out();
    assertTrue(help.contains("Show only this VARIANT column"), help);
  }
}
