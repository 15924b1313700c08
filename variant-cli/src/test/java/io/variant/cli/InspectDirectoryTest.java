// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code variant inspect DIR --row N}: row N of the part files, counted as {@code cat} prints them.
 */
class InspectDirectoryTest {
  @TempDir Path dir;

  private static void part(Path file, String... rows) throws IOException {
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .variantColumn("variant", ShreddingPlan.parse("{\"a\": int64}"))
            .inferFromFirst(0)
            .build()) {
      for (String row : rows) {
        w.write(VariantRecord.builder().set("variant", VariantJson.parse(row)).build());
      }
    }
  }

  @Test
  void aRowIsFoundInThePartFileThatHoldsIt() throws IOException {
    Path out = Files.createDirectories(dir.resolve("out"));
    part(out.resolve("part-m-00000.parquet"), "{\"a\": 1}");
    part(out.resolve("part-m-00001.parquet"), "{\"a\": 2}", "{\"a\": 3}");
    Files.writeString(out.resolve("_SUCCESS"), "");

    CliRunner.Result third = CliRunner.run("", "inspect", out.toString(), "--row", "3");
    CliRunner.Result past = CliRunner.run("", "inspect", out.toString(), "--row", "4");

    assertEquals(0, third.exitCode(), third.err());
    assertTrue(
        third.out().startsWith(out.resolve("part-m-00001.parquet") + " row 2,"), third.out());
    assertTrue(third.out().contains("\"a\": int64 3"), third.out());
    assertEquals(ExitCodes.BAD_INPUT, past.exitCode(), past.err());
    assertTrue(
        past.err().contains("has 3 rows in its part files; --row 4 is past the end"), past.err());
  }

  @Test
  void anUnfinishedJobsDirectoryIsRefusedUnlessAllowed() throws IOException {
    Path out = Files.createDirectories(dir.resolve("out"));
    part(out.resolve("part-m-00000.parquet"), "{\"a\": 1}");
    Files.createDirectories(out.resolve("_temporary/0"));

    CliRunner.Result refused = CliRunner.run("", "inspect", out.toString());
    CliRunner.Result allowed = CliRunner.run("", "inspect", "--allow-incomplete", out.toString());

    assertEquals(ExitCodes.BAD_INPUT, refused.exitCode(), refused.err());
    assertTrue(
        refused.err().startsWith(out + ": it is the output of a job that has not finished"),
        refused.err());
    assertEquals(0, allowed.exitCode(), allowed.err());
  }
}
