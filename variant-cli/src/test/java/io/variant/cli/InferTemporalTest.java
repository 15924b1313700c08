// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.json.VariantJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --infer-temporal}: dates and timestamps stored as such, printed back as they were. */
class InferTemporalTest {
  @TempDir Path dir;

  private Path input() throws IOException {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      lines.add(
          String.format(
              Locale.ROOT,
              "{\"id\": %d, \"day\": \"2024-03-%02d\", \"at\": \"2024-03-01T10:%02d:%02d.%03dZ\","
                  + " \"offset\": \"2024-03-01T10:00:00.000000+00:00\"}",
              i,
              1 + i % 28,
              i / 60 % 60,
              i % 60,
              1 + i % 999));
    }
    return Files.write(dir.resolve("in.ndjson"), lines);
  }

  @Test
  void convertStoresTheStringsThatPrintBackAndSaysHowMany() throws IOException {
    Path in = input();
    Path out = dir.resolve("out.parquet");

    CliRunner.Result r =
        CliRunner.run("", "convert", in.toString(), "-o", out.toString(), "--infer-temporal");

    assertConvertedAndPrintedBack(r, in, out);
  }

  /** {@code convert} ran, converted 800 strings and said so; {@code cat} prints every row back. */
  private static void assertConvertedAndPrintedBack(CliRunner.Result r, Path in, Path out)
      throws IOException {
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(
        r.err().contains("--infer-temporal: 800 strings stored as dates or timestamps"), r.err());
    CliRunner.Result cat = CliRunner.run("", "cat", out.toString());
    assertEquals(0, cat.exitCode(), cat.err());
    List<String> expected =
        Files.readAllLines(in).stream().map(l -> VariantJson.toJson(VariantJson.parse(l))).toList();
    assertEquals(expected, cat.out().lines().toList());
  }

  @Test
  void planTypesThemAndOnlyWithTheOption() throws IOException {
    Path in = input();

    String with = CliRunner.run("", "plan", in.toString(), "--infer-temporal").out();
    String without = CliRunner.run("", "plan", in.toString()).out();

    assertTrue(with.contains("\"day\": date") && with.contains("\"at\": timestamp"), with);
    // a UTC timestamp prints as ...00Z
    assertFalse(with.contains("\"offset\": timestamp"), with);
    assertTrue(without.contains("\"day\": string") && !without.contains("timestamp"), without);
  }

  @Test
  void theMapReduceEngineStoresThemAsTheLocalOneDoes() throws IOException {
    Path in = input();
    Path out = dir.resolve("mr");

    CliRunner.Result r = MapReduceRuns.convert(in, out, 2, "--infer-temporal");

    assertConvertedAndPrintedBack(r, in, out); // both map tasks' conversions, summed
    // that its plan, inferred from converted rows, is the local one: EnginesPlanTest
  }
}
