// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/variant as users run it: through a symlink, from another directory. Runs in the
 * integration-test phase, after the jar is packaged (see the surefire executions in this module's
 * pom).
 */
class LauncherIT {
  @Test
  void helpThroughSymlinkFromAnotherDirectoryListsCommands(@TempDir Path dir)
      throws IOException, InterruptedException {
    Path root = CliRunner.repoRoot();
    Path jar = root.resolve("variant-cli/target/variant.jar");
    assertTrue(
        Files.isRegularFile(jar), jar + " is missing: this test runs after the package phase");
    Path link = Files.createSymbolicLink(dir.resolve("variant"), root.resolve("bin/variant"));

    ProcessBuilder pb =
        new ProcessBuilder(link.toString(), "--help")
            .directory(dir.toFile())
            .redirectErrorStream(true);
    pb.environment()
        .put("VARIANT_SKIP_BUILD", "1"); // run the jar as it is: no Maven build inside this build
    Process p = pb.start();
    boolean finished = p.waitFor(60, TimeUnit.SECONDS); // a hang guard, not a timing assertion
    if (!finished) {
      p.destroyForcibly();
    }
    assertTrue(finished, "bin/variant --help did not finish");
    String out =
        new String(
            p.getInputStream().readAllBytes(), StandardCharsets.UTF_8); // help fits a pipe buffer
    assertEquals(0, p.exitValue(), out);
    assertTrue(out.contains("Usage: variant"), out);
    assertTrue(out.contains("encode"), out);
    assertTrue(out.contains("decode"), out);
  }
}
