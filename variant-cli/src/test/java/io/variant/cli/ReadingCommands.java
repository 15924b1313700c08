// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.nio.file.Path;
import java.util.List;

/**
 * The commands that read a file's values, each through another reader: rows ({@code cat}), one
 * projected path ({@code get}), Arrow batches as JSON and as an Arrow stream ({@code select}), the
 * first rows ({@code head}) and a filtered count ({@code count --where}). For tests that every one
 * of them treats a damaged file alike.
 */
final class ReadingCommands {
  private ReadingCommands() {}

  /**
   * Their arguments for {@code file}, of paths {@code $.id} and {@code $.name}; {@code head} shows
   * {@code headRows} rows, the Arrow stream goes to a file in {@code dir}.
   */
  static List<List<String>> of(String file, Path dir, int headRows) {
    return List.of(
        List.of("cat", file),
        List.of("get", file, "$.name"),
        List.of("select", file, "$.id", "$.name"),
        List.of("select", file, "$.name", "--format", "arrow", "-o", dir.resolve("o").toString()),
        List.of("head", "-n", String.valueOf(headRows), file),
        List.of("count", file, "--where", "$.id >= 0"));
  }
}
