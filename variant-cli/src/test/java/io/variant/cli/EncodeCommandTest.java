// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.CliRunner.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EncodeCommandTest {
  private static final String SMALL_LINE = HexLineTest.METADATA + " " + HexLineTest.VALUE + "\n";

  @TempDir Path dir;

  private Path file(String name, byte[] content) throws IOException {
    return Files.write(dir.resolve(name), content);
  }

  private Path file(String name, String content) throws IOException {
    return file(name, content.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void writesGoldenHexWithSortedKeys() {
    CliRunner.Result r = run("{\"tags\": [\"a\"], \"id\": 42}\n", "encode");
    assertEquals(0, r.exitCode(), r.err());
    assertEquals(SMALL_LINE, r.out());
    assertEquals("", r.err());
  }

  @Test
  void writesOneLinePerDocument() {
    CliRunner.Result r = run("1.5\n\"x\"\nnull\n", "encode");
    assertEquals(0, r.exitCode(), r.err());
    assertEquals(
        "110000 20010f000000\n" // empty sorted dictionary; decimal4, scale 1, unscaled 15
            // little-endian
            + "110000 0578\n" // short string of length 1: (1 << 2) | 1, then "x"
            + "110000 00\n", // Variant null
        r.out());
  }

  @Test
  void readsStdinForDashAndForNoFile() throws IOException {
    Path input = file("small.json", "{\"tags\":[\"a\"],\"id\":42}");
    assertEquals(SMALL_LINE, run("", "encode", input.toString()).out());
    assertEquals(SMALL_LINE, run("{\"tags\":[\"a\"],\"id\":42}", "encode", "-").out());
    assertEquals(SMALL_LINE, run("{\"tags\":[\"a\"],\"id\":42}", "encode").out());
  }

  @Test
  void decompressesGzipFileAndGzipStdin() throws IOException {
    byte[] gz = CliRunner.gzip("{\"tags\":[\"a\"],\"id\":42}\n".getBytes(StandardCharsets.UTF_8));
    Path input = file("small.json.gz", gz);
    assertEquals(SMALL_LINE, run("", "encode", input.toString()).out());
    assertEquals(SMALL_LINE, run(gz, "encode", "-").out());
  }

  @Test
  void emptyInputWritesNothing() {
    CliRunner.Result r = run("", "encode");
    assertEquals(0, r.exitCode());
    assertEquals("", r.out());
  }

  @Test
  void invalidJsonNamesFileLineAndColumnAndExits1() throws IOException {
    Path input = file("bad.ndjson", "{\"a\":1}\n{\"b\":2}\n{\"c\": tru}\n{\"d\":4}\n");
    CliRunner.Result r = run("", "encode", input.toString());
    assertEquals(1, r.exitCode());
    assertTrue(r.err().matches("\\Q" + input + "\\E:3:\\d+: Invalid JSON: .*\\R"), r.err());
    assertEquals(2, r.out().lines().count(), "the documents before the error are written");
    assertFalse(r.hasStackTrace(), r.err());
  }

  @Test
  void verbosePrintsStackTraceBeforeOrAfterTheCommand() {
    for (String[] args : new String[][] {{"--verbose", "encode"}, {"encode", "--verbose"}}) {
      CliRunner.Result r = run("{\"c\": tru}\n", args);
      assertEquals(1, r.exitCode());
      assertTrue(r.err().startsWith("<stdin>:1:"), r.err());
      assertTrue(r.hasStackTrace(), r.err());
    }
  }

  @Test
  void duplicateKeysAreRejectedWithLocationByDefault() {
    CliRunner.Result r = run("{\"a\":1}\n{\"a\":1,\"a\":2}\n", "encode");
    assertEquals(1, r.exitCode());
    assertTrue(r.err().startsWith("<stdin>:2:"), r.err());
    assertTrue(r.err().contains("\"a\""), r.err());
    assertTrue(
        r.err().contains("--duplicate-keys=last_wins"), r.err()); // the hint names the option
  }

  @Test
  void duplicateKeysLastWinsOnRequest() {
    CliRunner.Result r = run("{\"a\":1,\"a\":2}\n", "encode", "--duplicate-keys", "last_wins");
    assertEquals(0, r.exitCode(), r.err());
    assertEquals(
        "1101000161" // sorted, 1 key, offsets 0..1, "a"
            + " 0201000002" // object, 1 field, id 0, offsets 0..2
            + "0c02\n", // int8 2: the last value
        r.out());
  }

  @Test
  void nestingBeyondMaxDepthIsALimitWithLocation() {
    CliRunner.Result r =
        run("{\"a\":{\"b\":1}}\n{\"a\":{\"b\":{\"c\":1}}}\n", "encode", "--max-depth", "2");
    assertEquals(4, r.exitCode());
    assertTrue(r.err().startsWith("<stdin>:2:"), r.err());
    assertTrue(r.err().contains("nesting deeper than 2"), r.err());
    assertTrue(r.err().contains("--max-depth"), r.err());
    assertEquals(1, r.out().lines().count());
  }

  @Test
  void maxDepthBelowOneIsUsageError() {
    CliRunner.Result r = run("1", "encode", "--max-depth", "0");
    assertEquals(2, r.exitCode());
    assertTrue(r.err().contains("--max-depth must be at least 1, was 0"), r.err());
  }

  @Test
  void missingFileIsAnIoError() {
    Path missing = dir.resolve("missing.ndjson");
    CliRunner.Result r = run("", "encode", missing.toString());
    assertEquals(3, r.exitCode());
    assertEquals(missing + ": no such file", r.err().strip());
  }

  @Test
  void invalidUtf8IsBadInput() {
    byte[] input = {'"', 'a', (byte) 0xFF, '"', '\n'};
    CliRunner.Result r = run(input, "encode");
    assertEquals(1, r.exitCode());
    assertTrue(r.err().startsWith("<stdin>"), r.err());
    assertTrue(r.err().contains("UTF-8"), r.err());
    assertFalse(r.hasStackTrace(), r.err());
  }

  @Test
  void truncatedGzipIsBadInput() throws IOException {
    byte[] gz = CliRunner.gzip("[1,2,3]\n".repeat(100).getBytes(StandardCharsets.UTF_8));
    byte[] truncated = java.util.Arrays.copyOf(gz, gz.length / 2);
    CliRunner.Result r = run("", "encode", file("cut.json.gz", truncated).toString());
    assertEquals(1, r.exitCode());
    assertTrue(r.err().contains("truncated gzip data"), r.err());
    assertFalse(r.hasStackTrace(), r.err());
  }
}
