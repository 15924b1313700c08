// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.encoding;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.CorruptDeltaByteArrays;
import org.apache.parquet.VersionParser.ParsedVersion;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ValuesType;
import org.apache.parquet.column.values.RequiresPreviousReader;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The values of a page whose encoding {@link PageValues} declines, read by parquet-java's own
 * {@code ValuesReader} for it, exactly as its {@code ColumnReaderImpl} reads them:
 * BYTE_STREAM_SPLIT, RLE booleans, INT96, {@code DELTA_BYTE_ARRAY} from writers with PARQUET-246
 * (whose pages continue the previous page's prefixes), and any encoding a newer writer may add.
 * <b>Thread safety:</b> none.
 */
final class DeclinedValues {
  private final ColumnDescriptor descriptor;
  private final PrimitiveConverter converter;
  private final PrimitiveTypeName type;
  private final ParsedVersion writer;
  private ValuesReader values; // of the current page, or of the last page this read
  private Encoding encoding; // of the current page
  private byte[] page; // the current page's bytes: its values are page[from, end)
  private int from;
  private int end;

  DeclinedValues(ColumnDescriptor descriptor, PrimitiveConverter converter, ParsedVersion writer) {
    this.descriptor = descriptor;
    this.converter = converter;
    this.type = descriptor.getPrimitiveType().getPrimitiveTypeName();
    this.writer = writer;
  }

  /**
   * Starts a page of {@code entries} entries encoded {@code e} at {@code bytes[p...]}; {@code
   * afterDeclined}: the chunk's previous page was read here too (PARQUET-246's readers continue
   * from it).
   */
  void start(Encoding e, byte[] bytes, int p, int entries, boolean afterDeclined)
      throws IOException {
    ValuesReader previous = afterDeclined ? values : null;
    encoding = e;
    page = bytes;
    from = p;
    end = bytes.length;
    values = e.getValuesReader(descriptor, ValuesType.VALUES);
    values.initFromPage(
        entries, ByteBufferInputStream.wrap(ByteBuffer.wrap(bytes, p, bytes.length - p)));
    if (CorruptDeltaByteArrays.requiresSequentialReads(writer, e)
        && previous instanceof RequiresPreviousReader) {
      ((RequiresPreviousReader) values).setPreviousReader(previous);
    }
  }

  /**
   * Once {@code read} of the current page's values are read: why the page's bytes do not end with
   * them, or {@code null} if they do or cannot be told. spec: Encodings.md. Fixed widths
   * (BYTE_STREAM_SPLIT, whose decoder takes its value count from the bytes, and PLAIN INT96) are
   * counted exactly. RLE booleans only as far as their length prefix, which must span the rest of
   * the page: parquet-java's decoder does not tell where in it the values stopped. Other encodings
   * (DELTA_BYTE_ARRAY from writers whose pages continue each other's prefixes) are not checked.
   */
  String leftover(int read) {
    int bytes = end - from;
    int width =
        switch (type) {
          case INT32, FLOAT -> 4;
          case INT64, DOUBLE -> 8;
          case INT96 -> 12;
          case FIXED_LEN_BYTE_ARRAY -> descriptor.getPrimitiveType().getTypeLength();
          default -> -1;
        };
    if ((encoding == Encoding.BYTE_STREAM_SPLIT || encoding == Encoding.PLAIN) && width > 0) {
      long used = (long) read * width;
      return used == bytes
          ? null
          : used < bytes ? PageEnd.bytesLeft(bytes - used) : "its values run past its end";
    }
    if (encoding == Encoding.RLE && type == PrimitiveTypeName.BOOLEAN) {
      long length = bytes < 4 ? -1 : (int) ByteViews.INTS.get(page, from) & 0xFFFFFFFFL;
      return length == bytes - 4 ? null : "its values' length prefix does not span their bytes";
    }
    return null;
  }

  /** Hands the page's next value to the converter. */
  void write() {
    switch (type) {
      case INT32 -> converter.addInt(values.readInteger());
      case INT64 -> converter.addLong(values.readLong());
      case FLOAT -> converter.addFloat(values.readFloat());
      case DOUBLE -> converter.addDouble(values.readDouble());
      case BOOLEAN -> converter.addBoolean(values.readBoolean());
      default -> converter.addBinary(values.readBytes());
    }
  }
}
