// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.StoreCli.ok;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** convert reads from one store and writes to another: HDFS to S3, and S3 to HDFS. */
@ExtendWith(StoreServers.class)
class BetweenStoresTest {
  @TempDir Path dir;

  @Test
  void convertsFromHdfsToS3AndBack(MiniHdfs hdfs, MiniS3 s3) throws Exception {
    StoreCli cli = new StoreCli(s3.clientConf());
    byte[] events = Files.readAllBytes(StoreCli.events());
    hdfs.put("/between/events.ndjson", events);
    s3.put("between/events.ndjson", events);
    hdfs.fs().mkdirs(new org.apache.hadoop.fs.Path("/between/out"));
    String local = dir.resolve("local.parquet").toString();
    ok(cli.run("convert", "-q", StoreCli.events().toString(), "-o", local));

    ok(
        cli.run(
            "convert",
            "-q",
            hdfs.uri("/between/events.ndjson"),
            "-o",
            s3.uri("between/a.parquet")));
    cli.assertSameOutput(local, s3.uri("between/a.parquet"), "cat");
    ok(
        cli.run(
            "convert",
            "-q",
            s3.uri("between/events.ndjson"),
            "-o",
            hdfs.uri("/between/out/b.parquet")));
    cli.assertSameOutput(local, hdfs.uri("/between/out/b.parquet"), "cat");
  }
}
