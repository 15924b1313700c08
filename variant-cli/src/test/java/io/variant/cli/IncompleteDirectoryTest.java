// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.json.VariantJson;
import io.variant.hadoop.IncompleteOutput;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The readers of directories of part files refuse one that a job has not finished writing (it holds
 * {@code _temporary/} or {@code _IN_PROGRESS}), with one line naming it and {@code
 * --allow-incomplete}, which reads it anyway.
 */
class IncompleteDirectoryTest {
  @TempDir Path dir;
  private Path running;
  private Path unfinished;

  @BeforeEach
  void writeOutputs() throws IOException {
    running = Files.createDirectories(dir.resolve("running"));
    part(running.resolve("part-m-00000.zstd.parquet"));
    Files.createDirectories(running.resolve("_temporary/0/_temporary"));
    unfinished = Files.createDirectories(dir.resolve("unfinished"));
    part(unfinished.resolve("part-m-00000.zstd.parquet"));
    Files.writeString(unfinished.resolve(IncompleteOutput.IN_PROGRESS), "job_1\n");
  }

  private static void part(Path file) throws IOException {
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .variantColumn("variant", ShreddingPlan.parse("{\"a\": int64}"))
            .inferFromFirst(0)
            .build()) {
      w.write(VariantRecord.builder().set("variant", VariantJson.parse("{\"a\": 1}")).build());
    }
  }

  @Test
  void readersRefuseTheDirectoryOfAnUnfinishedJob() {
    for (Path d : new Path[] {running, unfinished}) {
      String[][] commands = {
        {"cat", d.toString()},
        {"get", d.toString(), "$.a"},
        {"schema", d.toString()},
        {"cat", d + "/*.parquet"},
        {"count", d.toString()},
        {"count", d.toString(), "--where", "$.a = 1"},
        {"head", d.toString()},
        {"meta", d.toString()},
      };
      for (String[] command : commands) {
        CliRunner.Result r = CliRunner.run("", command);

        assertEquals(ExitCodes.BAD_INPUT, r.exitCode(), String.join(" ", command) + ": " + r.err());
        assertEquals("", r.out());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(
            r.err().startsWith(d + ": it is the output of a job that has not finished"), r.err());
        assertTrue(r.err().contains("--allow-incomplete"), r.err());
        assertFalse(r.hasStackTrace(), r.err());
      }
    }
  }

  @Test
  void allowIncompleteReadsThePartFilesItHolds() {
    CliRunner.Result cat = CliRunner.run("", "cat", "--allow-incomplete", running.toString());
    CliRunner.Result get =
        CliRunner.run("", "get", "--allow-incomplete", unfinished.toString(), "$.a");
    CliRunner.Result schema = CliRunner.run("", "schema", "--allow-incomplete", running.toString());

    assertEquals(0, cat.exitCode(), cat.err());
    assertEquals("{\"a\":1}\n", cat.out());
    assertEquals(0, get.exitCode(), get.err());
    assertEquals("1\n", get.out());
    assertEquals(0, schema.exitCode(), schema.err());
  }

  @Test
  void aPartFileNamedItselfIsRead() {
    CliRunner.Result r =
        CliRunner.run("", "cat", running.resolve("part-m-00000.zstd.parquet").toString());

    assertEquals(0, r.exitCode(), r.err());
  }
}
