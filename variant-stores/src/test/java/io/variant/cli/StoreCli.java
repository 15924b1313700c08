// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine;

/**
 * Runs {@code variant} in this JVM with the stores configured by a test's {@link Configuration} (a
 * server's endpoint and credentials), as {@code HADOOP_CONF_DIR} would configure them.
 */
final class StoreCli {
  private final Configuration conf;

  StoreCli(Configuration conf) {
    this.conf = conf;
  }

  /** What one run printed and returned. */
  record Result(int exitCode, String out, String err) {
    @Override
    public String toString() {
      return "exit " + exitCode + ", stderr: " + err;
    }
  }

  Result run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    StringWriter err = new StringWriter();
    CommandLine cmd =
        VariantCli.commandLine(
            new ByteArrayInputStream(new byte[0]), out, new PrintWriter(err, true));
    ((VariantCli) cmd.getCommand()).stores(Stores.of(conf));
    int code = VariantCli.execute(cmd, args);
    return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString());
  }

  /** {@code r}, failing the test unless its command succeeded. */
  static Result ok(Result r) {
    assertEquals(0, r.exitCode(), r.toString());
    return r;
  }

  /**
   * Asserts that {@code command FILE options...} prints for {@code stored}, a copy of {@code local}
   * on a store (or a glob or directory of copies), what it prints for {@code local}, the name
   * aside.
   */
  void assertSameOutput(String local, String stored, String command, String... options) {
    String expected = ok(run(args(command, local, options))).out().replace(local, stored);
    assertEquals(expected, ok(run(args(command, stored, options))).out(), command + " " + stored);
  }

  private static String[] args(String command, String file, String... options) {
    List<String> all = new ArrayList<>(List.of(command, file));
    all.addAll(List.of(options));
    return all.toArray(String[]::new);
  }

  /** The repository's event log: 3000 rows of JSON. */
  static Path events() {
    Path start =
        Path.of(System.getProperty("variant.repo.root", System.getProperty("user.dir")))
            .toAbsolutePath();
    for (Path p = start; p != null; p = p.getParent()) {
      if (Files.isRegularFile(p.resolve("testdata/events.ndjson"))) {
        return p.resolve("testdata/events.ndjson");
      }
    }
    throw new IllegalStateException("no testdata/events.ndjson at or above " + start);
  }
}
