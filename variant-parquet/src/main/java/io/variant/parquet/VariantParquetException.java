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

  /**
   * {@code e}, thrown while reading row {@code row} (0-based, or -1) of {@code file}, as one
   * exception naming them: a {@code VariantParquetException} that parquet-java wrapped keeps its
   * words and column, another {@code VariantException} its message, and anything else becomes
   * "Cannot read row: " and the innermost cause, since parquet-java wraps the reason (a CRC
   * mismatch, a decoding error) in exceptions that only say where it stopped.
   */
  public static VariantParquetException reading(String file, long row, RuntimeException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof VariantParquetException v) {
        Throwable cause = v.getCause() != null ? v.getCause() : v;
        return new VariantParquetException(file, v.column(), row, v.detail(), cause);
      }
      if (t instanceof VariantException) {
        return new VariantParquetException(file, null, row, t.getMessage(), t);
      }
    }
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    String why =
        t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
    return new VariantParquetException(file, null, row, "Cannot read row: " + why, e);
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
