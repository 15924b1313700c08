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

/** encode and decode over the project's event log, testdata/events.ndjson. */
class RoundTripTest {
  private static Path events;
  private static List<String> originals;
  private static String encoded;

  @BeforeAll
  static void encodeEvents() throws IOException {
    events = CliRunner.repoRoot().resolve("testdata/events.ndjson");
    originals = Files.readAllLines(events, StandardCharsets.UTF_8);
    CliRunner.Result r = run("", "encode", events.toString());
    assertEquals(0, r.exitCode(), r.err());
    encoded = r.out();
  }

  @Test
  void decodeGivesBackEveryEvent() {
    CliRunner.Result r = run(encoded, "decode");
    assertEquals(0, r.exitCode(), r.err());
    List<String> decoded = r.out().lines().toList();
    assertEquals(originals.size(), decoded.size());
    for (int i = 0; i < originals.size(); i++) {
      Variant expected = VariantJson.parse(originals.get(i));
      assertEquals(expected, VariantJson.parse(decoded.get(i)), "line " + (i + 1)); // logical equality
    }
  }

  @Test
  void encodingDecodedJsonGivesTheSameBytes() {
    // JSON -> Variant -> JSON is a fixed point after the first pass, so the hex must not change.
    String json = run(encoded, "decode").out();
    CliRunner.Result again = run(json, "encode");
    assertEquals(0, again.exitCode(), again.err());
    List<String> first = encoded.lines().toList();
    List<String> second = again.out().lines().toList();
    assertEquals(first.size(), second.size());
    for (int i = 0; i < first.size(); i++) {
      assertEquals(first.get(i), second.get(i), "line " + (i + 1));
    }
  }

  @Test
  void gzippedEventsEncodeTheSame(@TempDir Path dir) throws IOException {
    Path gz = Files.write(dir.resolve("events.ndjson.gz"), CliRunner.gzip(Files.readAllBytes(events)));
    CliRunner.Result r = run("", "encode", gz.toString());
    assertEquals(0, r.exitCode(), r.err());
    assertEquals(encoded, r.out());
  }

  @Test
  void prettyDecodesEveryEvent() {
    CliRunner.Result r = run(encoded, "decode", "--pretty");
    assertEquals(0, r.exitCode(), r.err());
    long roots = r.out().lines().filter(l -> l.equals("object")).count(); // each event is an unindented object
    assertEquals(originals.size(), roots);
  }
}
