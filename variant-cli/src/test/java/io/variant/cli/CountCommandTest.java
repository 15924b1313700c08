// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code variant count}: rows of every input from the footers, or with {@code --where} the rows
 * that match, as {@code get --where} selects them.
 */
class CountCommandTest {
  private static final ShreddingPlan PLAN =
      ShreddingPlan.parse("{\"age\": int64, \"name\": string}");

  @TempDir Path dir;

  private Path parts() throws IOException {
    Path parts = Files.createDirectory(dir.resolve("table"));
    List<String> rows = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      rows.add(
          i % 7 == 0
              ? "{\"name\": \"n" + i + "\"}"
              : "{\"age\": " + i + ", \"name\": \"n" + i + "\"}");
    }
    Fixtures.parquet(
        parts.resolve("part-00000.parquet"),
        PLAN,
        List.of("v"),
        rows.subList(0, 20).toArray(String[]::new));
    Fixtures.parquet(
        parts.resolve("part-00001.parquet"),
        PLAN,
        List.of("v"),
        rows.subList(20, 30).toArray(String[]::new));
    Files.writeString(parts.resolve("_SUCCESS"), "");
    return parts;
  }

  @Test
  void countsTheRowsOfDirectoriesGlobsAndSeveralFiles() throws IOException {
    Path parts = parts();
    assertEquals("30\n", ok("count", parts.toString()).out());
    assertEquals("30\n", ok("count", parts + "/part-*.parquet").out());
    assertEquals("20\n", ok("count", parts.resolve("part-00000.parquet").toString()).out());
    assertEquals("60\n", ok("count", parts.toString(), parts.toString()).out());
  }

  @Test
  void countsTheRowsThatMatchAsGetSelectsThem() throws IOException {
    Path parts = parts();
    for (String where :
        List.of(
            "$.age >= 20",
            "$.age is null",
            "not $.age between 3 and 25 or $.name in ('n4', 'n5')",
            "$.age != 10 and $.age < 12",
            "$.nope = 1")) {
      long selected = ok("get", parts.toString(), "$.name", "--where", where).out().lines().count();
      assertEquals(selected + "\n", ok("count", parts.toString(), "--where", where).out(), where);
    }
    assertEquals("8\n", ok("count", parts.toString(), "--where", "$.age >= 20").out());
    assertEquals("5\n", ok("count", parts.toString(), "--where", "$.age is null").out());
  }

  /** The data pages are overwritten: only a count that reads nothing but the footer succeeds. */
  @Test
  void withoutWhereReadsOnlyTheFooter() throws IOException {
    Path file =
        Fixtures.parquet(
            dir.resolve("f.parquet"), PLAN, List.of("v"), "{\"age\": 1}", "{\"age\": 2}");
    byte[] bytes = Files.readAllBytes(file);
    int footer =
        ByteBuffer.wrap(bytes, bytes.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    for (int i = 4; i < bytes.length - 8 - footer; i++) {
      bytes[i] = (byte) 0xEE;
    }
    Files.write(file, bytes);

    assertEquals("2\n", ok("count", file.toString()).out());
    CliRunner.Result r = CliRunner.run("", "count", file.toString(), "--where", "$.age > 0");
    assertEquals(ExitCodes.BAD_INPUT, r.exitCode(), r.err()); // damaged pages are bad input
    assertTrue(r.err().contains(file.toString()), r.err());
    CliRunner.Result cat = CliRunner.run("", "cat", file.toString());
    assertEquals(ExitCodes.BAD_INPUT, cat.exitCode(), cat.err());
    assertTrue(cat.err().contains(file.toString()), cat.err());
  }

  @Test
  void aBadConditionIsAUsageError() throws IOException {
    CliRunner.Result r = CliRunner.run("", "count", parts().toString(), "--where", "$.age >");
    assertEquals(ExitCodes.USAGE, r.exitCode(), r.err());
    assertTrue(r.err().startsWith("variant count: --where '$.age >': "), r.err());
  }
}
