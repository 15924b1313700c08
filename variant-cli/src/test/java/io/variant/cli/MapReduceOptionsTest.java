// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.ZstdOutputStream;
import io.variant.parquet.read.VariantParquetReader;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code convert --engine mapreduce} honours the options of the local engine: the plan options give
 * the plan {@code variant plan} prints for the same rows and options, and the summary, progress,
 * Parquet and JSON options do what they do locally.
 */
class MapReduceOptionsTest {
  @TempDir Path dir;
  private Path in;

  @BeforeEach
  void writeInput() throws IOException {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 600; i++) {
      lines.add(
          "{\"id\": "
              + (1_000_000 + i)
              + ", \"small\": "
              + i % 100
              + ", \"mixed\": "
              + (i % 25 == 0 ? "\"s" + i + "\"" : String.valueOf(i)) // 96% integers
              + (i % 50 == 0 ? ", \"rare\": " + i : "") // in 2% of the rows
              + ", \"user\": {\"name\": \"u"
              + i % 13
              + "\"}}");
    }
    in = Files.write(dir.resolve("in.ndjson"), lines);
  }

  private CliRunner.Result convert(String out, String... options) throws IOException {
    CliRunner.Result r = MapReduceRuns.convert(in, dir.resolve(out), 3, options);
    assertEquals(0, r.exitCode(), r.err());
    return r;
  }

  /** The plan of the first part file of OUT. */
  private String plan(String out) throws IOException {
    try (VariantParquetReader r = VariantParquetReader.open(parts(out).get(0))) {
      return r.plans().get("variant").print();
    }
  }

  private List<Path> parts(String out) throws IOException {
    try (Stream<Path> s = Files.list(dir.resolve(out))) {
      return s.filter(p -> p.getFileName().toString().endsWith(".parquet")).sorted().toList();
    }
  }

  @Test
  void planOptionsGiveThePlanThatVariantPlanPrints() throws IOException {
    convert("baseline", "--sample", "0");
    String baseline = plan("baseline");
    String[][] optionSets = {
      {"--select", "presence", "--min-presence", "0.01"},
      {"--select", "presence", "--min-presence", "0.1", "--narrow-types"},
      {"--select", "presence", "--min-presence", "0.1", "--max-columns", "1"},
      {"--select", "presence", "--min-presence", "0.1", "--dominance", "0.99"},
      {"--select", "cost_model", "--min-presence", "0"},
    };
    for (int i = 0; i < optionSets.length; i++) {
      String[] options = optionSets[i];
      List<String> planArgs = new ArrayList<>(List.of("plan", "--sample", "0"));
      planArgs.addAll(List.of(options));
      planArgs.add(in.toString());
      CliRunner.Result local = CliRunner.run("", planArgs.toArray(String[]::new));
      assertEquals(0, local.exitCode(), local.err());
      List<String> convertArgs = new ArrayList<>(List.of("--sample", "0"));
      convertArgs.addAll(List.of(options));

      convert("out" + i, convertArgs.toArray(String[]::new));

      String joined = String.join(" ", options);
      assertEquals(local.out().lines().findFirst().orElseThrow(), plan("out" + i), joined);
      if (!options[1].equals("cost_model")) {
        assertNotEquals(baseline, plan("out" + i), joined + " changes the plan");
      }
    }
  }

  @Test
  void sampleSetsTheRowsThePlanIsInferredFrom() throws IOException {
    CliRunner.Result r = convert("out", "--sample", "25");

    // as the local engine samples: each of the 64 places gives at least one row
    assertTrue(r.err().contains("plan inferred from 64 rows from 64 places"), r.err());
  }

  @Test
  void theSummaryGivesTheResidualShareAndWarnsAboveWarnResidualWithProgressOnTheWay()
      throws IOException {
    CliRunner.Result warned =
        MapReduceRuns.convertTicking(
            in, dir.resolve("warned"), 3, "--warn-residual", "0.01", "--progress");
    assertEquals(0, warned.exitCode(), warned.err());
    CliRunner.Result quiet = convert("quiet", "--warn-residual", "0.5", "--quiet");

    assertTrue(warned.err().contains("  residual: "), warned.err());
    assertTrue(
        warned.err().contains("  warning: $.mixed sent 4.0% of its 600 values to the residual"),
        warned.err());
    assertTrue(warned.err().contains(" rows/s") && warned.err().contains("\r"), warned.err());
    assertEquals("", quiet.err());
  }

  @Test
  void rowGroupAndPageSizesReachTheWriters() throws IOException {
    convert("groups", "--row-group-size", "1K");
    convert("pages", "--page-size", "64");
    convert("plain");

    assertTrue(footer("groups").getBlocks().size() > 1, "row groups of at most 1K");
    assertEquals(1, footer("plain").getBlocks().size());
    assertTrue(pages("pages") > pages("plain"), "pages of at most 64 bytes");
  }

  private org.apache.parquet.hadoop.metadata.ParquetMetadata footer(String out) throws IOException {
    try (ParquetFileReader r = open(out)) {
      return r.getFooter();
    }
  }

  private int pages(String out) throws IOException {
    try (ParquetFileReader r = open(out)) {
      return r.readOffsetIndex(r.getFooter().getBlocks().get(0).getColumns().get(0)).getPageCount();
    }
  }

  private ParquetFileReader open(String out) throws IOException {
    return ParquetFileReader.open(
        new LocalInputFile(parts(out).get(0)),
        ParquetReadOptions.builder(new PlainParquetConfiguration()).build());
  }

  @Test
  void zstdInputAndDuplicateKeysAreReadAsLocally() throws IOException {
    Path zst = dir.resolve("dup.ndjson.zst");
    try (OutputStream out = new ZstdOutputStream(Files.newOutputStream(zst))) {
      out.write("{\"a\": 1, \"a\": 2}\n".getBytes(StandardCharsets.UTF_8));
    }
    String out = dir.resolve("out").toString();

    CliRunner.Result rejected =
        CliRunner.run("", "convert", "--engine", "mapreduce", zst.toString(), "-o", out);
    CliRunner.Result kept =
        CliRunner.run(
            "",
            "convert",
            "--engine",
            "mapreduce",
            "--duplicate-keys",
            "last_wins",
            zst.toString(),
            "-o",
            out);

    assertEquals(ExitCodes.BAD_INPUT, rejected.exitCode(), rejected.err());
    assertTrue(rejected.err().contains("duplicate"), rejected.err());
    assertFalse(rejected.err().contains("native"), rejected.err());
    assertEquals(0, kept.exitCode(), kept.err());
    assertEquals("{\"a\":2}\n", CliRunner.run("", "cat", out).out());
  }
}
