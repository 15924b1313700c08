// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Writes into an Arrow buffer at its memory address (and reads back what was written), without the
 * bounds and reference-count checks each {@code ArrowBuf} access makes (a quarter of a whole-file
 * batch read when every value went through {@code setSafe}). Callers check capacity themselves:
 * each writer caches a buffer's address and its capacity in slots at the start of a batch and after
 * every growth, and takes Arrow's own {@code setSafe} path for any slot beyond it.
 *
 * <p><b>Invariant:</b> an address is used only while the vector holds the buffer it was read from:
 * within one batch, between two refreshes.
 */
final class BufferWrites {
  private BufferWrites() {}

  /** Marks slot {@code index} non-null in the validity bitmap at {@code validity}. */
  static void setValid(long validity, int index) {
    long at = validity + (index >>> 3);
    MemoryUtil.putByte(at, (byte) (MemoryUtil.getByte(at) | (1 << (index & 7))));
  }

  /** Slots whose validity bits {@code buffer} holds. */
  static int validityCapacity(ArrowBuf buffer) {
    return (int) Math.min(Integer.MAX_VALUE, buffer.capacity() * 8);
  }

  /** Slots whose end offsets the 4-byte offset buffer {@code buffer} holds (it has one more). */
  static int offsetCapacity(ArrowBuf buffer) {
    return (int) Math.min(Integer.MAX_VALUE, Math.max(0, buffer.capacity() / 4 - 1));
  }

  /** Whether slot {@code index} is non-null in the validity bitmap at {@code validity}. */
  static boolean isValid(long validity, int index) {
    return (MemoryUtil.getByte(validity + (index >>> 3)) & (1 << (index & 7))) != 0;
  }

  /** The 4-byte offset at {@code index} of the offset buffer at {@code offsets}. */
  static int offset(long offsets, int index) {
    return MemoryUtil.getInt(offsets + 4L * index);
  }

  /** Sets the 4-byte offset at {@code index} of the offset buffer at {@code offsets}. */
  static void putOffset(long offsets, int index, int value) {
    MemoryUtil.putInt(offsets + 4L * index, value);
  }
}
