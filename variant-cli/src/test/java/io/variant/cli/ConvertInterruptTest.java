package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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
 * An interrupted convert (SIGTERM, as Ctrl-C or kill send) leaves nothing behind. Runs the jar of the last
 * package build (surefire runs before packaging); skipped when there is none.
 */
class ConvertInterruptTest {
  @Test
  void terminatedConversionLeavesNoOutputAndNoTemporaryFile(@TempDir Path dir) throws IOException, InterruptedException {
    Path jar = CliRunner.repoRoot().resolve("variant-cli/target/variant.jar");
    assumeTrue(Files.isRegularFile(jar), "skipped: " + jar + " does not exist yet; run bin/variant once to build it");
    Path out = dir.resolve("e.parquet");
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process p = new ProcessBuilder(java.toString(), "-jar", jar.toString(), "convert", "-", "-o", out.toString())
        .redirectErrorStream(true)
        .redirectOutput(dir.resolve("output.txt").toFile())
        .start();
    try {
      OutputStream stdin = p.getOutputStream();
      // More rows than the 1000 sampled for inference: the writer then has OUT.tmp open and waits for more.
      for (String line : Fixtures.eventLines().subList(0, 1500)) {
        stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      }
      stdin.flush(); // and left open: the conversion is still running
      Path tmp = dir.resolve("e.parquet.tmp");
      for (int i = 0; i < 600 && !Files.exists(tmp) && p.isAlive(); i++) {
        Thread.sleep(100); // a hang guard, not a timing assertion
      }
      assertTrue(Files.exists(tmp), "convert never opened " + tmp);
      p.destroy(); // SIGTERM
      assertTrue(p.waitFor(60, TimeUnit.SECONDS), "convert did not exit");
    } finally {
      p.destroyForcibly();
    }
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(List.of("output.txt"), files.map(f -> f.getFileName().toString()).toList());
    }
  }
}
