// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * The growing byte array a builder writes a value into, with the size limit. Containers are written
 * after their elements ({@link ContainerStack} moves the elements to make room for the header).
 */
final class ValueBuffer {
  byte[] out = new byte[256];
  int len;
  private final long maxBytes;
  // maxBytes plus the bytes within len held for the headers of open containers (FixedContainers
  // reserves a guess of each header's size when the container opens): the size limit is checked
  // without them, so a guess never makes a value fail that fits
  private long limit;

  ValueBuffer(Limits limits) {
    this.maxBytes = limits.maxValueBytes();
    this.limit = maxBytes;
  }

  /** Counts {@code bytes} more (or, negative, fewer) as reserved: not held against the limit. */
  void reserve(int bytes) {
    limit += bytes;
  }

  /**
   * Appends {@code bytes} of room reserved for a header ({@link #reserve}: not counted against the
   * limit) and returns the new length.
   */
  int hold(int bytes) {
    limit += bytes;
    long end = (long) len + bytes;
    if (end > out.length || end > limit) {
      grow(end);
    }
    return len = (int) end;
  }

  /** Forgets every reservation. */
  void clearReserved() {
    limit = maxBytes;
  }

  /**
   * Makes room for {@code capacity} bytes in all. @throws VariantLimitException past the value
   * limit
   */
  void ensure(long capacity) {
    if (capacity > out.length || capacity > limit) {
      grow(capacity);
    }
  }

  private void grow(long capacity) {
    if (capacity > limit || capacity > Limits.MAX_ARRAY_BYTES) {
      throw new VariantLimitException(
          "Cannot build a value over " + maxBytes + " bytes (raise Limits.maxValueBytes)");
    }
    out =
        Arrays.copyOf(
            out, (int) Math.min(grownLength(out.length, capacity), Limits.MAX_ARRAY_BYTES));
  }

  /**
   * The bytes written, for a caller that keeps them: the array itself when they fill at least seven
   * eighths of it, else a copy; the buffer then starts over empty and small.
   */
  byte[] release() {
    byte[] kept = len >= out.length - (out.length >> 3) ? out : Arrays.copyOf(out, len);
    out = new byte[256];
    len = 0;
    return kept;
  }

  /** Past this length the buffer grows by an eighth, not twice over. */
  static final int LARGE = 16 << 20;

  /**
   * The next length for a buffer of {@code length} that must hold {@code capacity}: twice over
   * while small (few copies), by an eighth once large, so that a value of one huge string (a 100 MB
   * JSON string) does not double its buffer to add a container's few header bytes: 100 MB plus 200
   * MB live at the copy ran a 512 MB heap out of memory.
   */
  static long grownLength(int length, long capacity) {
    long grown = length < LARGE ? 2L * length : length + (length >> 3);
    return Math.max(capacity, grown);
  }

  /**
   * Writes a primitive's header byte and reserves its payload; returns where the payload starts.
   */
  int primitive(VariantType t, int payload) {
    ensure((long) len + 1 + payload);
    out[len] = (byte) t.headerByte();
    int at = len + 1;
    len = at + payload;
    return at;
  }

  /** A string of valid UTF-8 bytes: the short form up to 63 bytes, else the long form. */
  void string(byte[] b, int off, int length) {
    if (length <= Layout.MAX_SHORT_STRING) {
      ensure((long) len + 1 + length);
      out[len] = (byte) Layout.shortStringHeader(length);
      System.arraycopy(b, off, out, len + 1, length);
      len += 1 + length;
    } else {
      int at = primitive(VariantType.STRING, 4 + length);
      LittleEndian.writeInt(out, at, length);
      System.arraycopy(b, off, out, at + 4, length);
    }
  }

  /** Copies encoded bytes as they are. */
  void copy(byte[] b, int off, int length) {
    ensure((long) len + length);
    System.arraycopy(b, off, out, len, length);
    len += length;
  }

  /** A decimal of {@code w} unscaled bytes (4, 8 or 16) from a long, sign-extended. */
  void decimal(VariantType t, int scale, long unscaled) {
    int w = t.fixedPayloadSize() - 1;
    int at = primitive(t, w + 1);
    out[at] = (byte) scale;
    if (w == 4) {
      LittleEndian.writeInt(out, at + 1, (int) unscaled);
    } else {
      LittleEndian.writeLong(out, at + 1, unscaled);
      if (w == 16) {
        Arrays.fill(out, at + 9, at + 17, (byte) (unscaled < 0 ? 0xFF : 0));
      }
    }
  }

  /** A decimal16 from its unscaled value in 128-bit two's complement. */
  void decimal16(int scale, long high, long low) {
    int at = primitive(VariantType.DECIMAL16, VariantType.DECIMAL16.fixedPayloadSize());
    out[at] = (byte) scale;
    LittleEndian.writeLong(out, at + 1, low);
    LittleEndian.writeLong(out, at + 9, high);
  }

  /** A decimal16 whose unscaled value needs more than a long. */
  void decimal16(int scale, BigInteger unscaled) {
    int at = primitive(VariantType.DECIMAL16, VariantType.DECIMAL16.fixedPayloadSize());
    out[at] = (byte) scale;
    byte[] be = unscaled.toByteArray(); // big-endian, at most 16 bytes (checked by the caller)
    for (int i = 0; i < 16; i++) {
      int src = be.length - 1 - i;
      out[at + 1 + i] = src >= 0 ? be[src] : (byte) (unscaled.signum() < 0 ? 0xFF : 0);
    }
  }
}
