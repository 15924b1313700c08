// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import io.variant.parquet.encoding.PageWeigher;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
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
 * <p>The row-group cut follows {@code ParquetWriter}'s rule ({@link RowGroupCut}). Row groups
 * encoded apart ({@link RowGroupEncoder}) can be {@link #append appended} between rows. <b>Thread
 * safety:</b> none.
 */
final class RowGroupWriter {
  private final ParquetFileWriter file;
  private final VariantWriteSupport support; // the rows' columns, and their object counts
  private final MessageType schema;
  private final ParquetProperties props;
  private final WriteOptions options;
  private final boolean typedColumnEncodings;
  private final EncodedRowGroup.Format format; // what row groups encoded apart must share
  private final PageCompression compression;
  private final long rowGroupBytes;
  private final ColumnWriter[] leaves;
  private final RowGroupCut cut;
  private RowGroupBuffer group; // the open row group
  private long nextRowGroupBytes;
  private int rowGroupOrdinal;
  private ColumnObjectCounts appended = ColumnObjectCounts.NONE; // of the groups encoded apart
  private boolean closed;

  /**
   * Creates {@code out} (replacing a file there if {@code mode} says so) and writes the file
   * header, for the rows {@code support} writes into {@link #leaves()}. Codec, sizes, row limits
   * and configuration come from {@code options}; {@code typedColumnEncodings} selects {@link
   * TypedColumnEncodings} over parquet-java's.
   *
   * @throws IOException if the file cannot be created
   */
  RowGroupWriter(
      OutputFile out,
      VariantWriteSupport support,
      WriteOptions options,
      ParquetFileWriter.Mode mode,
      boolean typedColumnEncodings)
      throws IOException {
    MessageType schema = support.schema();
    this.support = support;
    this.schema = schema;
    this.props =
        properties(
            options, typedColumnEncodings ? PageCompression.weighing(this::compression) : null);
    this.options = options;
    this.typedColumnEncodings = typedColumnEncodings;
    this.format = new EncodedRowGroup.Format(schema, options.codec(), typedColumnEncodings);
    this.rowGroupBytes = options.rowGroupSize();
    this.file =
        new ParquetFileWriter(
            out, schema, mode, rowGroupBytes, ParquetWriter.MAX_PADDING_SIZE_DEFAULT, null, props);
    PageCompression opened = null;
    try {
      file.start();
      opened = new PageCompression(options, props.getPageSizeThreshold());
      this.leaves = new ColumnWriter[schema.getColumns().size()];
      this.nextRowGroupBytes = rowGroupBytes;
      this.cut = new RowGroupCut(props);
      this.group = new RowGroupBuffer(schema, props, opened.compressor(), 0, leaves);
    } catch (IOException | RuntimeException e) {
      file.abort();
      if (opened != null) {
        opened.close();
      }
      throw e;
    }
    this.compression = opened;
  }

  /** Weighs encodings for this writer's values writers, once rows come: after the constructor. */
  private PageCompression compression() {
    return compression;
  }

  /**
   * The properties {@code ParquetWriter.Builder} derives from the same settings; with {@link
   * TypedColumnEncodings} unless {@code weigher} (how it weighs encodings: the writing thread's
   * {@link PageCompression}) is null. With them, pages end by size only unless a row limit is
   * given: parquet-java's 20,000 rows cut a row group of an event log's 51,000 rows into three
   * pages per column, each compressed apart and the first alone deciding the encoding, and the file
   * was 3.1% larger.
   */
  static ParquetProperties properties(WriteOptions options, PageWeigher weigher) {
    ParquetProperties.Builder b = ParquetProperties.builder().withPageSize(options.pageSize());
    if (weigher != null) {
      b.withValuesWriterFactory(new TypedColumnEncodings(weigher));
    }
    if (options.rowGroupRowLimit() > 0) {
      b.withRowGroupRowCountLimit(options.rowGroupRowLimit());
    }
    if (options.pageRowLimit() > 0) {
      b.withPageRowCountLimit(options.pageRowLimit());
    } else if (weigher != null) {
      b.withPageRowCountLimit(Integer.MAX_VALUE);
    }
    // binary minimums and maximums in the footer cut to what the column indexes keep: whole
    // residual Variants of up to 2.8 KB each took 1% of a 20,000-row event log's file
    b.withStatisticsTruncateLength(ParquetProperties.DEFAULT_COLUMN_INDEX_TRUNCATE_LENGTH);
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

  /**
   * Ends the row whose values were just written; may flush the row group.
   *
   * @throws IOException if a row group cannot be written
   */
  void endRow() throws IOException {
    group.endRow();
    if (cut.due(group, nextRowGroupBytes)) {
      flushRowGroup();
      openRowGroup();
      cut.cut();
    }
  }

  /** A new encoder of rows of {@code columns}, which make this file's schema, with its options. */
  RowGroupEncoder encoder(List<WriteColumn> columns) {
    return new RowGroupEncoder(columns, options, typedColumnEncodings);
  }

  /**
   * The buffer of {@code group}, checked to fit this file, to {@link #append}.
   *
   * @throws IllegalArgumentException if it was encoded for another schema, codec or encodings
   * @throws IllegalStateException if it was written already
   */
  RowGroupBuffer accept(EncodedRowGroup group) {
    RowGroupBuffer taken = group.take(format);
    appended = appended.plus(group.objectCounts());
    return taken;
  }

  /**
   * Writes {@code groups}, encoded apart with this file's schema and properties, as the next row
   * groups, after the rows written so far (whose row group is ended first).
   *
   * @throws IOException if a row group cannot be written
   */
  void append(RowGroupBuffer... groups) throws IOException {
    if (group.rows() > 0) {
      flushRowGroup();
      openRowGroup();
    }
    for (RowGroupBuffer g : groups) {
      rowGroupOrdinal++;
      g.writeTo(file);
    }
    nextRowGroupBytes = Math.min(file.getNextRowGroupSize(), rowGroupBytes);
  }

  private void openRowGroup() {
    group = new RowGroupBuffer(schema, props, compression.compressor(), rowGroupOrdinal, leaves);
  }

  private void flushRowGroup() throws IOException {
    try {
      if (group.rows() > 0) {
        rowGroupOrdinal++;
        group.writeTo(file);
        nextRowGroupBytes = Math.min(file.getNextRowGroupSize(), rowGroupBytes);
      }
    } finally {
      compression.forgetKept();
      group.close();
    }
  }

  /**
   * The file's size so far, estimated: the bytes written plus the open row group's buffered ones
   * (its open pages not yet compressed), without the footer; as {@code ParquetWriter.getDataSize}.
   */
  long dataSize() throws IOException {
    return file.getPos() + group.bufferedSize();
  }

  /**
   * Writes the last row group and the footer: {@code extraMetadata}, then what {@code
   * ParquetWriter} adds for the support ({@code writer.model.name}, then the {@code finalizeWrite}
   * entries, here counted over the rows written and the groups appended), in its order, so that the
   * footer is the one it writes.
   *
   * @throws IOException if the file cannot be finished (it is then aborted)
   */
  void close(Map<String, String> extraMetadata) throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      flushRowGroup();
      Map<String, String> footer = new HashMap<>(extraMetadata);
      footer.put(ParquetWriter.OBJECT_MODEL_NAME_PROP, support.getName());
      footer.putAll(support.objectCounts().plus(appended).footer());
      file.end(footer);
    } catch (IOException | RuntimeException e) {
      file.abort();
      throw e;
    } finally {
      compression.close();
    }
  }

  /** Stops writing and releases the file; what was written is left incomplete. Idempotent. */
  void abort() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      group.close();
      file.abort();
    } finally {
      compression.close();
    }
  }
}
