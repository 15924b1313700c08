// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.StoreCli.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command on objects in a real S3 API server (an in-process {@link MiniS3}) through {@code
 * s3a://}: convert from and to it, the reading commands on objects, "directories" of part files and
 * globs, and the output guarantee of a store without rename (a failed convert writes no object).
 */
@ExtendWith(StoreServers.class)
class S3StoreTest {
  @TempDir static Path dir;
  private static MiniS3 s3;
  private static StoreCli cli;
  private static Path reference;
  private static String referenceRows;

  @BeforeAll
  static void writeInputs(MiniS3 server) throws Exception {
    s3 = server;
    cli = new StoreCli(s3.clientConf());
    StoreInputs inputs = StoreInputs.write(cli, dir, s3::put);
    reference = inputs.reference();
    referenceRows = inputs.rows();
    byte[] parquet = inputs.parquet();
    s3.put("running/part-00000.parquet", parquet);
    s3.put("running/_IN_PROGRESS", new byte[0]);
  }

  @Test
  void convertsFromS3PlainAndGzipAsFromTheLocalFile() {
    for (String key : List.of("in/events.ndjson", "in/events.ndjson.gz")) {
      Path out = dir.resolve("from-s3-" + key.length() + ".parquet");
      ok(cli.run("convert", "-q", s3.uri(key), "-o", out.toString()));
      assertEquals(referenceRows, ok(cli.run("cat", out.toString())).out(), key);
    }
  }

  @Test
  void convertsToS3InPlace() throws Exception {
    String out = s3.uri("out/events.parquet");
    ok(cli.run("convert", "-q", s3.uri("in/events.ndjson.gz"), "-o", out));
    assertEquals(referenceRows, ok(cli.run("cat", out)).out());
    assertEquals(1, s3.fs().listStatus(new org.apache.hadoop.fs.Path(s3.uri("out"))).length);

    StoreCli.Result again = cli.run("convert", "-q", StoreCli.events().toString(), "-o", out);
    assertEquals(2, again.exitCode(), again.toString());
    assertTrue(again.err().contains("already exists; add --overwrite"), again.err());
    ok(cli.run("convert", "-q", "--overwrite", StoreCli.events().toString(), "-o", out));
    assertEquals(referenceRows, ok(cli.run("cat", out)).out());
  }

  @Test
  void readingCommandsReadS3ObjectsPrefixesAndGlobs() {
    String local = reference.toString();
    String file = s3.uri("parts/part-00000.parquet");
    cli.assertSameOutput(local, file, "schema");
    cli.assertSameOutput(local, file, "get", "$.device.os", "--limit", "50");
    cli.assertSameOutput(local, file, "inspect", "--row", "3");
    cli.assertSameOutput(StoreCli.events().toString(), s3.uri("in/events.ndjson"), "plan");
    String twice = referenceRows + referenceRows;
    assertEquals(twice, ok(cli.run("cat", s3.uri("parts/"))).out());
    assertEquals(twice, ok(cli.run("cat", s3.uri("parts/part-0000[01].parquet"))).out());

    StoreCli.Result running = cli.run("cat", s3.uri("running"));
    assertEquals(1, running.exitCode(), running.toString());
    assertTrue(running.err().contains("_IN_PROGRESS"), running.err());
  }

  /**
   * The input fails on its last line, after about 8 MiB of Parquet: more than one 5 MiB part of a
   * multipart upload has gone to the server by then. The upload is aborted, not completed.
   */
  @Test
  void failedConvertToS3WritesNoObject() throws Exception {
    Path bad = dir.resolve("big-then-bad.ndjson");
    Random random = new Random(42);
    try (BufferedWriter w = Files.newBufferedWriter(bad, StandardCharsets.UTF_8)) {
      for (int i = 0; i < 40_000; i++) {
        byte[] noise = new byte[150];
        random.nextBytes(noise);
        w.write(
            "{\"id\": "
                + i
                + ", \"blob\": \""
                + java.util.HexFormat.of().formatHex(noise)
                + "\"}\n");
      }
      w.write("{\"id\": oops}\n");
    }
    Configuration conf = s3.clientConf();
    conf.setBoolean("fs.s3a.impl.disable.cache", true); // these settings, not a cached client's
    conf.set("fs.s3a.multipart.size", "5M");
    conf.set("fs.s3a.multipart.threshold", "5M");
    StoreCli.Result r =
        new StoreCli(conf)
            .run(
                "convert",
                "--row-group-size",
                "1M",
                "--codec",
                "none",
                bad.toString(),
                "-o",
                s3.uri("failed/x.parquet"));

    assertEquals(1, r.exitCode(), r.toString());
    assertTrue(r.err().contains("big-then-bad.ndjson:40001:"), r.err());
    assertFalse(s3.exists("failed/x.parquet"));
  }

  @Test
  void aPasswordInAUriIsRefusedAndNeverPrinted() {
    String withSecret = "s3a://" + MiniS3.ACCESS_KEY + ":not-to-be-printed@" + MiniS3.BUCKET;
    for (List<String> args :
        List.of(
            List.of("cat", withSecret + "/parts/part-00000.parquet"),
            List.of(
                "convert",
                withSecret + "/in/events.ndjson",
                "-o",
                dir.resolve("x.parquet").toString()),
            List.of(
                "convert", StoreCli.events().toString(), "-o", withSecret + "/out/x.parquet"))) {
      StoreCli.Result r = cli.run(args.toArray(new String[0]));
      assertEquals(2, r.exitCode(), r.toString());
      assertFalse(r.err().contains("not-to-be-printed"), r.err());
      assertTrue(r.err().contains(MiniS3.ACCESS_KEY + ":***@"), r.err());
      assertEquals(1, r.err().lines().count(), r.err());
    }
  }

  @Test
  void missingCredentialsAreOneLineSayingWhereToGiveThem() {
    Configuration conf = s3.clientConf();
    conf.setBoolean("fs.s3a.impl.disable.cache", true);
    conf.unset("fs.s3a.access.key");
    conf.unset("fs.s3a.secret.key");
    conf.set( // only the configuration: the test's environment may hold AWS variables
        "fs.s3a.aws.credentials.provider", "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider");
    StoreCli noCredentials = new StoreCli(conf);
    for (List<String> args :
        List.of(
            List.of("cat", s3.uri("parts/part-00000.parquet")),
            List.of("convert", StoreCli.events().toString(), "-o", s3.uri("nokey/x.parquet")))) {
      StoreCli.Result r = noCredentials.run(args.toArray(new String[0]));
      assertEquals(3, r.exitCode(), r.toString());
      assertEquals(1, r.err().lines().count(), r.err());
      assertTrue(r.err().contains("AWS_ACCESS_KEY_ID"), r.err());
      assertTrue(r.err().contains("fs.s3a.access.key"), r.err());
      assertFalse(r.err().contains("Exception"), r.err());
    }
    assertFalse(s3.exists("nokey/x.parquet"));
  }
}
