// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Temporary files that a convert killed outright (SIGKILL, a crash, a power cut) left beside its
 * outputs: the next convert to the same OUT removes those whose writing process is gone, and never
 * those of a process that still runs.
 */
class ConvertLeftoverFilesTest {
  @TempDir Path dir;

  private String gone;

  /** The writer part of a name for a process that certainly has exited. */
  @BeforeEach
  void aProcessThatHasExited() throws IOException, InterruptedException {
    Process p = new ProcessBuilder("sleep", "60").start();
    try {
      gone = TemporaryFiles.writerOf(p.toHandle());
    } finally {
      p.destroyForcibly();
    }
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertFalse(ProcessHandle.of(p.pid()).isPresent());
  }

  private Path leftover(String target, String writer) throws IOException {
    return Files.writeString(dir.resolve("." + target + "." + writer + ".k3x9.tmp"), "partial");
  }

  @Test
  void removesTheTemporaryFilesOfGoneConvertsToTheSameOutputs() throws IOException {
    Path out = leftover("out.parquet", gone);
    Path rejects = leftover("rejects.ndjson", gone);
    Path live = leftover("out.parquet", TemporaryFiles.writerOf(ProcessHandle.current()));
    Path otherOutput = leftover("other.parquet", gone);
    Path unknownWriter = Files.writeString(dir.resolve(".out.parquet.k3x9.tmp"), "partial");

    CliRunner.Result r =
        ok(
            "convert",
            Fixtures.events().toString(),
            "-o",
            dir.resolve("out.parquet").toString(),
            "--rejects",
            dir.resolve("rejects.ndjson").toString());
    assertFalse(Files.exists(out));
    assertFalse(Files.exists(rejects));
    assertTrue(Files.exists(live));
    assertTrue(Files.exists(otherOutput));
    assertTrue(Files.exists(unknownWriter));
    assertTrue(
        r.err().contains("removed 2 temporary files left by converts that did not finish"),
        r.err());
  }

  @Test
  void removesThoseOfEveryNumberedFileOfASet() throws IOException {
    Path third = leftover("out-00003.parquet", gone);
    Path beyond = leftover("out-123456.parquet", gone);
    Path notOfTheSet = leftover("out-3.parquet", gone);
    ok(
        "convert",
        Fixtures.events().toString(),
        "-o",
        dir.resolve("out.parquet").toString(),
        "--max-file-size",
        "64K",
        "-q");
    assertFalse(Files.exists(third));
    assertFalse(Files.exists(beyond));
    assertTrue(Files.exists(notOfTheSet));
  }

  @Test
  void theTemporaryFileOfAConvertNamesItsProcess() throws IOException {
    Path created = TemporaryFiles.create(dir.resolve("x.parquet"));
    try (Stream<Path> listed = Files.list(dir)) {
      assertEquals(List.of(created), listed.toList());
    }
    String name = created.getFileName().toString();
    String writer = TemporaryFiles.writerOf(ProcessHandle.current());
    assertTrue(name.startsWith(".x.parquet." + writer + "."), name);
    assertTrue(name.endsWith(".tmp"), name);
    assertTrue(writer.startsWith(ProcessHandle.current().pid() + "-"), writer);
  }
}
