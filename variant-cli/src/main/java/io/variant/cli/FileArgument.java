// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.util.List;
import picocli.CommandLine.Parameters;

/**
 * The inputs of a command that reads JSON or hex lines ({@code encode}, {@code decode}, {@code
 * plan}): none or {@code -} for stdin, else files, directories and globs, read in order as {@link
 * InputPaths} expands them; a picocli mixin.
 */
final class FileArgument {
  @Parameters(
      arity = "0..*",
      paramLabel = "IN",
      description =
          "Inputs, read in order: files, directories (their files), globs; '-' or none reads stdin. "
              + "Gzip and zstd input is decompressed.")
  List<String> paths;

  /**
   * The inputs, expanded; {@code -} if none was given.
   *
   * @throws InputException if a glob matches nothing or a directory holds no file
   */
  List<String> expanded() {
    return paths == null || paths.isEmpty()
        ? List.of(Input.STDIN)
        : InputPaths.expand(paths, InputPaths::anyFile);
  }
}
