// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VarBinaryVector;
import org.junit.jupiter.api.Test;

/**
 * {@link BinarySlots} leaves a batch's slots written through its last one, null slots included, so
 * that Arrow's {@code setValueCount} has no holes to fill with its checked writes: a residual
 * column of a typed field is mostly or wholly null, and filling its holes slot by slot took a tenth
 * of reading a batch.
 */
class BinarySlotsTest {
  @Test
  void aColumnWithNoValueIsWrittenNullThroughItsLastSlot() {
    try (BufferAllocator allocator = new RootAllocator();
        VarBinaryVector v = new VarBinaryVector("value", allocator)) {
      for (int batch = 0; batch < 2; batch++) { // the second after reset(), as the reader does
        v.reset();
        BinarySlots slots = new BinarySlots(v);
        slots.startBatch();
        slots.finishBatch(5000); // past what an unallocated vector holds

        assertEquals(4999, v.getLastSet(), "no hole left for setValueCount");
        assertTrue(v.getValueCapacity() >= 5000);
        v.setValueCount(5000);
        for (int i = 0; i < 5000; i++) {
          assertNull(v.getObject(i), "slot " + i);
        }
        assertEquals(0, v.getEndOffset(4999));
      }
    }
  }

  @Test
  void nullSlotsAfterTheLastValueAreFilledBeyondTheFirstCapacity() {
    try (BufferAllocator allocator = new RootAllocator();
        VarBinaryVector v = new VarBinaryVector("value", allocator)) {
      byte[] x = "xy".getBytes(StandardCharsets.UTF_8);
      BinarySlots slots = new BinarySlots(v);
      slots.startBatch();
      slots.set(3, x, 0, 2);
      slots.finishBatch(9000); // values end early; the rest of the batch is null

      assertEquals(8999, v.getLastSet());
      v.setValueCount(9000);
      assertArrayEquals(x, v.getObject(3));
      for (int i : new int[] {0, 2, 4, 5000, 8999}) {
        assertNull(v.getObject(i), "slot " + i);
      }
      assertEquals(2, v.getEndOffset(8999));
    }
  }
}
