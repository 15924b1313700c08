// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.file;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.List;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.InputFile;

/**
 * The byte by which a split of a file claims each row group: a split given as a byte range reads
 * the row groups whose midpoint lies in it. The midpoint is computed as parquet-java's range filter
 * computes it ({@code ParquetMetadataConverter.range}, which {@code ParquetInputFormat}'s tasks and
 * Iceberg's splits use): the first column chunk's first page (its dictionary page's offset where
 * one is set below its first data page's), plus half the row group's {@code total_compressed_size},
 * or of its chunks' compressed sizes where the row group states none. That takes the footer's
 * thrift: the converted {@link ParquetMetadata} keeps neither the row group's own size nor a
 * dictionary offset of 0, and each can move a midpoint to another split.
 */
public final class RowGroupMidpoints {
  private RowGroupMidpoints() {}

  /** The midpoint of each of {@code thrift}'s row groups, in footer order. */
  static long[] of(FileMetaData thrift) {
    List<RowGroup> groups = thrift.getRow_groups();
    long[] midpoints = new long[groups.size()];
    for (int i = 0; i < midpoints.length; i++) {
      RowGroup g = groups.get(i);
      long size = 0;
      if (g.isSetTotal_compressed_size()) {
        size = g.getTotal_compressed_size();
      } else {
        for (ColumnChunk c : g.getColumns()) {
          size += c.getMeta_data().getTotal_compressed_size();
        }
      }
      midpoints[i] = start(g.getColumns().get(0).getMeta_data()) + size / 2;
    }
    return midpoints;
  }

  private static long start(ColumnMetaData m) {
    long offset = m.getData_page_offset();
    return m.isSetDictionary_page_offset() && offset > m.getDictionary_page_offset()
        ? m.getDictionary_page_offset()
        : offset;
  }

  /**
   * The midpoint of each of {@code footer}'s row groups, in footer order: kept by {@link
   * FooterReader#read} for a footer it made, else from {@code file}'s footer decoded again. A
   * footer whose thrift does not say (an encrypted one) gives its converted chunks' positions and
   * sizes.
   *
   * @param footer the footer of {@code file}
   * @throws IOException if the file cannot be read, or its footer no longer decodes
   */
  public static long[] of(InputFile file, ParquetMetadata footer) throws IOException {
    if (footer instanceof CheckedFooter checked) {
      return checked.midpoints();
    }
    byte[] bytes = FooterReader.footerBytes(file);
    if (bytes != null) {
      FileMetaData thrift = Util.readFileMetaData(new ByteArrayInputStream(bytes));
      if (thrift.getRow_groups().size() == footer.getBlocks().size() && withMetaData(thrift)) {
        return of(thrift);
      }
    }
    List<BlockMetaData> blocks = footer.getBlocks();
    long[] midpoints = new long[blocks.size()];
    for (int i = 0; i < midpoints.length; i++) {
      midpoints[i] = blocks.get(i).getStartingPos() + blocks.get(i).getCompressedSize() / 2;
    }
    return midpoints;
  }

  /** Whether every column chunk carries its metadata (not so where it is encrypted). */
  private static boolean withMetaData(FileMetaData thrift) {
    for (RowGroup g : thrift.getRow_groups()) {
      if (g.getColumns().isEmpty()) {
        return false;
      }
      for (ColumnChunk c : g.getColumns()) {
        if (!c.isSetMeta_data()) {
          return false;
        }
      }
    }
    return true;
  }
}
