// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.hadoop.util.HadoopInputFile;

/**
 * How many values of a VARIANT column landed in typed columns and how many in residuals, read from
 * a written file's footer: per leaf column chunk, its value count less its null count. A leaf named
 * {@code typed_value} is typed (array elements count one each); one named {@code value} (or the
 * draft layout's {@code untyped_value}) is a residual: a whole row, a mistyped value, or the
 * unshredded fields of an object. Reading the footer costs one small read per file, nothing per
 * row.
 *
 * @param typed non-null typed values
 * @param residual non-null residual values
 */
record ShreddingCounts(long typed, long residual) {
  /**
   * Counts VARIANT column {@code column} of the Parquet file at {@code file}; chunks without
   * statistics count nothing.
   */
  static ShreddingCounts of(Path file, Configuration conf, String column) throws IOException {
    ParquetMetadata footer;
    try (ParquetFileReader reader = ParquetFileReader.open(HadoopInputFile.fromPath(file, conf))) {
      footer = reader.getFooter();
    }
    long typed = 0;
    long residual = 0;
    for (BlockMetaData block : footer.getBlocks()) {
      for (ColumnChunkMetaData chunk : block.getColumns()) {
        String[] path = chunk.getPath().toArray();
        Statistics<?> stats = chunk.getStatistics();
        if (path.length < 2 || !path[0].equals(column) || stats == null || !stats.isNumNullsSet()) {
          continue;
        }
        long present = chunk.getValueCount() - stats.getNumNulls();
        switch (path[path.length - 1]) {
          case "typed_value" -> typed += present;
          case "value", "untyped_value" -> residual += present;
          default -> {} // metadata
        }
      }
    }
    return new ShreddingCounts(typed, residual);
  }

  /** {@code typed / (typed + residual)}, or 0 when there are no values. */
  public double typedShare() {
    long all = typed + residual;
    return all == 0 ? 0 : (double) typed / all;
  }
}
