// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnWriteStore;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.ColumnChunkPageWriteStore;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.schema.MessageType;

/**
 * A Parquet file written leaf column by leaf column: the caller hands each leaf its values with
 * their repetition and definition levels ({@link #leaves()}) and ends each row ({@link #endRow()});
 * pages, encodings, statistics, row groups and the footer are parquet-java's own ({@code
 * ColumnWriteStore}, {@code ColumnChunkPageWriteStore}, {@code ParquetFileWriter}), configured as
 * {@code ParquetWriter} configures them. What this skips is parquet-java's record assembly ({@code
 * MessageColumnIO}'s record consumer), which derives levels from start/end-field calls at a cost of
 * most of a shredded write; {@link LevelSink} derives them from the shredding plan instead. A file
 * written here is byte-for-byte the file {@code ParquetWriter} writes for the same rows and
 * settings when {@code typedColumnEncodings} is off ({@code LevelWriterPropertyTest} compares
 * them); on, typed columns get {@link TypedColumnEncodings}.
 *
 * <p>The row-group cut follows {@code ParquetWriter}'s rule: at the row-count limit, or when the
 * buffered size comes within two average rows of the target, checked at row counts spaced between
 * the properties' minimum and maximum. <b>Thread safety:</b> none.
 */
final class RowGroupWriter {
  private final ParquetFileWriter file;
  private final MessageType schema;
  private final ParquetProperties props;
  private final CompressionCodecFactory codecs; // null for ZSTD, which needs no factory
  private final CompressionCodecFactory.BytesInputCompressor compressor;
  private final long rowGroupBytes;
  private final List<ColumnDescriptor> descriptors;
  private final ColumnWriter[] leaves;
  private ColumnChunkPageWriteStore pages;
  private ColumnWriteStore store;
  private long rows; // in the open row group
  private long nextSizeCheck;
  private long nextRowGroupBytes;
  private int rowGroupOrdinal;
  private boolean closed;

  /**
   * Creates {@code out} (replacing a file there if {@code mode} says so) and writes the file
   * header. Codec, sizes, row limits and configuration come from {@code options}; {@code
   * typedColumnEncodings} selects {@link TypedColumnEncodings} over parquet-java's.
   *
   * @throws IOException if the file cannot be created
   */
  RowGroupWriter(
      OutputFile out,
      MessageType schema,
      WriteOptions options,
      ParquetFileWriter.Mode mode,
      boolean typedColumnEncodings)
      throws IOException {
    this.schema = schema;
    this.props = properties(options, typedColumnEncodings);
    this.rowGroupBytes = options.rowGroupSize();
    ParquetConfiguration conf = options.parquetConfiguration();
    int pageSize = props.getPageSizeThreshold();
    this.codecs =
        options.codec() == CompressionCodecName.ZSTD ? null : new CodecFactory(conf, pageSize);
    this.file =
        new ParquetFileWriter(
            out, schema, mode, rowGroupBytes, ParquetWriter.MAX_PADDING_SIZE_DEFAULT, null, props);
    boolean started = false;
    try {
      file.start();
      this.compressor =
          codecs == null
              ? new ZstdPageCompressor(conf, pageSize)
              : codecs.getCompressor(options.codec());
      this.descriptors = schema.getColumns();
      this.leaves = new ColumnWriter[descriptors.size()];
      this.nextRowGroupBytes = rowGroupBytes;
      this.nextSizeCheck = props.getMinRowCountForPageSizeCheck();
      openRowGroup();
      started = true;
    } finally {
      if (!started) {
        file.abort();
        release();
      }
    }
  }

  /** The properties {@code ParquetWriter.Builder} derives from the same settings. */
  private static ParquetProperties properties(WriteOptions options, boolean typedColumnEncodings) {
    ParquetProperties.Builder b = ParquetProperties.builder().withPageSize(options.pageSize());
    if (typedColumnEncodings) {
      b.withValuesWriterFactory(new TypedColumnEncodings());
    }
    if (options.rowGroupRowLimit() > 0) {
      b.withRowGroupRowCountLimit(options.rowGroupRowLimit());
    }
    if (options.pageRowLimit() > 0) {
      b.withPageRowCountLimit(options.pageRowLimit());
    }
    return b.build();
  }

  /**
   * The leaf column writers, in {@code schema.getColumns()} order. The array is the same for the
   * whole file; its elements change at each row group, so read them per row.
   */
  ColumnWriter[] leaves() {
    return leaves;
  }

  /** The file schema. */
  MessageType schema() {
    return schema;
  }

  private void openRowGroup() {
    pages =
        ColumnChunkPageWriteStore.builder()
            .withCompressorProvider(d -> compressor)
            .withSchema(schema)
            .withAllocator(props.getAllocator())
            .withColumnIndexTruncateLength(props.getColumnIndexTruncateLength())
            .withPageWriteChecksumEnabled(props.getPageWriteChecksumEnabled())
            .withFileEncryptor(null)
            .withRowGroupOrdinal(rowGroupOrdinal)
            .build();
    store = props.newColumnWriteStore(schema, pages, pages);
    for (int i = 0; i < leaves.length; i++) {
      leaves[i] = store.getColumnWriter(descriptors.get(i));
    }
  }

  /**
   * Ends the row whose values were just written; may flush the row group.
   *
   * @throws IOException if a row group cannot be written
   */
  void endRow() throws IOException {
    store.endRecord();
    rows++;
    if (rows >= props.getRowGroupRowCountLimit()) {
      cutRowGroup();
    } else if (rows >= nextSizeCheck) {
      // Measuring the buffers walks every column: done at spaced row counts, as ParquetWriter does.
      long buffered = store.getBufferedSize();
      long rowBytes = buffered / rows;
      if (buffered > nextRowGroupBytes - 2 * rowBytes) {
        cutRowGroup();
      } else {
        long halfway = (rows + (long) (nextRowGroupBytes / (float) rowBytes)) / 2;
        nextSizeCheck =
            Math.min(
                Math.max(props.getMinRowCountForPageSizeCheck(), halfway),
                rows + props.getMaxRowCountForPageSizeCheck());
      }
    }
  }

  private void cutRowGroup() throws IOException {
    long written = rows;
    flushRowGroup();
    openRowGroup();
    nextSizeCheck =
        Math.min(
            Math.max(props.getMinRowCountForPageSizeCheck(), written / 2),
            props.getMaxRowCountForPageSizeCheck());
  }

  private void flushRowGroup() throws IOException {
    try {
      if (rows > 0) {
        rowGroupOrdinal++;
        file.startBlock(rows);
        store.flush();
        pages.flushToFileWriter(file);
        rows = 0;
        file.endBlock();
        nextRowGroupBytes = Math.min(file.getNextRowGroupSize(), rowGroupBytes);
      }
    } finally {
      store.close();
      pages.close();
    }
  }

  /**
   * The file's size so far, estimated: the bytes written plus the open row group's buffered ones
   * (its open pages not yet compressed), without the footer; as {@code ParquetWriter.getDataSize}.
   */
  long dataSize() throws IOException {
    return file.getPos() + store.getBufferedSize();
  }

  /**
   * Writes the last row group and the footer, with {@code extraMetadata} and {@code modelName} as
   * {@code ParquetWriter}'s {@code writer.model.name}.
   *
   * @throws IOException if the file cannot be finished (it is then aborted)
   */
  void close(Map<String, String> extraMetadata, String modelName) throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      flushRowGroup();
      Map<String, String> footer = new HashMap<>(extraMetadata);
      footer.put(ParquetWriter.OBJECT_MODEL_NAME_PROP, modelName);
      file.end(footer);
    } catch (IOException | RuntimeException e) {
      file.abort();
      throw e;
    } finally {
      release();
    }
  }

  private void release() {
    if (codecs != null) {
      codecs.release();
    } else if (compressor != null) {
      compressor.release(); // ZstdPageCompressor's native context
    }
  }

  /** Stops writing and releases the file; what was written is left incomplete. Idempotent. */
  void abort() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      store.close();
      pages.close();
      file.abort();
    } finally {
      release();
    }
  }
}
