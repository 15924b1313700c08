// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.parquet.VariantParquetException;
import io.variant.parquet.file.RowGroupMidpoints;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.InputFile;

/**
 * The row groups one split of a file reads, the split given as bytes {@code [start, end)} of the
 * file: those whose {@link RowGroupMidpoints midpoint} lies in it, as parquet-java's {@code
 * ParquetInputFormat} assigns them, so that splits which cover the file (as Hadoop's {@code
 * FileInputFormat} makes them) read each row group once.
 *
 * <p>A row group whose midpoint lies outside the file belongs to no such split: every split refuses
 * the file instead of each leaving the row group's rows out (a row group's {@code
 * total_compressed_size} is read for nothing else, and nothing else checks it).
 */
record SplitRowGroups(long start, long end) {
  SplitRowGroups {
    if (start < 0 || end < start) {
      throw new IllegalArgumentException(
          "Cannot read a split of bytes [" + start + ", " + end + "): not a range of a file");
    }
  }

  /**
   * The row groups of {@code footer} (read from {@code file}) this split reads, in footer order.
   *
   * @throws VariantParquetException naming the file if a row group's midpoint lies outside it
   */
  List<BlockMetaData> of(InputFile file, String fileName, ParquetMetadata footer)
      throws IOException {
    long[] midpoints = RowGroupMidpoints.of(file, footer);
    long length = file.getLength();
    List<BlockMetaData> blocks = footer.getBlocks();
    List<BlockMetaData> read = new ArrayList<>();
    for (int i = 0; i < blocks.size(); i++) {
      long midpoint = midpoints[i];
      if (midpoint < 0 || midpoint >= length) {
        throw new VariantParquetException(
            fileName,
            null,
            -1,
            "Cannot read the Parquet footer: row group "
                + (i + 1)
                + " has its midpoint at byte "
                + midpoint
                + ", outside the "
                + length
                + "-byte file, by its offset and total_compressed_size: no split of the file"
                + " would read its rows",
            null);
      }
      if (midpoint >= start && midpoint < end) {
        read.add(blocks.get(i));
      }
    }
    return read;
  }
}
