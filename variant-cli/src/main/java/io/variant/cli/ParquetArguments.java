// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.util.List;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The {@code FILE...} parameters and {@code --column} option of commands that read Parquet files; a
 * picocli mixin. Several files, directories of part files ({@code *.parquet}, skipping {@code
 * _SUCCESS}, {@code .crc} and other hidden files, as Spark and Hadoop write them) and globs are
 * read in order.
 */
final class ParquetArguments {
  /** What the {@code FILE} parameters are, for the help of commands that declare their own. */
  static final String FILES =
      "Parquet files, directories of part files or globs, read in order; '-' reads stdin. "
          + "Gzip and zstd input is decompressed.";

  @Parameters(index = "0", arity = "1..*", paramLabel = "FILE", description = FILES)
  List<String> files;

  @Option(
      names = "--column",
      paramLabel = "NAME",
      description = "The VARIANT column to read (default: the file's only VARIANT column).")
  String column;

  /**
   * The files to read, directories and globs expanded; the directories of unfinished jobs refused
   * unless {@code incomplete} says to read them.
   */
  List<String> expanded(VariantCli cli, AllowIncomplete incomplete) {
    return InputPaths.expand(files, InputPaths::parquetFile, incomplete.policy(), cli.stores());
  }
}
