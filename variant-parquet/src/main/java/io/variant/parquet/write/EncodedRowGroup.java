// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.MessageType;

/**
 * A row group that a {@link RowGroupEncoder} encoded and compressed in memory, to be written once
 * by {@link VariantParquetWriter#append}. <b>Thread safety:</b> hand it from the encoding thread to
 * the writing one through a safe publication (a queue, a future); it is used by one thread at a
 * time.
 */
public final class EncodedRowGroup {
  private final RowGroupBuffer buffer;
  private final Format format;
  private final long bytes;
  private final ColumnObjectCounts objectCounts;
  private boolean written;

  /** What a file must share with the encoder for the group to be written into it. */
  record Format(MessageType schema, CompressionCodecName codec, boolean typedColumnEncodings) {}

  EncodedRowGroup(RowGroupBuffer buffer, Format format, ColumnObjectCounts objectCounts) {
    this.buffer = buffer;
    this.format = format;
    this.bytes = buffer.compressedSize();
    this.objectCounts = objectCounts;
  }

  /** What the object slots took from the group's rows, for the footer of the file it goes to. */
  ColumnObjectCounts objectCounts() {
    return objectCounts;
  }

  /** The rows in the group. */
  public long rows() {
    return buffer.rows();
  }

  /**
   * The group's compressed pages, dictionary pages included, in bytes: what writing it adds to the
   * file, but for the footer's metadata.
   */
  public long bytes() {
    return bytes;
  }

  /**
   * The buffer to write into a file of {@code fileFormat}; once.
   *
   * @throws IllegalArgumentException if the group was encoded for another schema, codec or
   *     encodings
   * @throws IllegalStateException if it was written already
   */
  RowGroupBuffer take(Format fileFormat) {
    if (!format.equals(fileFormat)) {
      throw new IllegalArgumentException(
          "Cannot append a row group encoded for another file: its schema, codec or encodings"
              + " differ; encode it with this writer's encoder()");
    }
    if (written) {
      throw new IllegalStateException("Cannot append a row group twice");
    }
    written = true;
    return buffer;
  }
}
