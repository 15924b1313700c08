// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.file;

import java.util.List;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.FileMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;

/**
 * A footer that {@link FooterReader} converted from thrift it had found free of contradictions
 * ({@link FooterContradictions}) in a file that starts with the magic: what its type records is
 * that those checks of the file's bytes need not run again. It also keeps what the conversion drops
 * and splits need: each row group's {@link RowGroupMidpoints midpoint}. It is a {@link
 * ParquetMetadata} in all else.
 */
final class CheckedFooter extends ParquetMetadata {
  private final long[] midpoints;

  CheckedFooter(FileMetaData fileMetaData, List<BlockMetaData> blocks, long[] midpoints) {
    super(fileMetaData, blocks);
    this.midpoints = midpoints;
  }

  /** The midpoint of each row group, in footer order; not copied, so never hand it out. */
  long[] midpoints() {
    return midpoints;
  }
}
