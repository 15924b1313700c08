// SPDX-License-Identifier: Apache-2.0
package io.variant.core.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * UTF-8 sequences, byte by byte: which bytes start a valid sequence, how long it is, and how a code
 * point is written. Strict: it rejects what the JDK's strict decoder rejects (overlong forms,
 * surrogates, code points above U+10FFFF, truncated sequences), which the JSON reader must reject
 * too. Decoding and the spec's key order, which report errors as Variant errors, are the core
 * package's own.
 */
public final class Utf8Sequences {
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long HIGH_BITS = 0x8080808080808080L;

  private Utf8Sequences() {}

  /**
   * True if every byte of {@code b[from, to)} is ASCII. Branch-free over 8 bytes at a time: most
   * strings of real documents are ASCII, and this costs about as much as reading them, where {@link
   * #firstInvalid}'s per-word test and sequence decoding cost several times more (an encode
   * profile: 29% of parsing in {@code firstInvalid}, called once per string value).
   */
  public static boolean isAscii(byte[] b, int from, int to) {
    long acc = 0;
    int i = from;
    for (; i + 8 <= to; i += 8) {
      acc |= (long) LONGS.get(b, i);
    }
    for (; i < to; i++) {
      acc |= b[i]; // a negative byte sign-extends into every high bit
    }
    return (acc & HIGH_BITS) == 0;
  }

  /**
   * Index of the first byte in {@code b[from, to)} that starts no valid UTF-8 sequence, or -1 if
   * all are valid. Rejects what the JDK's strict decoder rejects: overlong forms, surrogates (ED
   * A0..BF), code points above U+10FFFF and truncated sequences. A hand-written loop: it runs over
   * every byte of JSON input.
   */
  public static int firstInvalid(byte[] b, int from, int to) {
    int i = from;
    while (i < to) {
      if (i + 8 <= to && ((long) LONGS.get(b, i) & HIGH_BITS) == 0) {
        i += 8; // eight ASCII bytes at once
        continue;
      }
      if (b[i] >= 0) {
        i++;
        continue;
      }
      int n = sequenceLength(b, i, to);
      if (n < 0) {
        return i;
      }
      i += n;
    }
    return -1;
  }

  /**
   * The length of the valid sequence that non-ASCII byte {@code b[i]} starts, looking no further
   * than {@code end}: -1 if it starts none, -2 if {@code end} comes before the sequence is
   * complete.
   */
  public static int sequenceLength(byte[] b, int i, int end) {
    int c = b[i] & 0xFF;
    int len;
    int lo = 0x80;
    int hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
      len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
      len = 3;
      if (c == 0xE0) {
        lo = 0xA0; // overlong
      } else if (c == 0xED) {
        hi = 0x9F; // surrogates
      }
    } else if (c >= 0xF0 && c <= 0xF4) {
      len = 4;
      if (c == 0xF0) {
        lo = 0x90; // overlong
      } else if (c == 0xF4) {
        hi = 0x8F; // above U+10FFFF
      }
    } else {
      return -1;
    }
    if (i + 1 >= end) {
      return -2;
    }
    int c1 = b[i + 1] & 0xFF;
    if (c1 < lo || c1 > hi) {
      return -1;
    }
    for (int k = 2; k < len; k++) {
      if (i + k >= end) {
        return -2;
      }
      if ((b[i + k] & 0xC0) != 0x80) {
        return -1;
      }
    }
    return len;
  }

  /**
   * Writes code point {@code cp} (not a surrogate) as 1 to 4 UTF-8 bytes at {@code out[at]};
   * returns the index after them. The one place that knows the encoding's bit layout.
   */
  public static int encodeCodePoint(int cp, byte[] out, int at) {
    if (cp < 0x80) {
      out[at++] = (byte) cp;
    } else if (cp < 0x800) {
      out[at++] = (byte) (0xC0 | (cp >>> 6));
      out[at++] = (byte) (0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out[at++] = (byte) (0xE0 | (cp >>> 12));
      out[at++] = (byte) (0x80 | ((cp >>> 6) & 0x3F));
      out[at++] = (byte) (0x80 | (cp & 0x3F));
    } else {
      out[at++] = (byte) (0xF0 | (cp >>> 18));
      out[at++] = (byte) (0x80 | ((cp >>> 12) & 0x3F));
      out[at++] = (byte) (0x80 | ((cp >>> 6) & 0x3F));
      out[at++] = (byte) (0x80 | (cp & 0x3F));
    }
    return at;
  }
}
