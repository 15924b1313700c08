// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import io.variant.parquet.VariantParquetException;
import org.apache.arrow.memory.OutOfMemoryException;

/** The exception of a batch that could not be read, naming the file, column and row once. */
final class BatchFailure {
  private BatchFailure() {}

  /**
   * {@code e} as a {@link VariantParquetException} at {@code row}: a guard's own (parquet-java may
   * have wrapped it) keeps its words and column, anything else becomes "Cannot read a batch: ...".
   *
   * @param column the column being read, or {@code null}; a guard's column wins
   */
  static VariantParquetException of(String file, String column, long row, RuntimeException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof OutOfMemoryException oom) {
        throw oom; // the allocator's limit, not damage: an engine must tell the two apart
      }
    }
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof VariantParquetException v) {
        return new VariantParquetException(
            file, v.column() != null ? v.column() : column, row, v.detail(), v);
      }
    }
    return new VariantParquetException(
        file, column, row, "Cannot read a batch: " + e.getMessage(), e);
  }
}
