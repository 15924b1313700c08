// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.core.Variant;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.filter.VariantCondition;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.read.VariantReadOptions;
import java.io.IOException;

/**
 * The rows of one file that a {@code --where} condition keeps: the reader skips the row groups
 * whose statistics prove that no row matches, and each row of the others is checked ({@link
 * CheckedRows}) and tested. The reader reads the columns {@code options} names; the condition's
 * column must be among them. Without a condition, every row, unchecked (the caller checks what it
 * prints).
 */
final class MatchingRows implements AutoCloseable {
  private final ParquetFile parquet;
  private final VariantParquetReader reader;
  private final String column;
  private final VariantCondition where; // null: every row
  private final CheckedRows rows;
  private long row = -1; // of the file, counted from 0 over the row groups read

  MatchingRows(
      ParquetFile parquet,
      VariantReadOptions options,
      String column,
      VariantCondition where,
      CheckedRows rows) {
    this.parquet = parquet;
    this.reader = parquet.reader(where == null ? options : options.withFilter(where));
    this.column = column;
    this.where = where;
    this.rows = rows;
  }

  /**
   * The next matching row, or null after the last; {@link #row} is its number.
   *
   * @throws InputException if a row cannot be read, or its Variant is malformed or over a limit
   */
  VariantRecord next() throws IOException {
    while (true) {
      VariantRecord record = CatCommand.read(parquet, reader);
      if (record == null) {
        return null;
      }
      row++;
      if (where == null) {
        return record;
      }
      Variant v = record.variant(column);
      if (v != null) {
        rows.check(v, row);
      }
      if (where.test(v)) {
        return record;
      }
    }
  }

  /** The number of the row {@link #next} returned last, counted from 0 over the rows read. */
  long row() {
    return row;
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }
}
