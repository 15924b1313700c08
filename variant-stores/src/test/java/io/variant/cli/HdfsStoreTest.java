// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.StoreCli.ok;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.parquet.VariantRecord;
import io.variant.parquet.read.VariantParquetReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command on files in a real HDFS (an in-process {@link MiniHdfs}): convert from and to it,
 * the reading commands on files, part directories and globs, the MapReduce engine reading from it,
 * and the output guarantee (a failed convert leaves no OUT). What is read from HDFS must equal what
 * is read from the same local file.
 */
@ExtendWith(StoreServers.class)
class HdfsStoreTest {
  @TempDir static Path dir;
  private static MiniHdfs hdfs;
  private static StoreCli cli;
  private static Path reference; // events.ndjson converted locally
  private static String referenceRows; // cat of it

  @BeforeAll
  static void writeInputs(MiniHdfs server) throws Exception {
    hdfs = server;
    cli = new StoreCli(hdfs.clientConf());
    StoreInputs inputs = StoreInputs.write(cli, dir, (name, bytes) -> hdfs.put("/" + name, bytes));
    reference = inputs.reference();
    referenceRows = inputs.rows();
    byte[] parquet = inputs.parquet();
    hdfs.put("/unfinished/part-00000.parquet", parquet);
    hdfs.put("/unfinished/_temporary/0/x", new byte[0]);
  }

  @Test
  void convertsFromHdfsPlainAndGzipAsFromTheLocalFile() {
    for (String in : List.of("/in/events.ndjson", "/in/events.ndjson.gz")) {
      Path out = dir.resolve("from-hdfs" + in.length() + ".parquet");
      ok(cli.run("convert", "-q", hdfs.uri(in), "-o", out.toString()));
      assertEquals(referenceRows, ok(cli.run("cat", out.toString())).out(), in);
    }
  }

  @Test
  void convertsToHdfsAndLeavesOnlyTheFile() throws Exception {
    String out = hdfs.uri("/out/events.parquet");
    StoreCli.Result noDirectory = cli.run("convert", "-q", StoreCli.events().toString(), "-o", out);
    assertEquals(3, noDirectory.exitCode(), noDirectory.toString());
    assertTrue(noDirectory.err().contains("no such directory"), noDirectory.err());
    hdfs.fs().mkdirs(new org.apache.hadoop.fs.Path("/out"));
    ok(cli.run("convert", "-q", hdfs.uri("/in/events.ndjson"), "-o", out));
    assertEquals(referenceRows, ok(cli.run("cat", out)).out());
    FileStatus[] written = hdfs.fs().listStatus(new org.apache.hadoop.fs.Path("/out"));
    assertEquals(1, written.length, Arrays.toString(written)); // no temporary file left beside it

    StoreCli.Result again = cli.run("convert", "-q", StoreCli.events().toString(), "-o", out);
    assertEquals(2, again.exitCode(), again.toString());
    assertTrue(again.err().contains("already exists; add --overwrite"), again.err());
    ok(cli.run("convert", "-q", "--overwrite", StoreCli.events().toString(), "-o", out));
    assertEquals(referenceRows, ok(cli.run("cat", out)).out());
  }

  @Test
  void failedConvertToHdfsLeavesNoOutput() throws Exception {
    Path bad = dir.resolve("bad.ndjson");
    Files.write(bad, Files.readAllBytes(StoreCli.events()));
    Files.writeString(bad, "{\"event_id\": oops}\n", java.nio.file.StandardOpenOption.APPEND);
    hdfs.fs().mkdirs(new org.apache.hadoop.fs.Path("/failed"));

    StoreCli.Result r =
        cli.run(
            "convert",
            "--row-group-size",
            "64K",
            bad.toString(),
            "-o",
            hdfs.uri("/failed/x.parquet"));

    assertEquals(1, r.exitCode(), r.toString());
    assertTrue(r.err().contains("bad.ndjson:3001:"), r.err());
    assertEquals(0, hdfs.fs().listStatus(new org.apache.hadoop.fs.Path("/failed")).length);
  }

  @Test
  void readingCommandsReadHdfsFilesDirectoriesAndGlobs() {
    String local = reference.toString();
    String file = hdfs.uri("/parts/part-00000.parquet");
    cli.assertSameOutput(local, file, "schema");
    cli.assertSameOutput(local, file, "get", "$.user.name");
    cli.assertSameOutput(local, file, "inspect", "--row", "7");
    cli.assertSameOutput(StoreCli.events().toString(), hdfs.uri("/in/events.ndjson.gz"), "plan");
    String twice = referenceRows + referenceRows;
    assertEquals(twice, ok(cli.run("cat", hdfs.uri("/parts"))).out()); // _SUCCESS skipped
    assertEquals(twice, ok(cli.run("cat", hdfs.uri("/parts/part-*.parquet"))).out());
    cli.assertSameOutput(
        local, hdfs.uri("/parts/*0.parquet"), "get", "$.event_id", "--where", "$.event_id > 2990");

    StoreCli.Result unfinished = cli.run("cat", hdfs.uri("/unfinished"));
    assertEquals(1, unfinished.exitCode(), unfinished.toString());
    assertTrue(unfinished.err().contains("_temporary/"), unfinished.err());
    StoreCli.Result none = cli.run("cat", hdfs.uri("/parts/nothing-*.parquet"));
    assertEquals(3, none.exitCode(), none.toString());
    assertTrue(none.err().contains("no file matches"), none.err());
  }

  @Test
  void mapReduceEngineReadsFromHdfs() throws Exception {
    String out = hdfs.uri("/mr/events");
    ok(cli.run("convert", "--engine", "mapreduce", "-q", hdfs.uri("/in/events.ndjson"), "-o", out));
    assertTrue(hdfs.exists("/mr/events/_SUCCESS"));
    String[] rows = ok(cli.run("cat", out)).out().split("\n");
    String[] expected = referenceRows.split("\n");
    Arrays.sort(rows);
    Arrays.sort(expected);
    assertArrayEquals(expected, rows);
  }

  @Test
  void libraryReadsAFileOnHdfsThroughHadoopInputFile() throws Exception {
    org.apache.hadoop.fs.Path path =
        new org.apache.hadoop.fs.Path(hdfs.uri("/parts/part-00001.parquet"));
    long rows = 0;
    try (VariantParquetReader r =
        VariantParquetReader.builder(HadoopInputFile.fromPath(path, hdfs.clientConf()), null)
            .build()) {
      for (VariantRecord row : r) {
        assertFalse(row.variant("variant") == null);
        rows++;
      }
    }
    assertEquals(3000, rows);
  }
}
