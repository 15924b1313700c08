// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code convert --engine mapreduce} that fails or is killed after some of its tasks wrote their
 * part files leaves no OUT (or the previous one), and {@code cat} never reads a partial set.
 */
class MapReduceFailureTest {
  @TempDir Path dir;

  /** {@code rows} lines of NDJSON, the last one {@code last} if given. */
  private Path input(String name, int rows, String last) throws IOException {
    Path file = dir.resolve(name);
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (int i = 0; i < rows; i++) {
        w.write(
            "{\"id\": " + i + ", \"kind\": \"k" + (i % 7) + "\", \"score\": " + i * 0.25 + "}\n");
      }
      if (last != null) {
        w.write(last + "\n");
      }
    }
    return file;
  }

  private static CliRunner.Result convert(Path in, Path out, String... extra) throws IOException {
    return MapReduceRuns.convert(in, out, 8, extra);
  }

  @Test
  void aTaskFailingAfterOthersCommittedLeavesNoOutput() throws IOException {
    Path in = input("in.ndjson", 4000, "{\"id\": oops");
    Path out = dir.resolve("out");

    CliRunner.Result r = convert(in, out);

    assertEquals(ExitCodes.BAD_INPUT, r.exitCode(), r.err());
    assertFalse(Files.exists(out), "OUT after a failed job");
    assertEquals(List.of("in.ndjson"), names(dir), "no staging directory left");
    CliRunner.Result cat = CliRunner.run("", "cat", out.toString());
    assertEquals(ExitCodes.IO, cat.exitCode(), cat.err());
    assertEquals("", cat.out());
  }

  @Test
  void aFailedOverwriteKeepsThePreviousOutput() throws IOException {
    Path out = dir.resolve("out");
    assertEquals(0, convert(input("first.ndjson", 30, null), out).exitCode());
    String before = CliRunner.run("", "cat", out.toString()).out();

    CliRunner.Result r = convert(input("in.ndjson", 4000, "{\"id\": oops"), out, "--overwrite");

    assertEquals(ExitCodes.BAD_INPUT, r.exitCode(), r.err());
    CliRunner.Result cat = CliRunner.run("", "cat", out.toString());
    assertEquals(0, cat.exitCode(), cat.err());
    assertEquals(before, cat.out());
    assertEquals(30, cat.out().lines().count());
  }

  @Test
  void aKilledJobLeavesNoOutputAndTheNextRunCleansUp() throws Exception {
    Path in = input("in.ndjson", 200_000, null);
    Path out = dir.resolve("out");
    Process job = startConvert(in, out);
    Path staging;
    try {
      staging = awaitCommittedPart(job);
    } finally {
      job.destroyForcibly();
      job.waitFor(60, TimeUnit.SECONDS);
    }

    assertFalse(Files.exists(out), "OUT after a killed job");
    CliRunner.Result cat = CliRunner.run("", "cat", out.toString());
    assertEquals(ExitCodes.IO, cat.exitCode(), cat.err());
    CliRunner.Result leftover = CliRunner.run("", "cat", staging.toString());
    assertEquals(ExitCodes.BAD_INPUT, leftover.exitCode(), leftover.err());
    assertTrue(leftover.err().contains("has not finished"), leftover.err());
    assertEquals("", leftover.out());

    CliRunner.Result next = convert(input("small.ndjson", 10, null), out);
    assertEquals(0, next.exitCode(), next.err());
    assertFalse(Files.exists(staging), "the dead job's staging directory is cleaned");
    assertEquals(10, CliRunner.run("", "cat", out.toString()).out().lines().count());
  }

  @Test
  void aKilledOverwriteKeepsThePreviousOutput() throws Exception {
    Path out = dir.resolve("out");
    assertEquals(0, convert(input("first.ndjson", 30, null), out).exitCode());
    Process job = startConvert(input("in.ndjson", 200_000, null), out, "--overwrite");
    try {
      awaitCommittedPart(job);
    } finally {
      job.destroyForcibly();
      job.waitFor(60, TimeUnit.SECONDS);
    }

    CliRunner.Result cat = CliRunner.run("", "cat", out.toString());
    assertEquals(0, cat.exitCode(), cat.err());
    assertEquals(30, cat.out().lines().count());
  }

  /** {@code variant convert --engine mapreduce} in a JVM of its own, which the test kills. */
  private Process startConvert(Path in, Path out, String... extra) throws IOException {
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                VariantCli.class.getName()));
    command.addAll(MapReduceRuns.arguments(in, out, 40, extra));
    return new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(dir.resolve("job.log").toFile())
        .start();
  }

  /** Waits until the job's staging directory holds a committed part file; returns the directory. */
  private Path awaitCommittedPart(Process job) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
    while (System.nanoTime() < deadline) {
      assertTrue(job.isAlive(), () -> "the job ended first: " + log());
      Optional<Path> staging = staging();
      if (staging.isPresent() && !parts(staging.get()).isEmpty()) {
        return staging.get();
      }
      Thread.sleep(20);
    }
    throw new AssertionError("no task committed within 3 minutes: " + log());
  }

  private Optional<Path> staging() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> p.getFileName().toString().startsWith(".out.variant-staging-"))
          .findFirst();
    }
  }

  private static List<Path> parts(Path d) throws IOException {
    try (Stream<Path> s = Files.list(d)) {
      return s.filter(p -> p.getFileName().toString().startsWith("part-")).toList();
    } catch (java.nio.file.NoSuchFileException e) {
      return List.of();
    }
  }

  private String log() {
    try {
      return Files.readString(dir.resolve("job.log"));
    } catch (IOException e) {
      return e.toString();
    }
  }

  private static List<String> names(Path d) throws IOException {
    try (Stream<Path> s = Files.list(d)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }
}
