// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import java.nio.ByteBuffer;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseVariableWidthVector;

/**
 * A binary or string leaf vector written slot by slot through its buffers' addresses ({@link
 * BufferWrites}): each value's bytes are appended to the data buffer, its end offset and validity
 * bit set, and the offsets of the null slots skipped since the last value filled in, as Arrow's
 * {@code fillHoles} does. A value past the buffers' capacity goes through Arrow's {@code setSafe},
 * which grows them. Slots are written in increasing order within a batch.
 */
final class BinarySlots implements LeafBuffers {
  private final BaseVariableWidthVector vector;
  private long validity;
  private long offsets;
  private long data;
  private int capacity; // slots
  private long dataCapacity; // bytes
  private int lastSet; // the last slot written, as the vector's own lastSet
  private int end; // bytes of data written: the end offset of lastSet

  BinarySlots(BaseVariableWidthVector vector) {
    this.vector = vector;
  }

  @Override
  public void startBatch() {
    lastSet = -1;
    end = 0;
    refresh();
  }

  /**
   * Fills the offsets of the null slots after the last value, which Arrow's {@code setValueCount}
   * would fill through checked accesses (a residual column is mostly such slots), and sets the
   * vector's own {@code lastSet} to match.
   */
  @Override
  public void finishBatch(int slots) {
    if (slots > capacity) {
      // no value reached the last slots (a residual column mostly null, or all null): grown here,
      // else Arrow's setValueCount grows the buffers and fills each null slot with checked writes
      while (vector.getValueCapacity() < slots) {
        vector.reallocValidityAndOffsetBuffers(); // the new part zeroed: null, empty
      }
      refresh();
    }
    for (int hole = lastSet + 1; hole < slots; hole++) {
      BufferWrites.putOffset(offsets, hole + 1, end);
    }
    lastSet = Math.max(lastSet, slots - 1);
    vector.setLastSet(lastSet);
  }

  void set(int slot, byte[] bytes, int from, int length) {
    if (slot >= capacity || end + (long) length > dataCapacity) {
      vector.setLastSet(lastSet);
      vector.setSafe(slot, bytes, from, length);
      grown(slot);
      return;
    }
    MemoryUtil.copyToMemory(bytes, from, data + end, length);
    append(slot, length);
  }

  /** A value in a buffer (a page's bytes); a direct buffer goes through Arrow's {@code setSafe}. */
  void set(int slot, ByteBuffer bytes) {
    if (bytes.hasArray()) {
      set(slot, bytes.array(), bytes.arrayOffset() + bytes.position(), bytes.remaining());
      return;
    }
    vector.setLastSet(lastSet);
    vector.setSafe(slot, bytes, bytes.position(), bytes.remaining());
    grown(slot);
  }

  private void append(int slot, int length) {
    for (int hole = lastSet + 1; hole < slot; hole++) {
      BufferWrites.putOffset(offsets, hole + 1, end); // null slots: empty
    }
    end += length;
    BufferWrites.putOffset(offsets, slot + 1, end);
    BufferWrites.setValid(validity, slot);
    lastSet = slot;
  }

  /** After Arrow's {@code setSafe} wrote {@code slot}, maybe into new buffers. */
  private void grown(int slot) {
    lastSet = slot;
    end = vector.getEndOffset(slot);
    refresh();
  }

  private void refresh() {
    validity = vector.getValidityBufferAddress();
    offsets = vector.getOffsetBufferAddress();
    data = vector.getDataBufferAddress();
    capacity =
        Math.min(
            BufferWrites.validityCapacity(vector.getValidityBuffer()),
            BufferWrites.offsetCapacity(vector.getOffsetBuffer()));
    dataCapacity = vector.getDataBuffer().capacity();
  }
}
