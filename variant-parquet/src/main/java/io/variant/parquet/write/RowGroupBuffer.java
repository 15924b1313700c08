// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import java.io.IOException;
import java.util.List;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnWriteStore;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.page.PageWriter;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.ColumnChunkPageWriteStore;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.schema.MessageType;

/**
 * One row group encoded in memory: parquet-java's column writers ({@code ColumnWriteStore}) over
 * its page store ({@code ColumnChunkPageWriteStore}), which compresses each page as it fills and
 * keeps it until {@link #writeTo} hands the whole group to a file. Encoding and compressing need no
 * file, so a group can be built on one thread and written by another; {@link #finish()} encodes the
 * last pages, so that writing is only copying. <b>Thread safety:</b> none; one thread at a time.
 */
final class RowGroupBuffer {
  private final ColumnChunkPageWriteStore pages;
  private final ColumnWriteStore store;
  private final List<ColumnDescriptor> descriptors;
  private long rows;
  private boolean finished;
  private final DictionaryPageBytes dictionaryPages;

  /**
   * Opens an empty row group of {@code schema} and points {@code leaves} (in {@code
   * schema.getColumns()} order) at its column writers.
   */
  RowGroupBuffer(
      MessageType schema,
      ParquetProperties props,
      CompressionCodecFactory.BytesInputCompressor compressor,
      int ordinal,
      ColumnWriter[] leaves) {
    this.dictionaryPages = new DictionaryPageBytes(compressor);
    CompressionCodecFactory.BytesInputCompressor measured = dictionaryPages.compressor();
    this.pages =
        ColumnChunkPageWriteStore.builder()
            .withCompressorProvider(d -> measured)
            .withSchema(schema)
            .withAllocator(props.getAllocator())
            .withColumnIndexTruncateLength(props.getColumnIndexTruncateLength())
            .withPageWriteChecksumEnabled(props.getPageWriteChecksumEnabled())
            .withFileEncryptor(null)
            .withRowGroupOrdinal(ordinal)
            .build();
    this.store = props.newColumnWriteStore(schema, dictionaryPages.pages(pages), pages);
    this.descriptors = schema.getColumns();
    for (int i = 0; i < leaves.length; i++) {
      leaves[i] = store.getColumnWriter(descriptors.get(i));
    }
  }

  /** Ends the row whose values were just written to the leaves. */
  void endRow() {
    store.endRecord();
    rows++;
  }

  /** Rows in the group. */
  long rows() {
    return rows;
  }

  /** Bytes buffered for the group, open pages not yet compressed included. */
  long bufferedSize() {
    return store.getBufferedSize();
  }

  /** Encodes and compresses the open pages and the dictionaries; no row may follow. */
  void finish() {
    if (!finished) {
      finished = true;
      store.flush();
    }
  }

  /** Bytes of the finished group's compressed pages, its dictionary pages included. */
  long compressedSize() {
    long n = dictionaryPages.bytes();
    for (ColumnDescriptor d : descriptors) {
      PageWriter w = pages.getPageWriter(d);
      n += w.getMemSize();
    }
    return n;
  }

  /** Writes the group, {@link #finish() finished} if it is not yet, as the file's next one. */
  void writeTo(ParquetFileWriter file) throws IOException {
    finish();
    file.startBlock(rows);
    pages.flushToFileWriter(file);
    file.endBlock();
  }

  /** Releases the buffers; the group cannot be written any more. */
  void close() {
    try {
      store.close();
    } finally {
      pages.close();
    }
  }
}
