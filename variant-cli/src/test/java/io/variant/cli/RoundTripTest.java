// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.CliRunner.run;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * encode and decode over the project's event log, testdata/events.ndjson (3000 rows with type
 * changes, unicode, large arrays and objects, deep nesting and numbers in every JSON form).
 */
class RoundTripTest {
  private static Path events;
  private static List<String> originals;
  private static List<String> encoded;
  private static String decoded;

  @BeforeAll
  static void encodeAndDecodeEvents() throws IOException {
    events = CliRunner.repoRoot().resolve("testdata/events.ndjson");
    originals = Files.readAllLines(events, StandardCharsets.UTF_8);
    CliRunner.Result e = run("", "encode", events.toString());
    assertEquals(0, e.exitCode(), e.err());
    encoded = e.out().lines().toList();
    CliRunner.Result d = run(e.out(), "decode");
    assertEquals(0, d.exitCode(), d.err());
    decoded = d.out();
  }

  @Test
  void everyEncodedLineHoldsItsEvent() {
    assertEquals(originals.size(), encoded.size());
    HexLine lines = new HexLine("encoded", io.variant.core.Limits.defaults());
    for (int i = 0; i < originals.size(); i++) {
      Variant expected = VariantJson.parse(originals.get(i));
      assertEquals(
          expected, lines.parse(encoded.get(i), i + 1).variant(), "line " + (i + 1)); // logical
    }
  }

  @Test
  void decodeWritesTheJsonOfEveryEvent() {
    List<String> json = decoded.lines().toList();
    assertEquals(originals.size(), json.size());
    for (int i = 0; i < originals.size(); i++) {
      assertEquals(
          VariantJson.toJson(VariantJson.parse(originals.get(i))), json.get(i), "line " + (i + 1));
    }
  }

  @Test
  void decodedJsonIsAFixedPoint() {
    // Decoded JSON may differ from the input text (sorted keys; a double such as -2.5E-3 prints as
    // -0.0025
    // and reads back as a decimal), but after that first pass the text no longer changes.
    CliRunner.Result again = run(run(decoded, "encode").out(), "decode");
    assertEquals(0, again.exitCode(), again.err());
    assertEquals(decoded, again.out());
  }

  @Test
  void gzippedEventsEncodeTheSame(@TempDir Path dir) throws IOException {
    Path gz =
        Files.write(dir.resolve("events.ndjson.gz"), CliRunner.gzip(Files.readAllBytes(events)));
    CliRunner.Result r = run("", "encode", gz.toString());
    assertEquals(0, r.exitCode(), r.err());
    assertEquals(encoded, r.out().lines().toList());
  }

  @Test
  void prettyDecodesEveryEvent() {
    CliRunner.Result r = run(String.join("\n", encoded), "decode", "--pretty");
    assertEquals(0, r.exitCode(), r.err());
    long roots =
        r.out()
            .lines()
            .filter(l -> l.equals("object"))
            .count(); // each event is an unindented object
    assertEquals(originals.size(), roots);
  }
}
