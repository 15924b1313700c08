// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code variant head}: the first rows of the inputs, as {@code cat} prints them. */
class HeadCommandTest {
  private static final ShreddingPlan PLAN = ShreddingPlan.parse("{\"i\": int64}");

  @TempDir Path dir;

  /** 20 rows {"i": 0} .. {"i": 19} in row groups of 5. */
  private Path file(String name) throws IOException {
    Path file = dir.resolve(name);
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file).variantColumn("v", PLAN).rowGroupRowLimit(5).build()) {
      for (int i = 0; i < 20; i++) {
        w.write(VariantRecord.builder().set("v", VariantJson.parse("{\"i\": " + i + "}")).build());
      }
    }
    return file;
  }

  private static List<String> rows(int from, int to) {
    List<String> rows = new ArrayList<>();
    for (int i = from; i < to; i++) {
      rows.add("{\"i\":" + i + "}");
    }
    return rows;
  }

  @Test
  void printsTheFirstTenRowsOrN() throws IOException {
    Path file = file("f.parquet");
    assertEquals(rows(0, 10), ok("head", file.toString()).out().lines().toList());
    assertEquals(rows(0, 3), ok("head", file.toString(), "-n", "3").out().lines().toList());
    assertEquals(rows(0, 20), ok("head", file.toString(), "-n", "100").out().lines().toList());
    assertEquals("", ok("head", file.toString(), "-n", "0").out());
  }

  @Test
  void countsRowsAcrossDirectoriesOfPartFilesAndGlobs() throws IOException {
    Path parts = Files.createDirectory(dir.resolve("table"));
    Files.move(file("a.parquet"), parts.resolve("part-00000.parquet"));
    Files.move(file("b.parquet"), parts.resolve("part-00001.parquet"));
    Files.writeString(parts.resolve("_SUCCESS"), "");
    List<String> expected = new ArrayList<>(rows(0, 20));
    expected.addAll(rows(0, 5));
    assertEquals(expected, ok("head", parts.toString(), "-n", "25").out().lines().toList());
    assertEquals(expected, ok("head", parts + "/part-*", "-n", "25").out().lines().toList());
  }

  /** The row groups after the first are overwritten: only a head within the first succeeds. */
  @Test
  void readsNoRowGroupPastTheLastRowPrinted() throws IOException {
    Path file = file("f.parquet");
    List<BlockMetaData> groups;
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      groups = r.getFooter().getBlocks();
    }
    assertEquals(4, groups.size());
    byte[] bytes = Files.readAllBytes(file);
    long from = groups.get(1).getStartingPos();
    long to = groups.get(3).getStartingPos() + groups.get(3).getCompressedSize();
    for (long i = from; i < to; i++) {
      bytes[(int) i] = (byte) 0xEE;
    }
    Files.write(file, bytes);

    assertEquals(rows(0, 5), ok("head", file.toString(), "-n", "5").out().lines().toList());
    CliRunner.Result r = CliRunner.run("", "head", file.toString(), "-n", "6");
    assertTrue(r.exitCode() != ExitCodes.OK, r.err());
  }

  @Test
  void aNegativeCountIsAUsageError() throws IOException {
    CliRunner.Result r = CliRunner.run("", "head", file("f.parquet").toString(), "-n", "-1");
    assertEquals(ExitCodes.USAGE, r.exitCode(), r.err());
    assertTrue(r.err().startsWith("variant head: -n must be at least 0, was -1"), r.err());
  }
}
