// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static io.variant.parquet.read.LeafSteps.OBJECT;

import io.variant.parquet.encoding.LeafPages;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.io.ParquetDecodingException;

/**
 * Where the entries of a leaf outside lists go in the column's {@link SlotSource} tree: every step
 * of the leaf's chain ({@link LeafSteps}) has one source, and the steps an entry walks depend on
 * its definition level only, so an entry whose deepest group a sibling leaf already started in this
 * row needs no walk (most entries of an object's leaves). The two most frequent levels, the maximum
 * and one below it (a null typed value or residual), keep their deepest step and its source apart,
 * read without a look-up. <b>Thread safety:</b> none.
 */
final class FlatSlots {
  private final ColumnDescriptor descriptor;
  private final VariantColumnReader column; // null for an ordinary column
  private final LeafSteps chain;
  private final NullGroupLevels nullGroups;
  private final int maxDefinition;
  private final int[] kinds;
  private final int[] reach; // per definition level: the steps an entry walks
  private final SlotSource[] fixed; // per step: its source
  // reach, fixed and kinds of the two most frequent levels: deepest step, its source, an OBJECT's
  // group?
  private final int maxReach;
  private final SlotSource maxSlot;
  private final boolean maxObject;
  private final int nearReach;
  private final SlotSource nearSlot;
  private final boolean nearObject;

  FlatSlots(
      ColumnDescriptor descriptor,
      VariantColumnReader column,
      LeafSteps chain,
      NullGroupLevels nullGroups) {
    this.descriptor = descriptor;
    this.column = column;
    this.chain = chain;
    this.nullGroups = nullGroups;
    this.maxDefinition = descriptor.getMaxDefinitionLevel();
    this.kinds = chain.kinds;
    this.reach = chain.reach;
    this.fixed = chain.fixed;
    maxReach = reach[maxDefinition];
    maxSlot = chain.deepest(maxReach);
    maxObject = chain.deepestIsObject(maxReach);
    int near = Math.max(maxDefinition - 1, 0);
    nearReach = reach[near];
    nearSlot = chain.deepest(nearReach);
    nearObject = chain.deepestIsObject(nearReach);
  }

  /**
   * The source an entry of definition level {@code d} goes to in this row (null for an ordinary
   * column or the column's null group), its groups started where no sibling leaf started them.
   *
   * @throws ParquetDecodingException if {@code d} is outside the column's levels
   */
  SlotSource enter(int d) {
    int k;
    SlotSource s;
    boolean object;
    if (d == maxDefinition) {
      k = maxReach;
      s = maxSlot;
      object = maxObject;
    } else if (d == maxDefinition - 1 && d >= 0) {
      nullGroups.check(d);
      k = nearReach;
      s = nearSlot;
      object = nearObject;
    } else {
      if (d < 0 || d > maxDefinition) {
        throw LeafPages.outside(descriptor, d);
      }
      nullGroups.check(d);
      k = reach[d];
      s = k == 0 ? null : fixed[k - 1];
      object = k > 0 && kinds[k - 1] == OBJECT;
    }
    // started(k - 1), from the fields above
    if (s != null && !(s.startedIn(column.row()) && (!object || s.hasTyped()))) {
      chain.startFrom(k);
    }
    return s;
  }
}
