// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet;

import io.variant.core.VariantException;

/**
 * A Parquet file could not be read or written as Variant rows (the message starts with {@code
 * Cannot ...}): names the file, the column path and the row number where known. The cause (a {@code
 * VariantFormatException}, {@code ShreddingException}, or a Parquet or I/O error) is attached.
 */
public final class VariantParquetException extends VariantException {
  private final String file;
  private final String column;
  private final long row;
  private final String detail;

  /**
   * @param file the file, or {@code null} if unknown
   * @param column the column path, e.g. {@code var.typed_value.a}, or {@code null} if unknown
   * @param row the 0-based row number in the file, or -1 if unknown
   * @param message what went wrong
   * @param cause the underlying failure, or {@code null}
   */
  public VariantParquetException(
      String file, String column, long row, String message, Throwable cause) {
    super(format(file, column, row, message), cause);
    this.file = file;
    this.column = column;
    this.row = row;
    this.detail = message;
  }

  /** {@code <message> (file f, column c, row r)}, leaving out what is unknown. */
  private static String format(String file, String column, long row, String message) {
    StringBuilder where = new StringBuilder();
    if (file != null) {
      where.append("file ").append(file);
    }
    if (column != null) {
      where.append(where.length() > 0 ? ", " : "").append("column ").append(column);
    }
    if (row >= 0) {
      where.append(where.length() > 0 ? ", " : "").append("row ").append(row);
    }
    return where.length() == 0 ? message : message + " (" + where + ")";
  }

  /** The file, or {@code null} if unknown. */
  public String file() {
    return file;
  }

  /** The column path, or {@code null} if unknown. */
  public String column() {
    return column;
  }

  /** The message without the file, column and row suffix. */
  public String detail() {
    return detail;
  }

  /** The 0-based row number within the file, or -1 if unknown. */
  public long row() {
    return row;
  }
}
