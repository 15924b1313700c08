// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.testkit.ShapePlans;
import io.variant.testkit.Trials;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.compare.VectorEqualsVisitor;
import org.apache.arrow.vector.util.ValueVectorUtility;
import org.junit.jupiter.api.Test;

/**
 * {@link Unshred}'s rebuild from heap copies of the buffers gives the column of its row-by-row path
 * through Arrow's accessors ({@link Unshred#rowByRow}), buffer for buffer: on long columns of
 * generated rows in runs (so that rows span validity bytes and output growth) and on a few
 * independent rows, unshredded and shredded by generated plans; and, with bytes of the binary and
 * string buffers and validity bits changed at random (malformed residuals and dictionaries, invalid
 * UTF-8, null field groups, slots with both parts set), it fails at the same row with the same
 * exception type, or gives the same column.
 */
class UnshredHeapPropertyTest {
  @Test
  void heapRebuildGivesTheColumnOfTheRowByRowPath() {
    Trials.run(
        "heapRebuildGivesTheColumnOfTheRowByRowPath",
        rnd -> {
          List<Variant> some = Columns.rows(rnd);
          long shapeSeed = rnd.nextLong();
          Variant shape = TypedRunsPropertyTest.record(new Random(shapeSeed), rnd, 0).build();
          ShreddingPlan plan =
              rnd.nextInt(3) == 0 ? Columns.plan(rnd, some) : ShapePlans.planFor(rnd, shape);
          List<Variant> rows =
              rnd.nextInt(4) == 0 ? some : TypedRunsPropertyTest.inRuns(rnd, shapeSeed, some);
          boolean damage = rnd.nextInt(3) == 0;
          try (RootAllocator allocator = new RootAllocator();
              VariantVector unshredded = unshredded(rnd, rows, allocator);
              VariantVector shredded = Shred.shred(unshredded, plan)) {
            String context = "plan " + plan + (damage ? ", damaged" : "") + ", ";
            if (damage) {
              damage(rnd, unshredded);
              damage(rnd, shredded);
            }
            check(unshredded, context + "unshredded");
            check(shredded, context + "shredded");
          }
        });
  }

  /**
   * An unshredded column of {@code rows}, a quarter of the time with one to three bytes after each
   * row's dictionary (readers ignore them; the rebuilt metadata has none).
   */
  private static VariantVector unshredded(
      Random rnd, List<Variant> rows, BufferAllocator allocator) {
    VariantVector column = Columns.unshredded(rows, allocator);
    if (rnd.nextInt(4) == 0) {
      for (int i = 0; i < rows.size(); i++) {
        if (rows.get(i) != null) {
          byte[] m = rows.get(i).metadataBytes();
          column.metadataVector().setSafe(i, Arrays.copyOf(m, m.length + 1 + rnd.nextInt(3)));
        }
      }
      column.setValueCount(rows.size());
    }
    return column;
  }

  private static void check(VariantVector column, String context) {
    VariantVector expected;
    try {
      expected = Unshred.rowByRow(column);
    } catch (RuntimeException e) {
      RuntimeException actual =
          assertThrows(RuntimeException.class, () -> Unshred.unshred(column).close(), context);
      assertEquals(e.getClass(), actual.getClass(), context + ": " + e + " / " + actual);
      if (e instanceof VariantVectorException ve) {
        assertEquals(ve.row(), ((VariantVectorException) actual).row(), context);
      }
      return;
    }
    try (expected;
        VariantVector actual = Unshred.unshred(column)) {
      assertEquals(expected.getValueCount(), actual.getValueCount(), context);
      ValueVectorUtility.validateFull(actual.getUnderlyingVector());
      assertTrue(
          VectorEqualsVisitor.vectorEquals(
              expected.getUnderlyingVector(), actual.getUnderlyingVector()),
          context);
      int rows = expected.getValueCount();
      for (int row = 0; row < rows; row++) {
        String at = context + " row " + row;
        assertEquals(expected.isNull(row), actual.isNull(row), at);
        assertEquals(
            expected.metadataVector().isNull(row), actual.metadataVector().isNull(row), at);
        assertEquals(expected.valueVector().isNull(row), actual.valueVector().isNull(row), at);
        assertArrayEquals(expected.metadataVector().get(row), actual.metadataVector().get(row), at);
        assertArrayEquals(expected.valueVector().get(row), actual.valueVector().get(row), at);
      }
      sameOffsets(expected.metadataVector(), actual.metadataVector(), context + ": metadata");
      sameOffsets(expected.valueVector(), actual.valueVector(), context + ": value");
    }
  }

  /** Null rows too: empty, as Arrow's own writes leave them. */
  private static void sameOffsets(VarBinaryVector expected, VarBinaryVector actual, String at) {
    int bytes = 4 * (expected.getValueCount() + 1);
    assertEquals(
        expected.getOffsetBuffer().slice(0, bytes).nioBuffer(),
        actual.getOffsetBuffer().slice(0, bytes).nioBuffer(),
        at + " offsets");
  }

  /**
   * Changes one to four bytes of the column's binary and string values, and one to two validity
   * bits of its vectors (null field groups, slots with both parts or neither).
   */
  private static void damage(Random rnd, VariantVector column) {
    List<BaseVariableWidthVector> binaries = new ArrayList<>();
    List<FieldVector> all = new ArrayList<>();
    collect(column.getUnderlyingVector(), binaries, all);
    for (int n = 1 + rnd.nextInt(2); n > 0; n--) {
      FieldVector v = all.get(rnd.nextInt(all.size()));
      if (v.getValueCount() > 0) {
        int row = rnd.nextInt(v.getValueCount());
        ArrowBuf bits = v.getValidityBuffer();
        bits.setByte(row >>> 3, bits.getByte(row >>> 3) ^ (1 << (row & 7)));
      }
    }
    for (int n = 1 + rnd.nextInt(4); n > 0; n--) {
      BaseVariableWidthVector v = binaries.get(rnd.nextInt(binaries.size()));
      int count = v.getValueCount();
      int end = count == 0 ? 0 : v.getEndOffset(count - 1);
      if (end > 0) {
        ArrowBuf data = v.getDataBuffer();
        int at = rnd.nextInt(end);
        data.setByte(at, rnd.nextBoolean() ? rnd.nextInt(256) : data.getByte(at) ^ 0x80);
      }
    }
  }

  private static void collect(
      FieldVector v, List<BaseVariableWidthVector> binaries, List<FieldVector> all) {
    all.add(v);
    if (v instanceof BaseVariableWidthVector b) {
      binaries.add(b);
    }
    for (FieldVector child : v.getChildrenFromFields()) {
      collect(child, binaries, all);
    }
  }
}
