// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

/**
 * Where a typed or residual leaf's converter writes: the slot of the current row (or list element)
 * that the value belongs to. Parquet's record assembly sets it as groups start ({@link
 * SlotConverter}); the level reader sets it per entry from the entry's levels ({@link LeafColumn}).
 */
interface SlotTarget {
  /** The source the next value of this leaf belongs to. */
  SlotSource current();
}
