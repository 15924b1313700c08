// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Memory stays bounded by the row group, not the input: a generated input of 200,000 rows (~40 MB
 * of JSON, streamed through stdin, never on disk) converts in a child JVM whose heap is 64 MiB.
 */
class ConvertMemoryTest {
  private static final int ROWS = 200_000;

  @Test
  void largeGeneratedInputConvertsIn64MiBOfHeap(@TempDir Path dir)
      throws IOException, InterruptedException {
    Path out = dir.resolve("big.parquet");
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process p =
        new ProcessBuilder(
                java.toString(),
                "-Xmx64m",
                "-cp",
                System.getProperty("java.class.path"),
                VariantCli.class.getName(),
                "convert",
                "-",
                "-o",
                out.toString(),
                "--row-group-size",
                "8M")
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("output.txt").toFile())
            .start();
    try (OutputStream stdin = new BufferedOutputStream(p.getOutputStream(), 1 << 16)) {
      StringBuilder line = new StringBuilder(256);
      for (int i = 0; i < ROWS; i++) {
        line.setLength(0);
        line.append("{\"id\":")
            .append(i)
            .append(",\"user\":{\"name\":\"user-")
            .append(i % 977)
            .append("\",\"score\":")
            .append(i * 0.25)
            .append("},\"tags\":[\"t")
            .append(i % 13)
            .append("\",\"x\"],")
            .append("\"note\":\"")
            .append("lorem ipsum dolor sit amet ".repeat(1 + i % 4))
            .append("\"}\n");
        stdin.write(line.toString().getBytes(StandardCharsets.UTF_8));
      }
    }
    assertTrue(
        p.waitFor(300, TimeUnit.SECONDS),
        "convert did not finish"); // a hang guard, not a timing assertion
    String output = Files.readString(dir.resolve("output.txt"));
    assertEquals(0, p.exitValue(), output);
    assertTrue(
        output.startsWith(out + ": 200,000 rows written (200,000 read, 0 rejected)"), output);
  }
}
