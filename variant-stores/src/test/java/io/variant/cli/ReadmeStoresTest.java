// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * README.md's "Where the data lives" examples, run as written against the test's servers: every
 * {@code bin/variant} line succeeds, with {@code hdfs://namenode:8020} standing for the test's
 * namenode and {@code s3a://my-bucket} for its bucket (whose endpoint and credentials the
 * configuration gives, as {@code HADOOP_CONF_DIR} and the AWS variables would).
 */
@ExtendWith(StoreServers.class)
class ReadmeStoresTest {
  private static final String SECTION = "## Where the data lives";

  @Test
  void theStoreExamplesRunAsWritten(MiniHdfs hdfs, MiniS3 s3) throws Exception {
    Path events = StoreCli.events();
    Path root = events.getParent().getParent();
    String readme = Files.readString(root.resolve("README.md"), StandardCharsets.UTF_8);
    int from = readme.indexOf(SECTION);
    assertTrue(from >= 0, "README.md has no section '" + SECTION + "'");
    String section = readme.substring(from, readme.indexOf("\n## ", from + 1));
    byte[] lines = Files.readAllBytes(events);
    hdfs.fs().mkdirs(new org.apache.hadoop.fs.Path("/warehouse"));
    hdfs.put("/logs/events.ndjson", lines);
    s3.put("logs/events.ndjson.gz", CliRunnerGzip.gzip(lines));
    String namenode = hdfs.uri("");
    StoreCli cli = new StoreCli(s3.clientConf());

    int commands = 0;
    for (String line : section.lines().filter(l -> l.startsWith("bin/variant ")).toList()) {
      List<String> args = new ArrayList<>();
      for (String a : split(line.substring("bin/variant ".length()))) {
        args.add(
            a.equals("testdata/events.ndjson")
                ? events.toString()
                : a.replace("hdfs://namenode:8020", namenode)
                    .replace("s3a://my-bucket/", s3.uri("")));
      }
      StoreCli.Result r = cli.run(args.toArray(String[]::new));
      assertEquals(0, r.exitCode(), line + ": " + r.err());
      assertTrue(!r.out().isEmpty() || line.contains(" -o "), line + " printed nothing");
      commands++;
    }
    assertEquals(8, commands);
  }

  /** The words of a shell command whose quoted words are whole ('$.user.name'), unquoted. */
  private static List<String> split(String command) {
    List<String> words = new ArrayList<>();
    Matcher m = Pattern.compile("'([^']*)'|(\\S+)").matcher(command);
    while (m.find()) {
      words.add(m.group(1) != null ? m.group(1) : m.group(2));
    }
    return words;
  }
}
