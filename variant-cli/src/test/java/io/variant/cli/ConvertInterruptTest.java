// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An interrupted convert (SIGTERM, as Ctrl-C or kill send) leaves nothing behind. Runs the CLI in a
 * child JVM on this test's own class path (classes and dependency jars as surefire has them), so it
 * runs in every {@code mvn verify}, before the jar is packaged.
 */
class ConvertInterruptTest {
  @TempDir Path dir;

  @Test
  void terminatedConversionLeavesNoOutputAndNoTemporaryFile()
      throws IOException, InterruptedException {
    terminateOnceWriting(1, "-o", dir.resolve("e.parquet").toString());
  }

  /**
   * With --max-file-size, every numbered file written so far goes too: no partial set, however many
   * threads convert. Small chunks make the rows read so far reach the files while stdin stays open.
   */
  @Test
  void terminatedRollingConversionLeavesNoFileOfTheSet() throws IOException, InterruptedException {
    terminateOnceWriting(
        2,
        "-o",
        dir.resolve("e.parquet").toString(),
        "--max-file-size",
        "8K",
        "--chunk-size",
        "4K",
        "--threads",
        "4");
  }

  /** The rejects file is a temporary file until the convert succeeds: it goes too. */
  @Test
  void terminatedConversionLeavesNoRejectsFile() throws IOException, InterruptedException {
    terminateOnceWriting(
        2,
        "-o",
        dir.resolve("e.parquet").toString(),
        "--rejects",
        dir.resolve("rejects.ndjson").toString());
  }

  /**
   * Ctrl-C on {@code producer | variant convert -} reaches both processes at once, so stdin ends as
   * the signal arrives; {@code Process.destroy()} does the same (SIGTERM, then stdin closed). The
   * convert must not take that end of input for the end of the data: it exits by the signal and
   * leaves nothing. A few rounds, since the two race.
   */
  @Test
  void inputEndingWithTheSignalCommitsNothing() throws IOException, InterruptedException {
    for (int round = 0; round < 3; round++) {
      Path out = dir.resolve("e.parquet");
      Process p = startWriting(1, "-o", out.toString());
      try {
        p.destroy(); // SIGTERM, then the child's stdin closed
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "convert did not exit");
      } finally {
        p.destroyForcibly();
      }
      String output = Files.readString(dir.resolve("output.txt"));
      int round0 = round;
      try (Stream<Path> listed = Files.list(dir)) {
        assertEquals(
            List.of("output.txt"),
            listed.map(f -> f.getFileName().toString()).toList(),
            () -> "round " + round0 + ": the terminated convert printed: " + output);
      }
      assertEquals(143, p.exitValue(), () -> "round " + round0 + ": " + output);
    }
  }

  /**
   * SIGKILL leaves the temporary files (no exit hook runs); the next convert to the same OUT and
   * rejects file removes them, since their process is gone.
   */
  @Test
  void theNextConvertRemovesWhatAKilledConvertLeft() throws IOException, InterruptedException {
    Path out = dir.resolve("e.parquet");
    Path rejects = dir.resolve("rejects.ndjson");
    Process p = startWriting(2, "-o", out.toString(), "--rejects", rejects.toString());
    try {
      p.destroyForcibly(); // SIGKILL
      assertTrue(p.waitFor(60, TimeUnit.SECONDS), "convert did not exit");
    } finally {
      p.destroyForcibly();
    }
    assertEquals(2, temporaryFiles(), "SIGKILL left no temporary files: nothing to test");
    Fixtures.ok(
        "convert",
        Fixtures.events().toString(),
        "-o",
        out.toString(),
        "--rejects",
        rejects.toString());
    try (Stream<Path> listed = Files.list(dir)) {
      assertEquals(
          List.of("e.parquet", "output.txt", "rejects.ndjson"),
          listed.map(f -> f.getFileName().toString()).sorted().toList());
    }
  }

  /**
   * Starts {@code convert - args...} in a child JVM, feeds it more rows than it samples, waits
   * until {@code files} temporary files exist, terminates it and checks that nothing is left.
   */
  private void terminateOnceWriting(int files, String... args)
      throws IOException, InterruptedException {
    Process p = startWriting(files, args);
    try {
      // SIGTERM alone: Process.destroy() also closes the child's stdin, so the convert could read
      // the end of its input and finish before the JVM handles the signal, which is another case
      p.toHandle().destroy();
      assertTrue(p.waitFor(60, TimeUnit.SECONDS), "convert did not exit");
    } finally {
      p.destroyForcibly();
    }
    String output = Files.readString(dir.resolve("output.txt"));
    try (Stream<Path> listed = Files.list(dir)) {
      assertEquals(
          List.of("output.txt"),
          listed.map(f -> f.getFileName().toString()).toList(),
          () -> "the terminated convert printed: " + output);
    }
  }

  /**
   * Starts {@code convert - args...} in a child JVM, feeds it more rows than it samples and returns
   * it once {@code files} temporary files exist, with its stdin still open.
   */
  private Process startWriting(int files, String... args) throws IOException, InterruptedException {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    List<String> command =
        new ArrayList<>(
            List.of(
                java.toString(),
                "-cp",
                System.getProperty("java.class.path"),
                VariantCli.class.getName(),
                "convert",
                "-",
                "--sample",
                "1000"));
    command.addAll(List.of(args));
    Process p =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("output.txt").toFile())
            .start();
    boolean started = false;
    try {
      OutputStream stdin = p.getOutputStream();
      // More rows than the 1000 sampled for inference: the writer then writes its temporary
      // file(s) and waits.
      for (String line : Fixtures.eventLines().subList(0, 1500)) {
        stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      }
      stdin.flush(); // and left open: the conversion is still running
      for (int i = 0; i < 600 && temporaryFiles() < files && p.isAlive(); i++) {
        Thread.sleep(100); // a hang guard, not a timing assertion
      }
      assertTrue(
          temporaryFiles() >= files,
          "convert never wrote "
              + files
              + " temporary files; "
              + Files.readString(dir.resolve("output.txt")));
      started = true;
      return p;
    } finally {
      if (!started) {
        p.destroyForcibly();
      }
    }
  }

  /** The temporary files beside OUT (one per output file opened so far). */
  private long temporaryFiles() throws IOException {
    try (Stream<Path> listed = Files.list(dir)) {
      return listed.filter(f -> f.getFileName().toString().endsWith(".tmp")).count();
    }
  }
}
