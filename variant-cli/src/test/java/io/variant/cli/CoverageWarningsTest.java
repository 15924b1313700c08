// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.CliRunner.run;
import static io.variant.cli.DriftSummaryTest.line;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * convert's summary shows what the residual shares of typed paths cannot: values inference never
 * examined (its cap of tracked paths reached) and a top-level value holding much of the column.
 */
class CoverageWarningsTest {
  @TempDir Path dir;

  /**
   * 30 rows of 100 objects of 10 keys each, drawn in turn from 120 per object: 12,101 paths, more
   * than inference tracks, in objects that are no maps (each key in a twelfth of its objects).
   */
  private static String pastTheCap() {
    StringBuilder sb = new StringBuilder();
    for (int r = 0; r < 30; r++) {
      sb.append('{');
      for (int g = 0; g < 100; g++) {
        sb.append(g == 0 ? "" : ", ").append(String.format(Locale.ROOT, "\"g%02d\": {", g));
        for (int k = 0; k < 10; k++) {
          sb.append(k == 0 ? "" : ", ")
              .append(String.format(Locale.ROOT, "\"k%03d\": %d", (r * 10 + k) % 120, r));
        }
        sb.append('}');
      }
      sb.append("}\n");
    }
    return sb.toString();
  }

  @Test
  void warnsWhenInferenceReachedItsCapOfTrackedPaths() throws IOException {
    Path in = Files.writeString(dir.resolve("wide.ndjson"), pastTheCap());
    CliRunner.Result r =
        run("", "convert", in.toString(), "-o", dir.resolve("w.parquet").toString());
    assertEquals(0, r.exitCode(), r.err());
    String warning = line(r, "warning: ");
    assertTrue(
        warning.matches(
            "warning: [0-9,]+ sampled values were not examined: inference"
                + " reached its cap of 10,000 tracked paths, .*see 'variant plan'"),
        r.err());
  }

  @Test
  void theMapReduceEngineWarnsAlike() throws IOException {
    Path in = Files.writeString(dir.resolve("wide.ndjson"), pastTheCap());
    CliRunner.Result local =
        run("", "convert", in.toString(), "-o", dir.resolve("w.parquet").toString());
    CliRunner.Result job =
        run(
            "",
            "convert",
            "--engine",
            "mapreduce",
            in.toString(),
            "-o",
            dir.resolve("job").toString());
    assertEquals(0, job.exitCode(), job.err());
    assertTrue(line(job, "warning: ").contains("tracked paths"), job.err());
    assertEquals(line(local, "warning: "), line(job, "warning: "));
  }

  @Test
  void noCapWarningWhenEveryPathWasTracked() throws IOException {
    StringBuilder rows = new StringBuilder();
    for (int i = 0; i < 2000; i++) {
      rows.append(String.format(Locale.ROOT, "{\"id\": %d, \"kind\": \"k%d\"}%n", i, i % 3));
    }
    Path in = Files.writeString(dir.resolve("small.ndjson"), rows.toString());
    CliRunner.Result r =
        run("", "convert", in.toString(), "-o", dir.resolve("s.parquet").toString());
    assertEquals(0, r.exitCode(), r.err());
    assertEquals("", line(r, "warning: "), r.err());
    assertEquals("", line(r, "top-level value:"), r.err());
  }

  @Test
  void namesTheShareOfTheColumnInItsTopLevelValue() throws IOException {
    // a typed id beside long text no plan path names: most of the bytes are in the top-level value
    StringBuilder rows = new StringBuilder();
    for (int i = 0; i < 2000; i++) {
      long h = i * 2654435761L;
      rows.append(
          String.format(
              Locale.ROOT,
              "{\"id\": %d, \"note\": \"%x %x %x %x\"}%n",
              i,
              h,
              h * 31,
              h * 131,
              h * 1031));
    }
    Path in = Files.writeString(dir.resolve("notes.ndjson"), rows.toString());
    CliRunner.Result r =
        run(
            "",
            "convert",
            in.toString(),
            "-o",
            dir.resolve("n.parquet").toString(),
            "--plan",
            "{\"id\": int64}");
    assertEquals(0, r.exitCode(), r.err());
    String topLevel = line(r, "top-level value:");
    assertTrue(
        topLevel.matches(
            "top-level value: [0-9.]+% of the column's bytes \\([0-9.]+ KiB\\): fields outside"
                + " the plan's typed paths and rows that are not objects; see 'variant plan"
                + " --explain'"),
        r.err());
    double share = Double.parseDouble(topLevel.substring(17, topLevel.indexOf('%')));
    assertTrue(share > 50, topLevel);
  }
}
