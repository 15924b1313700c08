// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Word-wise operations on a key's UTF-8 bytes for {@link KeyTable}'s cache: the hash, the equality
 * test against the cache's arena and the 8-byte ordering prefix. Keys are short, and a byte loop's
 * exit mispredicts, so each works on 8-byte words where it can.
 */
final class KeyBytes {
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private KeyBytes() {}

  /**
   * True if {@code arena[at, at+len)} equals {@code b[off, off+len)}. The arena keeps 8 bytes of
   * slack after its last key, so a word read from {@code at} is always in bounds.
   */
  static boolean sameBytes(byte[] arena, int at, byte[] b, int off, int len) {
    // Word compares only, no byte loop (keys are short, and a byte loop's exit mispredicts).
    if (len < 8) {
      if (off + 8 > b.length) {
        return Arrays.equals(arena, at, at + len, b, off, off + len);
      }
      long mask = (1L << (8 * len)) - 1;
      return (((long) LONGS.get(arena, at) ^ (long) LONGS.get(b, off)) & mask) == 0;
    }
    int i = 0;
    for (; i + 8 <= len; i += 8) {
      if ((long) LONGS.get(arena, at + i) != (long) LONGS.get(b, off + i)) {
        return false;
      }
    }
    int last = len - 8; // the tail as one word overlapping the last full one
    return i == len || (long) LONGS.get(arena, at + last) == (long) LONGS.get(b, off + last);
  }

  /** The hash of {@code b[off, off+len)}: the same value whichever array holds the key. */
  static int hash(byte[] b, int off, int len) {
    long h = len;
    int i = off;
    int end = off + len;
    for (; i + 8 <= end; i += 8) {
      h = (h ^ (long) LONGS.get(b, i)) * 0x9E3779B97F4A7C15L;
    }
    if (i < end) { // the tail as one masked word: the same value whichever array holds the key
      long tail;
      if (i + 8 <= b.length) {
        tail = (long) LONGS.get(b, i) & ((1L << (8 * (end - i))) - 1);
      } else {
        tail = 0;
        for (int j = end - 1; j >= i; j--) {
          tail = (tail << 8) | (b[j] & 0xFF);
        }
      }
      h = (h ^ tail) * 0x9E3779B97F4A7C15L;
    }
    return mix((int) (h ^ (h >>> 32)));
  }

  /** Spreads a hash's high bits into the low ones that index a table. */
  static int mix(int h) {
    return h ^ (h >>> 16) ^ (h >>> 7);
  }

  /** The first 8 bytes, big-endian and zero-padded: unsigned order of prefixes is key order. */
  static long prefix(byte[] b, int off, int len) {
    long p = 0;
    for (int i = 0; i < 8; i++) {
      p = (p << 8) | (i < len ? b[off + i] & 0xFF : 0);
    }
    return p;
  }

  /** True if no byte is a quote, a backslash or a control byte: JSON writes the key as it is. */
  static boolean isPlain(byte[] b, int off, int len) {
    for (int i = off; i < off + len; i++) {
      if (b[i] == '"' || b[i] == '\\' || (b[i] >= 0 && b[i] < 0x20)) {
        return false;
      }
    }
    return true;
  }
}
