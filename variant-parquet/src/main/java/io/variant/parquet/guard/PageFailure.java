// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.guard;

import io.variant.parquet.VariantParquetException;
import java.io.IOException;

/**
 * What a failure of parquet-java's page reading says about the file. parquet-java reports a page
 * header that does not decode as an {@link IOException}, as it does a failing read; only the cause
 * tells them apart: thrift failing to decode a header means the file's bytes were read and are
 * damaged (bad input), anything else is a failing read. A page that its row-group filter reads
 * while the reader opens fails with a message that names neither the column nor the row group.
 */
final class PageFailure {
  private static final String THRIFT_PACKAGE = "shaded.parquet.org.apache.thrift.";

  private PageFailure() {}

  /** See {@link GuardedInputFile#throwIfDamaged}. */
  static void throwIfDamaged(IOException e, String name, long row) {
    if (isDamagedHeader(e)) {
      throw new VariantParquetException(
          name, null, row, "Cannot read row: a damaged page header: " + innermost(e), e);
    }
  }

  /**
   * {@code e}, thrown by parquet-java's reader as it opened and its row-group filter read a page of
   * chunk {@code c} (a dictionary page: the dictionary filter reads them, and nothing else reads a
   * column chunk then), as an exception naming the file, the column and {@code firstRow}, the first
   * row of the chunk's row group, as the exception of a page read with its row group names them.
   * Our checks' own exception keeps its words.
   */
  static VariantParquetException pruning(
      Exception e, String name, FooterBounds.Chunk c, long firstRow) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof VariantParquetException v) {
        String column = v.column() != null ? v.column() : c.column();
        return new VariantParquetException(name, column, firstRow, v.detail(), v);
      }
    }
    String why = (isDamagedHeader(e) ? "a damaged page header: " : "") + innermost(e);
    return new VariantParquetException(
        name,
        c.column(),
        firstRow,
        "Cannot read the dictionary page of its column chunk in row group "
            + (c.rowGroup() + 1)
            + " (at byte "
            + c.start()
            + "), read to skip row groups: "
            + why,
        e);
  }

  private static boolean isDamagedHeader(Exception e) {
    for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
      if (t.getClass().getName().startsWith(THRIFT_PACKAGE)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The innermost cause as {@code SimpleName: message}: the outer ones only say where it stopped.
   */
  static String innermost(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
  }
}
