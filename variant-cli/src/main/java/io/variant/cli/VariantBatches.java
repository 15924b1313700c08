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
  private int rows;

  /**
   * Loads the next batch.
   *
   * @return false after the last one
   * @throws InputException if the file is damaged, naming it
   */
  final boolean next() throws IOException {
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

  /**
   * The file's index (from 0) of the batch's row {@code i}, counting the rows of row groups that
   * pruning skipped, so that messages name the row a user finds in the file.
   */
  abstract long fileRow(int i);

  @Override
  public abstract void close() throws IOException;
}
