// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.ZstdOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MapReduce engine from the packaged jar: {@code java -cp variant.jar
 * io.variant.hadoop.ConvertJob} (Hadoop's ToolRunner needs commons-cli) and {@code .zst} input
 * through the shaded codec list. Runs in the integration-test phase, after the jar is packaged.
 */
class ConvertJobJarIT {
  @TempDir Path dir;

  private record Run(int exitCode, String output) {}

  private Run java(String... args) throws IOException, InterruptedException {
    Path jar = CliRunner.repoRoot().resolve("variant-cli/target/variant.jar");
    assertTrue(
        Files.isRegularFile(jar), jar + " is missing: this test runs after the package phase");
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                jar.toString()));
    command.addAll(List.of(args));
    Process p =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("run.log").toFile())
            .start();
    boolean finished = p.waitFor(5, TimeUnit.MINUTES); // a hang guard, not a timing assertion
    if (!finished) {
      p.destroyForcibly();
    }
    assertTrue(finished, String.join(" ", args) + " did not finish");
    return new Run(p.exitValue(), Files.readString(dir.resolve("run.log")));
  }

  @Test
  void convertJobPrintsItsUsageAndConverts() throws Exception {
    Run help = java("io.variant.hadoop.ConvertJob", "--help");
    Files.write(dir.resolve("in.ndjson"), List.of("{\"a\": 1}", "{\"a\": 2}"));
    Run run =
        java(
            "io.variant.hadoop.ConvertJob",
            "-o",
            dir.resolve("out").toString(),
            dir.resolve("in.ndjson").toString());

    assertEquals(0, help.exitCode(), help.output());
    assertTrue(help.output().startsWith("usage: ConvertJob "), help.output());
    assertEquals(0, run.exitCode(), run.output());
    assertTrue(Files.exists(dir.resolve("out/_SUCCESS")), run.output());
  }

  @Test
  void zstdInputConvertsOnTheMapReduceEngine() throws Exception {
    Path zst = dir.resolve("in.ndjson.zst");
    try (OutputStream out = new ZstdOutputStream(Files.newOutputStream(zst))) {
      out.write("{\"a\": 1}\n{\"a\": 2}\n".getBytes(StandardCharsets.UTF_8));
    }

    Run run =
        java(
            VariantCli.class.getName(),
            "convert",
            "--engine",
            "mapreduce",
            zst.toString(),
            "-o",
            dir.resolve("out").toString());

    assertEquals(0, run.exitCode(), run.output());
    assertTrue(run.output().contains("2 rows written (2 read, 0 rejected)"), run.output());
  }
}
