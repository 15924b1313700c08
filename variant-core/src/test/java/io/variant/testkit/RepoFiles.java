// SPDX-License-Identifier: Apache-2.0
package io.variant.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/** The repository root that tests scanning every module start from, and small file fixtures. */
final class RepoFiles {
  private RepoFiles() {}

  /**
   * The root surefire passes as {@code variant.repo.root}; else the parent of the working directory
   * (a module's directory when a test runs from an IDE).
   */
  static Path root() {
    String configured = System.getProperty("variant.repo.root");
    Path start =
        configured != null ? Paths.get(configured) : Paths.get("").toAbsolutePath().getParent();
    return start.toAbsolutePath().normalize();
  }

  /** Writes {@code text} to {@code dir/relative}, creating its directories. */
  static void write(Path dir, String relative, String text) throws IOException {
    Path file = dir.resolve(relative);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }
}
