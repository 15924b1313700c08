// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.io.IOException;
import java.util.List;
import java.util.Locale;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.InputFile;

/**
 * The compressed bytes of a VARIANT column's top-level {@code value} column against the whole
 * column's, from the footers. The residual shares of typed paths ({@link ResidualSummary}) count
 * values at typed paths only: fields no path of the plan names (a second kind of row whose fields
 * inference never saw, the keys of maps, fields past the column budget) leave no trace there, but
 * they fill this column.
 *
 * @param valueBytes compressed bytes of the top-level {@code value} chunks
 * @param columnBytes compressed bytes of every chunk of the column, {@code value} included
 */
record TopLevelValue(long valueBytes, long columnBytes) {
  /**
   * The share of the column's bytes from which the summary names it: more than a wide file whose
   * plan is full (the 300-column budget left wide rows a third) would seldom be worth a line, but a
   * fifth is where the plan leaves a noticeable part of the rows untyped.
   */
  static final double SHOWN_FROM = 0.20;

  /** The bytes of VARIANT column {@code column} over {@code files}, each footer read once. */
  static TopLevelValue read(List<InputFile> files, String column) throws IOException {
    long value = 0;
    long all = 0;
    for (InputFile file : files) {
      try (ParquetFileReader r =
          ParquetFileReader.open(
              file, ParquetReadOptions.builder(new PlainParquetConfiguration()).build())) {
        for (BlockMetaData b : r.getFooter().getBlocks()) {
          for (ColumnChunkMetaData c : b.getColumns()) {
            String[] path = c.getPath().toArray();
            if (path.length > 1 && path[0].equals(column)) {
              all += c.getTotalSize();
              value += path.length == 2 && path[1].equals("value") ? c.getTotalSize() : 0;
            }
          }
        }
      }
    }
    return new TopLevelValue(value, all);
  }

  /** {@code valueBytes} over {@code columnBytes}; 0 for an empty column. */
  double share() {
    return columnBytes == 0 ? 0 : (double) valueBytes / columnBytes;
  }

  /** The summary's line if the share is at least {@link #SHOWN_FROM}, else empty. */
  String line() {
    if (share() < SHOWN_FROM) {
      return "";
    }
    return String.format(
        Locale.ROOT,
        "top-level value: %.1f%% of the column's bytes (%s): fields outside the plan's typed"
            + " paths and rows that are not objects; see 'variant plan --explain'",
        100 * share(),
        ByteSize.format(valueBytes));
  }
}
