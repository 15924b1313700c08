package io.variant.parquet.conformance;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Assumptions;

/**
 * Finds the apache/parquet-testing checkout: system property or environment variable {@code
 * PARQUET_TESTING_DIR}, else {@code <repo root>/../shared/parquet-testing} (surefire passes the repo root
 * as {@code variant.repo.root}). When it is missing, tests fail if {@code CI=true} and are skipped otherwise.
 */
final class ParquetTestingDir {
  private static final String VARIABLE = "PARQUET_TESTING_DIR";

  private ParquetTestingDir() {}

  /** The directory {@code sub} of the checkout; aborts or fails the calling test when it is missing. */
  static Path require(String sub) {
    String configured = System.getProperty(VARIABLE, System.getenv(VARIABLE));
    Path base;
    if (configured != null && !configured.isEmpty()) {
      base = Paths.get(configured);
    } else {
      String root = System.getProperty("variant.repo.root", System.getProperty("user.dir"));
      base = Paths.get(root).resolve("..").resolve("shared").resolve("parquet-testing").normalize();
    }
    Path dir = base.resolve(sub);
    if (!Files.isDirectory(dir)) {
      String hint = "parquet-testing not found at " + dir + ". HINT: clone apache/parquet-testing and set "
          + VARIABLE + " (system property or environment variable) to its path";
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        fail(hint);
      }
      Assumptions.abort(hint);
    }
    return dir;
  }
}
