// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * One Arrow vector's buffers for its first {@code n} slots, copied to heap arrays with one checked
 * bulk copy each, for {@link HeapSlot} to read value by value. Read through Arrow's accessors, each
 * value cost a reference-count and bounds check per buffer and a new array per string; here a read
 * past a copy fails with the JVM's own bounds check.
 *
 * <p>{@link #of} declines (returns {@code null}) a vector whose buffers are shorter than {@code n}
 * slots need, or whose offsets decrease or run past its data: the caller then reads the column
 * through Arrow's accessors, which decide those cases.
 */
final class HeapBuffers {
  private static final VarHandle SHORT =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  /** The validity bits of slots 0 to n - 1 (spec: Arrow columnar format, validity bitmaps). */
  final byte[] validity;

  /** Variable-width and list vectors: the n + 1 offsets; else {@code null}. */
  final int[] offsets;

  /** Variable- and fixed-width vectors: the values' bytes (bits for booleans); else empty. */
  final byte[] data;

  private HeapBuffers(byte[] validity, int[] offsets, byte[] data) {
    this.validity = validity;
    this.offsets = offsets;
    this.data = data;
  }

  /**
   * The first {@code n} slots of {@code v}: a struct's validity, a list's validity and offsets, a
   * variable-width vector's validity, offsets and data, a fixed-width vector's validity and data
   * ({@code width} bytes a slot, ignored for bits); or {@code null} if they are not all there.
   */
  static HeapBuffers of(FieldVector v, int n, int width) {
    byte[] validity = bytes(v.getValidityBuffer(), (n + 7L) / 8);
    if (validity == null) {
      return null;
    }
    if (v instanceof BaseVariableWidthVector || v instanceof ListVector) {
      int[] offsets = offsets(v.getOffsetBuffer(), n);
      if (offsets == null) {
        return null;
      }
      byte[] data = v instanceof ListVector ? new byte[0] : bytes(v.getDataBuffer(), offsets[n]);
      return data == null ? null : new HeapBuffers(validity, offsets, data);
    }
    if (v instanceof BitVector) {
      byte[] bits = bytes(v.getDataBuffer(), (n + 7L) / 8);
      return bits == null ? null : new HeapBuffers(validity, null, bits);
    }
    if (v instanceof BaseFixedWidthVector fixed) {
      if (fixed.getTypeWidth() != width) {
        return null;
      }
      byte[] data = bytes(v.getDataBuffer(), (long) n * width);
      return data == null ? null : new HeapBuffers(validity, null, data);
    }
    if (v instanceof StructVector) {
      return new HeapBuffers(validity, null, new byte[0]); // validity only
    }
    return null; // a vector no plan reads
  }

  /** The first {@code length} bytes of {@code buf}, or {@code null} if it holds fewer. */
  private static byte[] bytes(ArrowBuf buf, long length) {
    if (length > buf.capacity() || length > Integer.MAX_VALUE - 8) {
      return null;
    }
    byte[] copy = new byte[(int) length];
    buf.getBytes(0, copy, 0, copy.length);
    return copy;
  }

  /**
   * The {@code n + 1} offsets at {@code buf}, or {@code null} unless they start at 0 or more and
   * never decrease.
   */
  private static int[] offsets(ArrowBuf buf, int n) {
    int[] offsets = new int[n + 1];
    if (n == 0 && buf.capacity() < 4) {
      return offsets; // an empty vector may have no offset buffer yet: Arrow reads no offset
    }
    if ((n + 1L) * 4 > buf.capacity()) {
      return null;
    }
    long at = buf.memoryAddress(); // capacity checked above for every read below
    int previous = 0;
    for (int i = 0; i <= n; i++) {
      int o = MemoryUtil.getInt(at + 4L * i);
      if (o < previous) {
        return null;
      }
      offsets[i] = previous = o;
    }
    return offsets;
  }

  /** True if slot {@code i} is not null. */
  boolean isSet(int i) {
    return (validity[i >>> 3] & (1 << (i & 7))) != 0;
  }

  /** Bit {@code i} of a boolean vector's data. */
  boolean bit(int i) {
    return (data[i >>> 3] & (1 << (i & 7))) != 0;
  }

  byte int8(int i) {
    return data[i];
  }

  short int16(int i) {
    return (short) SHORT.get(data, 2 * i);
  }

  int int32(int i) {
    return (int) INT.get(data, 4 * i);
  }

  long int64(int i) {
    return (long) LONG.get(data, 8 * i);
  }

  /** The low 8 bytes of a 16-byte slot. */
  long low(int i) {
    return (long) LONG.get(data, 16 * i);
  }

  /** The high 8 bytes of a 16-byte slot. */
  long high(int i) {
    return (long) LONG.get(data, 16 * i + 8);
  }

  int start(int i) {
    return offsets[i];
  }

  int length(int i) {
    return offsets[i + 1] - offsets[i];
  }
}
