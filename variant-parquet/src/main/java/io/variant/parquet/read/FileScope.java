// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.parquet.guard.GuardedInputFile;
import java.util.List;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.metadata.BlockMetaData;

/**
 * What every {@link RowCursor} of one reader shares: the checked file, its name for messages,
 * parquet-java's settings for reading its pages, and the row groups the reader reads of it (every
 * one of the file's, or one split's, see {@link SplitRowGroups}), in footer order.
 */
record FileScope(
    GuardedInputFile file,
    String name,
    ParquetConfiguration configuration,
    List<BlockMetaData> rowGroups) {
  /** Every row group of {@code file}. */
  static FileScope whole(GuardedInputFile file, String name, ParquetConfiguration configuration) {
    return new FileScope(file, name, configuration, file.footer().getBlocks());
  }

  FileScope {
    rowGroups = List.copyOf(rowGroups);
  }

  /** Rows in the row groups read, from the footer. */
  long rowCount() {
    long count = 0;
    for (BlockMetaData rowGroup : rowGroups) {
      count += rowGroup.getRowCount();
    }
    return count;
  }
}
