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
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GetCommandTest {
  private static final ShreddingPlan PLAN =
      ShreddingPlan.parse("{\"user\": {\"name\": string}, \"items\": [{\"price\": decimal(9,2)}]}");

  @TempDir Path dir;
  private Path file;

  @BeforeEach
  void writeRows() throws IOException {
    file =
        Fixtures.parquet(
            dir.resolve("e.parquet"),
            PLAN,
            List.of("event"),
            "{\"user\": {\"name\": \"Ann\"}, \"items\": [{\"price\": 1.5}, {\"price\": 2}]}", // typed, widened 2 -> 2.00
            "{\"user\": {\"name\": 7, \"age\": 30}, \"items\": \"none\"}", // residual name,
            // residual items
            null, // SQL NULL
            "{\"other\": true}", // both paths absent
            "[1, 2]"); // not an object
  }

  private List<String> get(String path, String... more) {
    String[] args = new String[3 + more.length];
    args[0] = "get";
    args[1] = file.toString();
    args[2] = path;
    System.arraycopy(more, 0, args, 3, more.length);
    return ok(args).out().lines().toList();
  }

  @Test
  void printsTheValueOrNullPerRow() {
    assertEquals(List.of("\"Ann\"", "7", "null", "null", "null"), get("$.user.name"));
    assertEquals(List.of("1.50", "null", "null", "null", "null"), get("$.items[0].price"));
    assertEquals(List.of("{\"price\":2.00}", "null", "null", "null", "null"), get("$.items[1]"));
    assertEquals(List.of("null", "30", "null", "null", "null"), get("$.user.age"));
    assertEquals(List.of("null", "null", "null", "true", "null"), get("$['other']"));
  }

  @Test
  void rootPathPrintsWhatCatPrints() {
    assertEquals(ok("cat", file.toString()).out().lines().toList(), get("$"));
  }

  @Test
  void limitAndColumnOptions() {
    assertEquals(List.of("\"Ann\"", "7"), get("$.user.name", "--limit", "2"));
    assertEquals(List.of("\"Ann\""), get("$.user.name", "--column", "event", "--limit", "1"));
  }

  @Test
  void badPathIsUsageErrorWithItsPosition() {
    CliRunner.Result r = run("", "get", file.toString(), "$.items[x]");
    assertEquals(2, r.exitCode());
    assertTrue(r.err().startsWith("variant get: Invalid path at position 8: "), r.err());
    assertTrue(r.err().contains("in PATH '$.items[x]'"), r.err());
  }

  /**
   * PATH given before the file (as {@code jq} takes its filter first): the message says PATH comes
   * last, not that the file is a bad path ("found 'e' in PATH 'events.parquet'").
   */
  @Test
  void aPathBeforeTheFilesIsAUsageErrorSayingPathComesLast() {
    CliRunner.Result r = run("", "get", "$.user.name", file.toString());
    assertEquals(2, r.exitCode(), r.err());
    assertTrue(
        r.err()
            .startsWith(
                "variant get: PATH comes last, after the files: the last argument '"
                    + file
                    + "' is not a path, and '$.user.name' is one"),
        r.err());
    assertFalse(r.err().contains("in PATH"), r.err());
  }

  /**
   * A second path after the first: the message names it as a path, not as a missing file ("$.a: no
   * such file"), and nothing is printed for the file before it.
   */
  @Test
  void aSecondPathIsAUsageErrorNotAMissingFile() {
    CliRunner.Result r = run("", "get", file.toString(), "$.user.name", "$.id");
    assertEquals(2, r.exitCode(), r.err());
    assertTrue(
        r.err()
            .startsWith(
                "variant get: '$.user.name' is a path, not a file: get takes one PATH, after the"
                    + " files"),
        r.err());
    assertEquals("", r.out());
  }

  @Test
  void unknownColumnIsBadInput() {
    CliRunner.Result r = run("", "get", file.toString(), "$.a", "--column", "nope");
    assertEquals(1, r.exitCode());
    assertEquals(file + ": no VARIANT column \"nope\" (it has event)", r.err().strip());
  }

  @Test
  void missingPathIsUsageError() {
    assertEquals(2, run("", "get", file.toString()).exitCode());
  }
}
