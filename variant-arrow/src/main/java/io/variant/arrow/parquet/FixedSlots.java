// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;

/**
 * A fixed-width leaf vector (integers, floats, dates, times, timestamps, decimals) written slot by
 * slot through its buffers' addresses ({@link BufferWrites}): the validity bit and the value, with
 * one capacity check per value; past its capacity the vector grows by Arrow's {@code reAlloc}.
 */
final class FixedSlots implements LeafBuffers {
  private final BaseFixedWidthVector vector;
  private final int width;
  private long validity;
  private long values;
  private int capacity;

  FixedSlots(BaseFixedWidthVector vector) {
    this.vector = vector;
    this.width = vector.getTypeWidth();
  }

  @Override
  public void startBatch() {
    refresh();
  }

  @Override
  public void finishBatch(int slots) {}

  /** Marks {@code slot} non-null and returns the address of its value. */
  private long slot(int slot) {
    if (slot >= capacity) {
      while (slot >= vector.getValueCapacity()) {
        vector.reAlloc();
      }
      refresh();
    }
    BufferWrites.setValid(validity, slot);
    return values + (long) slot * width;
  }

  void putByte(int slot, byte value) {
    MemoryUtil.putByte(slot(slot), value);
  }

  void putShort(int slot, short value) {
    MemoryUtil.putShort(slot(slot), value);
  }

  void putInt(int slot, int value) {
    MemoryUtil.putInt(slot(slot), value);
  }

  void putLong(int slot, long value) {
    MemoryUtil.putLong(slot(slot), value);
  }

  void putFloat(int slot, float value) {
    MemoryUtil.putInt(slot(slot), Float.floatToRawIntBits(value));
  }

  void putDouble(int slot, double value) {
    MemoryUtil.putLong(slot(slot), Double.doubleToRawLongBits(value));
  }

  /**
   * A 128-bit decimal's unscaled value from a long, sign-extended (Arrow's decimals are
   * little-endian two's complement).
   */
  void putDecimal(int slot, long unscaled) {
    long at = slot(slot);
    MemoryUtil.putLong(at, unscaled);
    MemoryUtil.putLong(at + Long.BYTES, unscaled < 0 ? -1L : 0L);
  }

  /**
   * A 128-bit decimal's unscaled value from big-endian two's complement bytes: fewer than 16
   * sign-extended, more than 16 taken when the bytes before the last 16 only repeat the sign
   * (Parquet asks a BYTE_ARRAY decimal for no shortest form).
   *
   * @return false, and nothing written, if the value needs more than 16 bytes
   */
  boolean putBigEndianDecimal(int slot, byte[] bytes) {
    if (bytes.length > width && !onlySign(bytes, bytes.length - width)) {
      return false;
    }
    long at = slot(slot);
    byte sign = bytes.length > 0 && bytes[0] < 0 ? (byte) -1 : 0;
    for (int i = 0; i < width; i++) {
      MemoryUtil.putByte(at + i, i < bytes.length ? bytes[bytes.length - 1 - i] : sign);
    }
    return true;
  }

  /** True if the first {@code n} bytes all repeat the sign bit of byte {@code n}. */
  private static boolean onlySign(byte[] bytes, int n) {
    byte sign = (byte) (bytes[n] >> 7);
    for (int i = 0; i < n; i++) {
      if (bytes[i] != sign) {
        return false;
      }
    }
    return true;
  }

  private void refresh() {
    validity = vector.getValidityBufferAddress();
    values = vector.getDataBufferAddress();
    capacity =
        Math.min(
            BufferWrites.validityCapacity(vector.getValidityBuffer()),
            (int) Math.min(Integer.MAX_VALUE, vector.getDataBuffer().capacity() / width));
  }
}
