// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.CliRunner.run;
import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nesting over {@code --max-depth} is a resource limit on every command and in every input shape:
 * exit code 4 and one line that names the option and the limit as the user set it (1000 by default,
 * never jackson's own limit one above it), with the location where it is known.
 */
class DepthLimitTest {
  @TempDir Path dir;

  private static String arrays(int depth) {
    return "[".repeat(depth) + "]".repeat(depth);
  }

  private static String objects(int depth) {
    return "{\"a\":".repeat(depth) + "1" + "}".repeat(depth);
  }

  /**
   * Runs {@code args} and asserts exit code 4 with a one-line message naming the limit and starting
   * with the input, {@code args[1]}.
   */
  private static void overLimit(int limit, String... args) {
    CliRunner.Result r = run("", args);
    String what = String.join(" ", args) + ": " + r.err();
    assertEquals(4, r.exitCode(), what);
    String line = r.err().strip();
    assertFalse(line.contains("\n"), what);
    assertTrue(line.startsWith(args[1] + ":"), what);
    assertTrue(line.contains("nesting deeper than " + limit + " levels"), what);
    assertTrue(line.contains("--max-depth"), what);
    assertFalse(line.contains("Document nesting depth"), what);
    assertFalse(line.contains("Invalid"), what); // the value is not malformed: it is too deep
  }

  /** The JSON commands, each on one input, with {@code options} after it. */
  private List<String[]> jsonCommands(Path input, String... options) {
    List<String[]> commands = new ArrayList<>();
    for (String command : List.of("encode", "plan", "convert")) {
      List<String> args = new ArrayList<>(List.of(command, input.toString()));
      if (command.equals("convert")) {
        args.addAll(List.of("-o", dir.resolve("out.parquet").toString(), "--overwrite"));
      }
      args.addAll(List.of(options));
      commands.add(args.toArray(String[]::new));
    }
    return commands;
  }

  @Test
  void jsonOverTheLimitIsExitCode4NamingTheOptionInEveryInputShape() throws IOException {
    Path ndjson = Files.writeString(dir.resolve("rows.ndjson"), "[[1]]\n" + objects(4) + "\n");
    Path document = Files.writeString(dir.resolve("doc.json"), "{\"a\": " + arrays(4) + "}");
    Path array = Files.writeString(dir.resolve("docs.json"), "[[[1]], " + arrays(4) + "]");
    for (Path input : List.of(ndjson, document, array)) {
      for (String[] args : jsonCommands(input, "--max-depth", "3")) {
        overLimit(3, args);
      }
    }
    for (String[] args : jsonCommands(document, "--max-depth", "3", "--input-format", "json")) {
      overLimit(3, args);
    }
  }

  /** One large document: a top-level array whose one element nests 1001 levels. */
  @Test
  void theDefaultLimitIsSaidAs1000InOneLargeDocument() throws IOException {
    String padding = "\"" + "x".repeat(100_000) + "\", ";
    Path large = Files.writeString(dir.resolve("large.json"), "[" + padding + arrays(1001) + "]\n");
    for (String[] args : jsonCommands(large)) {
      overLimit(1000, args);
    }
    for (String[] args : jsonCommands(large, "--input-format", "json")) {
      overLimit(1000, args);
    }
  }

  @Test
  void variantsOverTheLimitAreExitCode4WhenDecodedAndRead() throws IOException {
    Path json = Files.writeString(dir.resolve("deep.ndjson"), objects(5) + "\n" + arrays(5) + "\n");
    Path hex = Files.writeString(dir.resolve("deep.hex"), ok("encode", json.toString()).out());
    overLimit(4, "decode", hex.toString(), "--max-depth", "4");
    overLimit(4, "decode", hex.toString(), "--max-depth", "4", "--pretty");
    Path parquet = dir.resolve("deep.parquet");
    ok("convert", json.toString(), "-o", parquet.toString(), "-q");
    overLimit(4, "cat", parquet.toString(), "--max-depth", "4");
    overLimit(4, "get", parquet.toString(), "$", "--max-depth", "4");
    overLimit(4, "inspect", parquet.toString(), "--max-depth", "4");
  }
}
