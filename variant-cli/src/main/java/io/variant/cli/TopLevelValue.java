// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.util.Locale;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;

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

  /** The bytes of VARIANT column {@code column} of one file, from its footer. */
  static TopLevelValue of(ParquetMetadata footer, String column) {
    long value = 0;
    long all = 0;
    for (BlockMetaData b : footer.getBlocks()) {
      for (ColumnChunkMetaData c : b.getColumns()) {
        String[] path = c.getPath().toArray();
        if (path.length > 1 && path[0].equals(column)) {
          all += c.getTotalSize();
          value += path.length == 2 && path[1].equals("value") ? c.getTotalSize() : 0;
        }
      }
    }
    return new TopLevelValue(value, all);
  }

  /** Both files' bytes together. */
  TopLevelValue plus(TopLevelValue other) {
    return new TopLevelValue(valueBytes + other.valueBytes, columnBytes + other.columnBytes);
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
