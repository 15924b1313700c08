// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Little-endian reads and writes on byte arrays. Callers check bounds first. */
final class LittleEndian {
  // One store per width instead of a byte loop: JDK 17's compiler does not merge byte stores.
  private static final VarHandle SHORTS =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INTS =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private LittleEndian() {}

  /**
   * Reads an unsigned integer of 1 to 4 bytes; a 4-byte value above Integer.MAX_VALUE comes back
   * negative.
   */
  static int readUnsigned(byte[] b, int pos, int width) {
    switch (width) {
      case 1:
        return b[pos] & 0xFF;
      case 2:
        return (b[pos] & 0xFF) | (b[pos + 1] & 0xFF) << 8;
      case 3:
        return (b[pos] & 0xFF) | (b[pos + 1] & 0xFF) << 8 | (b[pos + 2] & 0xFF) << 16;
      default:
        return (b[pos] & 0xFF)
            | (b[pos + 1] & 0xFF) << 8
            | (b[pos + 2] & 0xFF) << 16
            | (b[pos + 3] & 0xFF) << 24;
    }
  }

  static long readLong(byte[] b, int pos, int width) {
    long v = 0;
    for (int i = width - 1; i >= 0; i--) {
      v = (v << 8) | (b[pos + i] & 0xFF);
    }
    // sign-extend
    int shift = 64 - 8 * width;
    return (v << shift) >> shift;
  }

  /**
   * {@link #write} of 8 bytes: small enough to be inlined where {@code write}, compiled into a big
   * method of its own, stays a call (a rebuild's int64, double and timestamp values).
   */
  static void writeLong(byte[] b, int pos, long v) {
    LONGS.set(b, pos, v);
  }

  /** {@link #write} of 4 bytes, inlined where it is called (as {@link #writeLong}). */
  static void writeInt(byte[] b, int pos, int v) {
    INTS.set(b, pos, v);
  }

  static void write(byte[] b, int pos, long v, int width) {
    switch (width) {
      case 1 -> b[pos] = (byte) v; // ids and offsets of small containers: the common case
      case 2 -> SHORTS.set(b, pos, (short) v);
      case 3 -> {
        SHORTS.set(b, pos, (short) v);
        b[pos + 2] = (byte) (v >>> 16);
      }
      case 4 -> INTS.set(b, pos, (int) v);
      case 8 -> LONGS.set(b, pos, v);
      default -> {
        for (int i = 0; i < width; i++) {
          b[pos + i] = (byte) (v >>> (8 * i));
        }
      }
    }
  }
}
