// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.arrow.VariantVector;
import java.io.IOException;

/**
 * Batches of a file's VARIANT columns as Arrow vectors, for {@code select}: read by columns ({@link
 * ColumnBatches}), or rebuilt row by row where the batch reader cannot read a column ({@link
 * RowBatches}). The vectors belong to the source and are refilled by each {@link #next()}.
 */
interface VariantBatches extends AutoCloseable {
  /**
   * Loads the next batch.
   *
   * @return false after the last one
   * @throws InputException if the file is damaged, naming it
   */
  boolean next() throws IOException;

  /** The batch of VARIANT column {@code name}, one of those the source was opened for. */
  VariantVector column(String name);

  /** The rows in the batch. */
  int rows();

  /** The file's row number of the batch's first row, counted from 0 over the row groups read. */
  long firstRow();

  @Override
  void close() throws IOException;
}
