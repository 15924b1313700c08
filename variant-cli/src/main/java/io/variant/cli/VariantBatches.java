// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.arrow.VariantVector;
import java.io.IOException;

/**
 * Batches of a file's VARIANT columns as Arrow vectors, for {@code select}: read by columns ({@link
 * ColumnBatches}), or rebuilt row by row where the batch reader cannot read a column ({@link
 * RowBatches}). The vectors belong to the source and are refilled by each {@link #next()}.
 */
abstract class VariantBatches implements AutoCloseable {
  private long firstRow;
  private int rows;

  /**
   * Loads the next batch.
   *
   * @return false after the last one
   * @throws InputException if the file is damaged, naming it
   */
  final boolean next() throws IOException {
    firstRow += rows;
    rows = load();
    return rows > 0;
  }

  /** Fills the vectors with the next rows; returns how many (0 at the end). */
  abstract int load() throws IOException;

  /** The batch of VARIANT column {@code name}, one of those the source was opened for. */
  abstract VariantVector column(String name);

  /** The rows in the batch. */
  final int rows() {
    return rows;
  }

  /** The file's row number of the batch's first row, counted from 0 over the row groups read. */
  final long firstRow() {
    return firstRow;
  }

  @Override
  public abstract void close() throws IOException;
}
