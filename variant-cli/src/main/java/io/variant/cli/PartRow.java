// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.read.VariantReadOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Where row N of {@code inspect}'s FILE is: FILE itself and N, or, for a directory of part files,
 * the part file holding the directory's row N (rows counted across the part files in name order, as
 * {@code cat} prints them, from their footers' row counts) and the row within it.
 *
 * @param file the Parquet file to read
 * @param row the row within it, from 1
 */
record PartRow(String file, long row) {
  /**
   * @throws InputException if a directory holds fewer rows, or is an unfinished job's output
   *     refused by {@code incomplete}
   */
  static PartRow of(VariantCli cli, String arg, long row, InputPaths.Incomplete incomplete)
      throws java.io.IOException {
    if (Input.STDIN.equals(arg) || !Files.isDirectory(Path.of(arg))) {
      return new PartRow(arg, row);
    }
    List<String> parts = InputPaths.expand(List.of(arg), InputPaths::parquetFile, incomplete);
    long before = 0;
    for (String part : parts) {
      long rows;
      try (ParquetFile parquet = ParquetFile.open(cli, part);
          VariantParquetReader reader = parquet.reader(VariantReadOptions.defaults())) {
        rows = reader.rowCount();
      }
      if (row <= before + rows) {
        return new PartRow(part, row - before);
      }
      before += rows;
    }
    throw new InputException(
        arg, 0, 0, "has " + before + " rows in its part files; --row " + row + " is past the end");
  }
}
