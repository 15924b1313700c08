// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged CLI jar, run as a user runs it, carries working HDFS and s3a connectors: one convert
 * reads from HDFS and writes to S3, configured as a user configures them ({@code HADOOP_CONF_DIR}'s
 * core-site.xml names the endpoint, the AWS variables hold the credentials).
 */
@ExtendWith(StoreServers.class)
class CliJarStoresTest {
  @TempDir Path dir;

  @Test
  void convertsFromHdfsToS3WithCredentialsFromTheEnvironment(MiniHdfs hdfs, MiniS3 s3)
      throws Exception {
    hdfs.put("/jar/events.ndjson", Files.readAllBytes(StoreCli.events()));
    Path conf = Files.createDirectories(dir.resolve("conf"));
    Files.writeString(
        conf.resolve("core-site.xml"),
        "<configuration>\n"
            + property("fs.s3a.endpoint", s3.endpoint())
            + property("fs.s3a.endpoint.region", "us-east-1")
            + property("fs.s3a.path.style.access", "true")
            + property("fs.s3a.connection.ssl.enabled", "false")
            + "</configuration>\n");

    CliJar.Run run =
        CliJar.run(
            dir,
            Map.of(
                "HADOOP_CONF_DIR", conf.toString(),
                "AWS_ACCESS_KEY_ID", MiniS3.ACCESS_KEY,
                "AWS_SECRET_ACCESS_KEY", MiniS3.SECRET_KEY),
            "convert",
            "-q",
            hdfs.uri("/jar/events.ndjson"),
            "-o",
            s3.uri("jar/events.parquet"));

    assertEquals(0, run.exitCode(), run.toString());
    assertFalse(run.err().contains(MiniS3.SECRET_KEY), run.err());
    StoreCli cli = new StoreCli(s3.clientConf());
    Path local = dir.resolve("local.parquet");
    StoreCli.ok(cli.run("convert", "-q", StoreCli.events().toString(), "-o", local.toString()));
    cli.assertSameOutput(local.toString(), s3.uri("jar/events.parquet"), "cat");
  }

  private static String property(String name, String value) {
    return "  <property><name>" + name + "</name><value>" + value + "</value></property>\n";
  }
}
