// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantEquality;
import io.variant.shredding.Rebuilder;
import io.variant.shredding.ShreddingPlan;
import io.variant.testkit.Trials;
import java.util.List;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;

/**
 * {@link Unshred} gives, row by row and byte for byte, what {@link Rebuilder} rebuilds from the
 * split of the row (the row reader's result), which is logically the row itself; of an unshredded
 * column it gives the column's bytes.
 */
class UnshredPropertyTest {
  @Test
  void unshredGivesWhatTheRebuilderRebuilds() {
    Trials.run(
        "unshredGivesWhatTheRebuilderRebuilds",
        rnd -> {
          List<Variant> rows = Columns.rows(rnd);
          ShreddingPlan plan = Columns.plan(rnd, rows);
          try (RootAllocator allocator = new RootAllocator();
              VariantVector column = Columns.unshredded(rows, allocator);
              VariantVector shredded = Shred.shred(column, plan);
              VariantVector whole = Unshred.unshred(shredded)) {
            assertFalse(whole.isShredded());
            assertEquals(rows.size(), whole.getValueCount());
            for (int row = 0; row < rows.size(); row++) {
              Variant v = rows.get(row);
              String at = "row " + row + " plan " + plan;
              if (v == null) {
                assertTrue(whole.isNull(row), at);
                continue;
              }
              Variant expected = Columns.rebuild(v, plan);
              Variant actual = whole.getObject(row);
              assertArrayEquals(
                  expected.metadataBytes(), actual.metadataBytes(), at + ": metadata");
              assertArrayEquals(expected.valueBytes(), actual.valueBytes(), at + ": value");
              assertTrue(VariantEquality.logical(v, actual), at + ": not the row");
            }
          }
        });
  }

  @Test
  void unshredOfAnUnshreddedColumnCopiesIt() {
    Trials.run(
        "unshredOfAnUnshreddedColumnCopiesIt",
        rnd -> {
          List<Variant> rows = Columns.rows(rnd);
          try (RootAllocator allocator = new RootAllocator();
              VariantVector column = Columns.unshredded(rows, allocator);
              VariantVector whole = Unshred.unshred(column)) {
            for (int row = 0; row < rows.size(); row++) {
              Variant v = rows.get(row);
              if (v == null) {
                assertNull(whole.getObject(row));
              } else {
                assertArrayEquals(v.valueBytes(), whole.getObject(row).valueBytes(), "row " + row);
              }
            }
          }
        });
  }
}
