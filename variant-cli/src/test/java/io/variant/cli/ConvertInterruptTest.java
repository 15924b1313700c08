package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
  @Test
  void terminatedConversionLeavesNoOutputAndNoTemporaryFile(@TempDir Path dir)
      throws IOException, InterruptedException {
    Path out = dir.resolve("e.parquet");
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process p =
        new ProcessBuilder(
                java.toString(),
                "-cp",
                System.getProperty("java.class.path"),
                VariantCli.class.getName(),
                "convert",
                "-",
                "-o",
                out.toString(),
                "--sample",
                "1000")
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("output.txt").toFile())
            .start();
    try {
      OutputStream stdin = p.getOutputStream();
      // More rows than the 1000 sampled for inference: the writer then writes its temporary file
      // and waits.
      for (String line : Fixtures.eventLines().subList(0, 1500)) {
        stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      }
      stdin.flush(); // and left open: the conversion is still running
      for (int i = 0; i < 600 && temporaryFileSize(dir) < 0 && p.isAlive(); i++) {
        Thread.sleep(100); // a hang guard, not a timing assertion
      }
      assertTrue(
          temporaryFileSize(dir) >= 0,
          "convert never wrote its temporary file; " + Files.readString(dir.resolve("output.txt")));
      p.destroy(); // SIGTERM
      assertTrue(p.waitFor(60, TimeUnit.SECONDS), "convert did not exit");
    } finally {
      p.destroyForcibly();
    }
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(List.of("output.txt"), files.map(f -> f.getFileName().toString()).toList());
    }
  }

  /** The size of the temporary file beside OUT, -1 if there is none yet. */
  private static long temporaryFileSize(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      Path tmp =
          files.filter(f -> f.getFileName().toString().endsWith(".tmp")).findFirst().orElse(null);
      return tmp == null ? -1 : Files.size(tmp);
    }
  }
}
