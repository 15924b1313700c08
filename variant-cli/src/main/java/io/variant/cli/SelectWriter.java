// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.io.IOException;

/**
 * One output format of {@code select} ({@link SelectFormat}): {@link TextRows} for JSON lines, CSV
 * and TSV, {@link ArrowRows} for an Arrow IPC stream. Opened with the columns' names, fed batches,
 * then finished; closing releases what it holds.
 */
interface SelectWriter extends AutoCloseable {
  /**
   * Writes the batch's rows.
   *
   * @throws InputException if a Variant is malformed or over a limit, naming its row
   */
  void write(SelectedBatch batch) throws IOException;

  /** Ends the output (an Arrow stream's end marker) and flushes it. */
  void finish() throws IOException;

  @Override
  void close() throws IOException;
}
