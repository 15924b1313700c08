// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.parquet.schema.ShreddedSchemaNode;

/**
 * The definition levels at which one leaf says that a field group is null where the layout requires
 * it ({@link NullFieldGroups#refused}), the leaf being the group's first (its {@code value} column,
 * if requested): what the group's first leaf says decides, as the batch reader takes a struct's
 * validity from its first leaf. Each of the group's leaves starts the group when its own level
 * reaches it, so a later leaf that says the group is present would read the fields of a row whose
 * group is null, and the row would not fail ({@link NullFieldGroups}); a row that this leaf says
 * has a null group fails, once all its leaves are read ({@link VariantColumnReader#setLevelFault}).
 */
final class NullGroupLevels {
  private final VariantColumnReader column;
  private final ShreddedSchemaNode[] groups; // by definition level: the group null there, or null
  private int below; // the levels below it may name a group: 0 if none does

  NullGroupLevels(VariantColumnReader column, int maxDefinition) {
    this.column = column;
    this.groups = new ShreddedSchemaNode[maxDefinition + 1];
  }

  /**
   * An entry of definition level {@code level} says that field slot {@code field}'s group is null.
   */
  void add(int level, ShreddedSchemaNode field) {
    groups[level] = field;
    below = Math.max(below, level + 1);
  }

  /** Notes the refusal of the row if an entry of level {@code d} says a group of it is null. */
  void check(int d) {
    if (d < below && groups[d] != null) {
      column.setLevelFault(NullFieldGroups.refusal(groups[d], column));
    }
  }
}
