// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exit code 141 with a real pipe whose reader has gone ({@code variant cat big.parquet | head}),
 * through bin/variant and the packaged jar: every command whose output outgrows a pipe's buffer
 * ends silently with 141, {@code convert -o -} as {@code cat} does. Runs in the integration-test
 * phase, after the jar is packaged (see the surefire executions in this module's pom).
 */
class BrokenPipeIT {
  @TempDir static Path dir;
  private static Path events;
  private static Path hex;
  private static Path parquet;

  @BeforeAll
  static void inputs() throws IOException {
    events = Fixtures.events(); // 3000 rows: every output below is far larger than a pipe buffer
    hex =
        Files.writeString(
            dir.resolve("events.hex"), Fixtures.ok("encode", events.toString()).out());
    parquet = dir.resolve("events.parquet");
    Fixtures.ok("convert", events.toString(), "-o", parquet.toString(), "-q");
  }

  @Test
  void everyCommandWithLargeOutputExits141SilentlyWhenItsReaderCloses()
      throws IOException, InterruptedException {
    List<List<String>> commands =
        List.of(
            List.of("encode", events.toString()),
            List.of("decode", hex.toString()),
            List.of("convert", events.toString(), "-o", "-"),
            List.of("cat", parquet.toString()),
            List.of("get", parquet.toString(), "$"));
    for (List<String> command : commands) {
      Path stderr = dir.resolve("stderr.txt");
      List<String> line = new ArrayList<>();
      line.add(CliRunner.repoRoot().resolve("bin/variant").toString());
      line.addAll(command);
      ProcessBuilder pb =
          new ProcessBuilder(line).redirectError(stderr.toFile()).directory(dir.toFile());
      pb.environment().put("VARIANT_SKIP_BUILD", "1"); // the jar as packaged: no build inside
      Process p = pb.start();
      p.getOutputStream().close();
      p.getInputStream().close(); // the reader goes away, as head does after its lines
      boolean finished = p.waitFor(120, TimeUnit.SECONDS); // a hang guard, not a timing assertion
      if (!finished) {
        p.destroyForcibly();
      }
      assertTrue(finished, command + " did not finish");
      String err = Files.readString(stderr);
      assertEquals(141, p.exitValue(), command + ": " + err);
      assertEquals("", err, command.toString());
    }
  }
}
