// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.core.Variant;
import io.variant.core.VariantSink;
import io.variant.parquet.VariantParquetException;
import io.variant.shredding.RebuildOptions;
import java.util.List;
import java.util.Set;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.schema.MessageType;

/**
 * Whole Variants of some VARIANT columns, rebuilt row by row from the pages of row groups that the
 * caller reads: the level reader of {@link VariantParquetReader}, without its records, for readers
 * that manage the file themselves (columnar batches). Ask parquet-java for at least the leaves of
 * {@link #requested()}, hand each row group's pages to {@link #open}, then read its rows in order.
 *
 * <pre>{@code
 * RowGroupVariants rows = RowGroupVariants.of(fileSchema, Set.of("event"), options, createdBy);
 * fileReader.setRequestedSchema(rows.requested());
 * for (PageReadStore group; (group = fileReader.readNextRowGroup()) != null; ) {
 *   rows.open(group);
 *   for (long r = 0; r < group.getRowCount(); r++) {
 *     rows.readRow();
 *     Variant event = rows.variant(0); // null for SQL NULL; or rows.variantTo(0, sink)
 *   }
 * }
 * }</pre>
 *
 * <p>As with {@link VariantReadOptions.Validation#LAZY}, a residual is handed out as stored, not
 * validated. <b>Thread safety:</b> none.
 */
public final class RowGroupVariants {
  private final MessageType requested;
  private final LevelRows rows;
  private final VariantColumnReader[] columns;

  private RowGroupVariants(MessageType requested, LevelRows rows) {
    this.requested = requested;
    this.rows = rows;
    RowConverter converter = rows.columns();
    this.columns = new VariantColumnReader[converter.columnCount()];
    for (int i = 0; i < columns.length; i++) {
      columns[i] = converter.variantColumn(i);
    }
  }

  /**
   * The VARIANT columns {@code names} of a file.
   *
   * @param fileSchema the file's schema, from its footer
   * @param names top-level VARIANT columns; {@link #variant(int)} numbers them in the order of
   *     {@code fileSchema}
   * @param createdBy the footer's {@code created_by}, which tells the page decoders which known
   *     writer bugs to work around (may be {@code null})
   * @throws IllegalArgumentException if a name is not a readable VARIANT column of the file
   * @throws io.variant.parquet.schema.VariantSchemaException if a column's schema is not readable
   */
  public static RowGroupVariants of(
      MessageType fileSchema, Set<String> names, RebuildOptions options, String createdBy) {
    FileColumns file = FileColumns.of(fileSchema);
    for (String name : names) {
      if (!file.variants().containsKey(name)) {
        throw new IllegalArgumentException(
            "Cannot rebuild column \""
                + name
                + "\": the file's VARIANT columns are "
                + file.variants().keySet());
      }
    }
    MessageType requested = file.requestedSchema(names);
    return new RowGroupVariants(requested, new LevelRows(requested, options, createdBy, true));
  }

  /** The columns to read: the VARIANT groups named, pruned of fields no rebuild reads. */
  public MessageType requested() {
    return requested;
  }

  /** The names of the columns, as {@link #variant(int)} numbers them. */
  public List<String> names() {
    return requested.getFields().stream().map(t -> t.getName()).toList();
  }

  /** Starts a row group: its first row is read next. */
  public void open(PageReadStore rowGroup) {
    rows.open(rowGroup);
  }

  /**
   * Reads the row group's next row.
   *
   * @throws VariantParquetException naming the column if a page or its levels are damaged
   */
  public void readRow() {
    rows.readRow();
  }

  /**
   * Column {@code i} of the row read last: its Variant, or {@code null} for SQL NULL.
   *
   * @throws VariantParquetException naming the column if its parts do not make a Variant
   */
  public Variant variant(int i) {
    return columns[i].rebuild();
  }

  /**
   * Hands column {@code i} of the row read last to {@code sink}: the Variant {@link #variant(int)}
   * returns, as bytes lent for the call where the rebuild built it, so a sink that copies it (a
   * columnar batch) copies it once. Returns false, handing nothing, for SQL NULL.
   *
   * @throws VariantParquetException naming the column if its parts do not make a Variant
   */
  public boolean variantTo(int i, VariantSink sink) {
    return columns[i].rebuildTo(sink);
  }
}
