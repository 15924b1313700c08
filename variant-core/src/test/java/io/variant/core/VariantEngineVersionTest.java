// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class VariantEngineVersionTest {
  @Test
  void currentIsTheVersionThisBuildHasInItsPom() {
    String expected = System.getProperty("variant.project.version");
    assertTrue(expected != null && !expected.isEmpty(), "surefire passes variant.project.version");
    assertEquals(expected, VariantEngineVersion.current().version());
  }

  /** The commit recorded at build time is the checkout's HEAD, or "unknown" without git. */
  @Test
  void currentCommitIsTheCheckoutsHead() throws IOException, InterruptedException {
    String commit = VariantEngineVersion.current().commit();
    Path root = Path.of(System.getProperty("variant.repo.root", "..")).toAbsolutePath();
    String head = Files.exists(root.resolve(".git")) ? gitHead(root) : null;
    assertEquals(head == null ? VariantEngineVersion.UNKNOWN : head, commit);
  }

  @Test
  void readsTheBuildsResource() throws IOException {
    VariantEngineVersion v =
        VariantEngineVersion.read(
            resource(
                "version=1.2.3\ncommit=0123456789abcdef0123456789abcdef01234567\nmodified=true\n"));
    assertEquals("1.2.3", v.version());
    assertEquals("0123456789abcdef0123456789abcdef01234567", v.commit());
    assertTrue(v.modified());
    assertEquals(
        "variant-engine 1.2.3 (commit 0123456789abcdef0123456789abcdef01234567, modified)",
        v.toString());
  }

  /** Classes built without Maven's resource filtering (an IDE) must not claim a version. */
  @Test
  void unfilteredOrMissingValuesAreUnknown() throws IOException {
    VariantEngineVersion unfiltered =
        VariantEngineVersion.read(
            resource(
                "version=${project.version}\ncommit=${variant.build.commit}\nmodified=${x}\n"));
    assertEquals(new VariantEngineVersion("unknown", "unknown", false), unfiltered);
    assertEquals(
        new VariantEngineVersion("unknown", "unknown", false), VariantEngineVersion.read(null));
    assertEquals(
        "variant-engine unknown (commit unknown)", VariantEngineVersion.read(null).toString());
  }

  @Test
  void anEmptyComponentIsRefused() {
    assertThrows(
        IllegalArgumentException.class, () -> new VariantEngineVersion("", "unknown", false));
    assertThrows(NullPointerException.class, () -> new VariantEngineVersion("1.0.0", null, false));
  }

  private static ByteArrayInputStream resource(String text) {
    return new ByteArrayInputStream(text.getBytes(StandardCharsets.ISO_8859_1));
  }

  /** {@code git rev-parse HEAD} in {@code root}, or null when git cannot run there. */
  private static String gitHead(Path root) throws IOException, InterruptedException {
    Process p;
    try {
      p =
          new ProcessBuilder("git", "rev-parse", "--verify", "HEAD")
              .directory(root.toFile())
              .redirectError(ProcessBuilder.Redirect.DISCARD)
              .start();
    } catch (IOException noGit) {
      return null;
    }
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "git rev-parse did not finish");
    assertFalse(out.isEmpty() && p.exitValue() == 0, "git printed no commit");
    return p.exitValue() == 0 ? out : null;
  }
}
