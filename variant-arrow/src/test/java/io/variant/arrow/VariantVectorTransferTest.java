// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.shredding.ShreddingPlan;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.util.TransferPair;
import org.junit.jupiter.api.Test;

/** Slices and transfers of a Variant column stay Variant columns with the same rows. */
class VariantVectorTransferTest {
  private static final List<Variant> ROWS =
      Arrays.asList(
          VariantJson.parse("{\"id\": 1, \"tags\": [\"a\"]}"),
          null,
          VariantJson.parse("{\"id\": \"two\"}"),
          VariantJson.parse("[3]"));
  private static final ShreddingPlan PLAN =
      ShreddingPlan.parse("{\"id\": int64, \"tags\": [string]}");

  private static void assertRows(List<Variant> expected, VariantVector actual) {
    assertEquals(expected.size(), actual.getValueCount());
    assertEquals(PLAN, actual.plan());
    for (int row = 0; row < expected.size(); row++) {
      Variant e = expected.get(row);
      if (e == null) {
        assertNull(actual.getObject(row), "row " + row);
      } else {
        assertEquals(
            VariantJson.toJson(e), VariantJson.toJson(actual.getObject(row)), "row " + row);
      }
    }
  }

  @Test
  void sliceOfARootKeepsTheVariantColumn() {
    try (RootAllocator allocator = new RootAllocator();
        VariantVector column = Columns.unshredded(ROWS, allocator);
        VariantVector shredded = Shred.shred(column, PLAN);
        VectorSchemaRoot root = new VectorSchemaRoot(List.<FieldVector>of(shredded));
        VectorSchemaRoot slice = root.slice(1, 3)) {
      VariantVector sliced = assertInstanceOf(VariantVector.class, slice.getVector(0));
      assertEquals(VariantExtensionType.INSTANCE, slice.getSchema().getFields().get(0).getType());
      assertRows(ROWS.subList(1, 4), sliced);
    }
  }

  @Test
  void transferToAnotherAllocatorMovesTheRows() {
    try (RootAllocator allocator = new RootAllocator();
        BufferAllocator other = allocator.newChildAllocator("other", 0, Long.MAX_VALUE);
        VariantVector column = Columns.unshredded(ROWS, allocator);
        VariantVector shredded = Shred.shred(column, PLAN)) {
      TransferPair pair = shredded.getTransferPair("moved", other);
      pair.transfer();
      try (VariantVector moved = (VariantVector) pair.getTo()) {
        assertEquals("moved", moved.getName());
        assertRows(ROWS, moved);
        assertEquals(0, shredded.getValueCount());
      }
    }
  }
}
