// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.guard;

import io.variant.parquet.VariantParquetException;
import java.io.IOException;

/**
 * Tells a page header that does not decode from a read that failed. parquet-java reports both as an
 * {@link IOException}; only the cause tells them apart: thrift failing to decode a header means the
 * file's bytes were read and are damaged (bad input), anything else is a failing read.
 */
final class PageFailure {
  private static final String THRIFT_PACKAGE = "shaded.parquet.org.apache.thrift.";

  private PageFailure() {}

  /** See {@link GuardedInputFile#throwIfDamaged}. */
  static void throwIfDamaged(IOException e, String name, long row) {
    for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
      if (t.getClass().getName().startsWith(THRIFT_PACKAGE)) {
        throw new VariantParquetException(
            name, null, row, "Cannot read row: a damaged page header: " + innermost(e), e);
      }
    }
  }

  /**
   * The innermost cause as {@code SimpleName: message}: the outer ones only say where it stopped.
   */
  private static String innermost(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
  }
}
