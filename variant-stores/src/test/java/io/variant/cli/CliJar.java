// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs the packaged CLI jar ({@code java -jar variant-cli/target/variant.jar}) as a user would, so
 * that a connector missing from the jar fails a test. The build packages the jar before these tests
 * run (integration-test phase).
 */
final class CliJar {
  private CliJar() {}

  record Run(int exitCode, String out, String err) {
    @Override
    public String toString() {
      return "exit " + exitCode + ", stderr: " + err;
    }
  }

  static Run run(Path dir, Map<String, String> env, String... args)
      throws IOException, InterruptedException {
    Path jar = StoreCli.events().getParent().getParent().resolve("variant-cli/target/variant.jar");
    assertTrue(Files.isRegularFile(jar), jar + " is missing: package variant-cli first");
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-jar");
    command.add(jar.toString());
    command.addAll(List.of(args));
    Path out = Files.createTempFile(dir, "jar", ".out");
    Path err = Files.createTempFile(dir, "jar", ".err");
    ProcessBuilder pb =
        new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
    pb.environment().remove("HADOOP_CONF_DIR");
    pb.environment().putAll(env);
    Process p = pb.start();
    boolean finished = p.waitFor(5, TimeUnit.MINUTES); // a hang guard, not a timing assertion
    if (!finished) {
      p.destroyForcibly();
    }
    assertTrue(finished, String.join(" ", args) + " did not finish");
    return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
  }
}
