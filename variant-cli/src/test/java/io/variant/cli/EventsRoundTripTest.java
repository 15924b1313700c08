// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.CliRunner.run;
import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.core.path.VariantPath;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's main job over testdata/events.ndjson: convert, then cat, get and schema read the
 * file back. cat must print every event with the same values and sorted keys, in both layouts and
 * with a given plan.
 */
class EventsRoundTripTest {
  /**
   * A hand-written plan that disagrees with the data in places, so typed and residual columns both
   * fill.
   */
  static final String PLAN =
      "{\"event_id\": int64, \"ts\": timestamp, \"user\": {\"id\": int8, \"name\": string, "
          + "\"tags\": [string]}, \"items\": [{\"price\": decimal(9,2), \"qty\": int32}], \"device\": variant}";

  @TempDir static Path dir;

  private static List<String> expected;
  private static Path spec;
  private static String specCat;

  @BeforeAll
  static void convertEvents() {
    expected = Fixtures.canonicalJson(Fixtures.eventLines());
    spec = dir.resolve("spec.parquet");
    ok("convert", Fixtures.events().toString(), "-o", spec.toString(), "--quiet");
    specCat = ok("cat", spec.toString()).out();
  }

  @Test
  void catReproducesEveryEventInTheSpecLayout() {
    assertEquals(expected, specCat.lines().toList());
  }

  @Test
  void catReproducesEveryEventInTheDraftLayout() {
    Path draft = dir.resolve("draft.parquet");
    ok(
        "convert",
        Fixtures.events().toString(),
        "-o",
        draft.toString(),
        "--layout",
        "draft",
        "--quiet");
    assertTrue(ok("schema", draft.toString()).out().contains("column variant: draft layout"));
    assertEquals(expected, ok("cat", draft.toString()).out().lines().toList());
  }

  @Test
  void catReproducesEveryEventWithAGivenPlanInBothLayouts() {
    for (String layout : List.of("spec", "draft")) {
      Path file = dir.resolve("planned-" + layout + ".parquet");
      ok(
          "convert",
          Fixtures.events().toString(),
          "-o",
          file.toString(),
          "--plan",
          PLAN,
          "--layout",
          layout,
          "-q");
      String schema = ok("schema", file.toString()).out();
      assertTrue(schema.contains("\n" + ShreddingPlan.parse(PLAN).print() + "\n"), schema);
      assertEquals(expected, ok("cat", file.toString()).out().lines().toList(), layout);
    }
  }

  @Test
  void planOutputFileFeedsConvertAndIsTheWrittenPlan() throws IOException {
    String planOutput = ok("plan", Fixtures.events().toString(), "--sample", "500").out();
    Path planFile =
        Files.writeString(
            dir.resolve("plan.txt"), planOutput); // the table too: read up to the blank line
    Path file = dir.resolve("from-plan-file.parquet");
    ok(
        "convert",
        Fixtures.events().toString(),
        "-o",
        file.toString(),
        "--plan",
        "@" + planFile,
        "-q");
    String firstLine = planOutput.lines().findFirst().orElseThrow();
    assertTrue(ok("schema", file.toString()).out().endsWith("\n" + firstLine + "\n"));
    assertEquals(expected, ok("cat", file.toString()).out().lines().toList());
  }

  @Test
  void hexFormatRoundTripsThroughDecode() {
    String hex = ok("cat", spec.toString(), "--format", "hex").out();
    assertEquals(expected.size(), hex.lines().count());
    CliRunner.Result decoded = run(hex, "decode");
    assertEquals(0, decoded.exitCode(), decoded.err());
    assertEquals(specCat, decoded.out());
  }

  @Test
  void getEqualsThePathExtractedFromCatOutput() {
    List<String> rows = specCat.lines().toList();
    for (String path :
        List.of(
            "$.user.name",
            "$.items[0].price",
            "$.items[1]",
            "$.device",
            "$.user.tags[0]",
            "$.event_id",
            "$.duration_ms",
            "$.no_such_field",
            "$")) {
      VariantPath p = VariantPath.parse(path);
      List<String> want =
          rows.stream()
              .map(
                  row -> {
                    Variant v = p.extract(VariantJson.parse(row));
                    return v == null ? "null" : VariantJson.toJson(v);
                  })
              .toList();
      assertEquals(want, ok("get", spec.toString(), path).out().lines().toList(), path);
    }
  }

  @Test
  void limitStopsAfterNRows() {
    assertEquals(
        expected.subList(0, 7), ok("cat", spec.toString(), "--limit", "7").out().lines().toList());
    assertEquals(7, ok("get", spec.toString(), "$.type", "--limit", "7").out().lines().count());
    assertEquals("", ok("cat", spec.toString(), "--limit", "0").out());
  }
}
