// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.SplitOptions;
import io.variant.shredding.Splitter;
import io.variant.shredding.testkit.ShreddedTree;
import io.variant.testkit.Trials;
import java.util.List;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;

/**
 * {@link Shred} writes, slot by slot, what {@link Splitter} splits each row into, whether its input
 * is unshredded or itself shredded by another plan. Every test's allocator fails its close on a
 * leak.
 */
class ShredPropertyTest {
  @Test
  void shredWritesWhatTheSplitterSplits() {
    Trials.run(
        "shredWritesWhatTheSplitterSplits",
        rnd -> {
          List<Variant> rows = Columns.rows(rnd);
          ShreddingPlan plan = Columns.plan(rnd, rows);
          try (RootAllocator allocator = new RootAllocator();
              VariantVector column = Columns.unshredded(rows, allocator);
              VariantVector shredded = Shred.shred(column, plan)) {
            assertShreddedLike(rows, plan, shredded);
          }
        });
  }

  @Test
  void shredOfAShreddedColumnRebuildsItFirst() {
    Trials.run(
        "shredOfAShreddedColumnRebuildsItFirst",
        rnd -> {
          List<Variant> rows = Columns.rows(rnd);
          ShreddingPlan first = Columns.plan(rnd, rows);
          ShreddingPlan second = Columns.plan(rnd, rows);
          try (RootAllocator allocator = new RootAllocator();
              VariantVector column = Columns.unshredded(rows, allocator);
              VariantVector once = Shred.shred(column, first);
              VariantVector twice = Shred.shred(once, second)) {
            ColumnReader reader = once.reader();
            List<Variant> rebuilt = new java.util.ArrayList<>();
            for (int row = 0; row < rows.size(); row++) {
              rebuilt.add(reader.variant(row));
            }
            assertShreddedLike(rebuilt, second, twice);
          }
        });
  }

  private static void assertShreddedLike(
      List<Variant> rows, ShreddingPlan plan, VariantVector shredded) {
    assertEquals(plan, shredded.plan(), "the storage's plan");
    assertEquals(rows.size(), shredded.getValueCount());
    ColumnReader reader = shredded.reader();
    for (int row = 0; row < rows.size(); row++) {
      Variant v = rows.get(row);
      String at = "row " + row + " plan " + plan;
      assertEquals(v == null, shredded.isNull(row), at + ": SQL NULL");
      if (v == null) {
        continue;
      }
      assertArrayEquals(v.metadataBytes(), shredded.metadataVector().get(row), at + ": metadata");
      ShreddedTree split = new ShreddedTree();
      Splitter.of(plan, SplitOptions.defaults()).split(v, split);
      VectorSource source = new VectorSource(reader.root(), row, reader.metadata(row));
      Columns.assertSameSlots(plan, split.root(), source, at);
      assertTrue(shredded.isShredded() == plan.isShredded(), at);
    }
  }
}
