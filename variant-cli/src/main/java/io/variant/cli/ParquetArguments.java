package io.variant.cli;

import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The {@code FILE} parameter and {@code --column} option of commands that read a Parquet file; a picocli mixin. */
final class ParquetArguments {
  @Parameters(
      index = "0",
      paramLabel = "FILE",
      description = "Parquet file; '-' reads stdin. Gzip input is decompressed.")
  String file;

  @Option(
      names = "--column",
      paramLabel = "NAME",
      description = "The VARIANT column to read (default: the file's only VARIANT column).")
  String column;
}
