// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.parquet.schema.ShreddedSchemaNode;
import java.util.Arrays;
import org.apache.parquet.io.ParquetDecodingException;

/**
 * The elements of a list slot ({@link SlotSource} of an array) in the current row: a pool of
 * element sources that grows to the longest list seen and is reused from row to row, or, when the
 * element is a leaf, one {@link ScalarElements} that keeps every element in arrays.
 */
final class ListElements {
  private final ShreddedSchemaNode list;
  private final VariantColumnReader row;
  private SlotSource[] pool; // null when the elements are leaves
  final ScalarElements leaves; // instead of the pool when the element is a leaf
  int count; // the elements of the current row's list

  ListElements(ShreddedSchemaNode list, VariantColumnReader row, boolean leaf) {
    this.list = list;
    this.row = row;
    this.pool = leaf ? null : new SlotSource[4];
    this.leaves = leaf ? new ScalarElements(list.element(), row) : null;
  }

  /** Appends an element (cleared) and returns it. */
  SlotSource add() {
    if (leaves != null) {
      leaves.ensure(count + 1);
      leaves.at(count++).reset();
      return leaves;
    }
    if (count == pool.length) {
      pool = Arrays.copyOf(pool, pool.length * 2);
    }
    SlotSource e = pool[count];
    if (e == null) {
      e = new SlotSource(list.element(), row);
      pool[count] = e;
    }
    count++;
    e.reset();
    return e;
  }

  /** Element {@code i}, appended (cleared) if it is the next one: {@link SlotSource#elementAt}. */
  SlotSource at(int i) {
    if (i >= 0 && i < count) {
      return leaves != null ? leaves.at(i) : pool[i];
    }
    if (i == count) {
      return add();
    }
    throw skipped(i);
  }

  /** Elements {@code from} to {@code from + n - 1}: {@link SlotSource#leafElements}. */
  ScalarElements run(int from, int n) {
    if (from < 0 || from > count) {
      throw skipped(from);
    }
    int to = from + n;
    if (to > count) {
      leaves.ensure(to);
      leaves.clear(count, to);
      count = to;
    }
    return leaves;
  }

  /** Element {@code i} of the current row's list, which has it. */
  SlotSource get(int i) {
    if (i < 0 || i >= count) {
      throw new IndexOutOfBoundsException("element " + i + " outside a list of " + count);
    }
    return leaves != null ? leaves.at(i) : pool[i];
  }

  private ParquetDecodingException skipped(int i) {
    return new ParquetDecodingException(
        "Cannot read list "
            + list.path()
            + ": the levels of its columns give element "
            + i
            + " of a list of "
            + count);
  }
}
