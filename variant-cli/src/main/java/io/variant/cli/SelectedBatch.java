// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.util.List;
import org.apache.arrow.vector.FieldVector;

/**
 * Rows {@code select} writes: one vector per output column, each holding exactly these rows (a
 * {@code VariantVector} for a column without a type, else the typed vector), with what a writer
 * needs to check a Variant and to name its row in a message.
 *
 * @param columns the output columns, in order; owned by the caller
 * @param checks per column, the check of its Variants (the VARIANT column it reads, the limits)
 * @param fileRows per row, its number in the file (0-based, over the row groups read)
 */
record SelectedBatch(List<FieldVector> columns, List<CheckedRows> checks, long[] fileRows) {
  /** The number of rows. */
  int rows() {
    return fileRows.length;
  }
}
