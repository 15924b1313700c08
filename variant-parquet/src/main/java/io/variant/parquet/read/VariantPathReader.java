// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import java.io.Closeable;
import java.io.IOException;
import java.util.Iterator;
import org.apache.parquet.schema.MessageType;

/**
 * Reads one path of one VARIANT column, row by row, requesting from Parquet only the columns that
 * path needs: the metadata, the residual {@code value} of each slot along the path, the typed chain
 * along it, and the whole slot at its end. Rows whose path is fully typed are answered from typed
 * columns without decoding any residual ({@link PathValue#fromTypedColumns()}). When the path leads
 * through typed objects to a typed scalar whose {@code value} column the footer's null counts show
 * to be all null in every row group, only the scalar's {@code typed_value} column is requested
 * ({@link #requestedSchema()} says so): each row's value, SQL NULL or absence is in it. Obtained
 * from {@link VariantParquetReader#project}.
 *
 * <p><b>Errors</b> as {@link VariantParquetReader#read()}. <b>Thread safety:</b> none.
 */
public final class VariantPathReader implements Closeable, Iterable<PathValue> {
  private final RowCursor<PathValue> rows;
  private final MessageType requestedSchema;

  VariantPathReader(RowCursor<PathValue> rows, MessageType requestedSchema) {
    this.rows = rows;
    this.requestedSchema = requestedSchema;
  }

  /** The Parquet columns this reader requests. */
  public MessageType requestedSchema() {
    return requestedSchema;
  }

  /** The next row's value at the path, or {@code null} after the last row. */
  public PathValue read() throws IOException {
    return rows.next();
  }

  /** The remaining rows; I/O errors surface as {@link java.io.UncheckedIOException}. */
  @Override
  public Iterator<PathValue> iterator() {
    return rows.iterator();
  }

  @Override
  public void close() throws IOException {
    rows.close();
  }
}
