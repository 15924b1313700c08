// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import io.variant.parquet.ObjectCountsFooter;
import io.variant.shredding.ObjectSlotCounts;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BinaryOperator;

/**
 * Per VARIANT column (by name, in column order), what its object slots took from the rows written
 * ({@link ObjectSlotCounts}): what a file's footer records of its rows ({@link
 * ObjectCountsFooter}). A row group encoded apart carries the counts of its own rows to the file it
 * is appended to. Immutable.
 */
record ColumnObjectCounts(Map<String, ObjectSlotCounts> columns) {
  static final ColumnObjectCounts NONE = new ColumnObjectCounts(Map.of());

  ColumnObjectCounts {
    columns = Collections.unmodifiableMap(new LinkedHashMap<>(columns));
  }

  /** These counts and {@code other}'s, column by column. */
  ColumnObjectCounts plus(ColumnObjectCounts other) {
    return combine(other, ObjectSlotCounts::plus);
  }

  /** These counts less {@code earlier}'s, taken from the same writers before. */
  ColumnObjectCounts minus(ColumnObjectCounts earlier) {
    return combine(earlier, ObjectSlotCounts::minus);
  }

  private ColumnObjectCounts combine(
      ColumnObjectCounts other, BinaryOperator<ObjectSlotCounts> op) {
    if (other.columns.isEmpty()) {
      return this;
    }
    Map<String, ObjectSlotCounts> out = new LinkedHashMap<>(columns);
    other.columns.forEach(
        (column, counts) ->
            out.put(column, op.apply(out.getOrDefault(column, ObjectSlotCounts.none()), counts)));
    return new ColumnObjectCounts(out);
  }

  /** The footer entries: one per column whose plan has an object slot, in column order. */
  Map<String, String> footer() {
    Map<String, String> out = new LinkedHashMap<>();
    columns.forEach((column, counts) -> out.putAll(ObjectCountsFooter.entries(column, counts)));
    return out;
  }
}
