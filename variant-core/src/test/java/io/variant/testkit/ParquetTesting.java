// SPDX-License-Identifier: Apache-2.0
package io.variant.testkit;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Assumptions;

/**
 * Locates the apache/parquet-testing checkout that conformance tests read (never copied into the
 * repo).
 *
 * <p>Lookup order: system property {@code PARQUET_TESTING_DIR}, environment variable {@code
 * PARQUET_TESTING_DIR}, then {@code <repo root>/../shared/parquet-testing}, where surefire passes
 * the repo root as system property {@code variant.repo.root}. If the directory is missing the test
 * fails when the environment has {@code CI=true} and is skipped with a hint otherwise.
 */
public final class ParquetTesting {
  private ParquetTesting() {}

  /**
   * The parquet-testing root, or a failed/aborted test if it is missing (see the class comment).
   */
  public static Path dir() {
    Path dir = configured();
    if (!Files.isDirectory(dir)) {
      String hint =
          "parquet-testing not found at "
              + dir.toAbsolutePath()
              + "; set -DPARQUET_TESTING_DIR=... or the PARQUET_TESTING_DIR environment variable"
              + " (a checkout of https://github.com/apache/parquet-testing)";
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        fail(hint);
      }
      Assumptions.abort("HINT: " + hint);
    }
    return dir;
  }

  /**
   * The parquet-testing root if it exists, else empty; for callers that use it when present and
   * must not abort without it (e.g. fuzz seeds).
   */
  public static java.util.Optional<Path> dirIfPresent() {
    Path dir = configured();
    return Files.isDirectory(dir) ? java.util.Optional.of(dir) : java.util.Optional.empty();
  }

  /** A subdirectory of {@link #dir()}, e.g. {@code "variant"} or {@code "shredded_variant"}. */
  public static Path dir(String sub) {
    Path d = dir().resolve(sub);
    if (!Files.isDirectory(d)) {
      fail("parquet-testing at " + dir() + " has no " + sub + "/ directory");
    }
    return d;
  }

  private static Path configured() {
    String p = System.getProperty("PARQUET_TESTING_DIR");
    if (p == null || p.isBlank()) {
      p = System.getenv("PARQUET_TESTING_DIR");
    }
    if (p != null && !p.isBlank()) {
      return Paths.get(p);
    }
    String root = System.getProperty("variant.repo.root", System.getProperty("user.dir"));
    return Paths.get(root).resolve("../shared/parquet-testing").normalize();
  }
}
