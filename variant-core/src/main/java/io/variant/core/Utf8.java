// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Strict UTF-8: checking (public, for the JSON reader, which must reject what the JDK's strict
 * decoder rejects), decoding, and unsigned byte comparison (the spec's key order).
 */
public final class Utf8 {
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long HIGH_BITS = 0x8080808080808080L;

  private static final ThreadLocal<CharsetDecoder> DECODER =
      ThreadLocal.withInitial(
          () ->
              StandardCharsets.UTF_8
                  .newDecoder()
                  .onMalformedInput(CodingErrorAction.REPORT)
                  .onUnmappableCharacter(CodingErrorAction.REPORT));

  private Utf8() {}

  /**
   * Decodes strictly; invalid UTF-8 throws {@link VariantFormatException} at {@code byteOffset}.
   */
  static String decode(byte[] b, int off, int len, long byteOffset) {
    boolean ascii = true;
    for (int i = off, end = off + len; i < end; i++) {
      if (b[i] < 0) {
        ascii = false;
        break;
      }
    }
    if (ascii) {
      return new String(b, off, len, StandardCharsets.ISO_8859_1);
    }
    try {
      CharBuffer chars = DECODER.get().reset().decode(ByteBuffer.wrap(b, off, len));
      return chars.toString();
    } catch (CharacterCodingException e) {
      throw VariantFormatException.at(byteOffset, "string of %d bytes is not valid UTF-8", len);
    }
  }

  /**
   * Checks that the bytes are valid UTF-8 without building a String.
   *
   * @throws VariantFormatException at {@code byteOffset} if they are not
   */
  static void check(byte[] b, int off, int len, long byteOffset) {
    if (!isAscii(b, off, off + len) && firstInvalid(b, off, off + len) >= 0) {
      throw VariantFormatException.at(byteOffset, "string of %d bytes is not valid UTF-8", len);
    }
  }

  /**
   * True if every byte of {@code b[from, to)} is ASCII. Branch-free over 8 bytes at a time: most
   * strings of real documents are ASCII, and this costs about as much as reading them, where {@link
   * #firstInvalid}'s per-word test and sequence decoding cost several times more (an encode
   * profile: 29% of parsing in {@code firstInvalid}, called once per string value).
   */
  static boolean isAscii(byte[] b, int from, int to) {
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

  static byte[] encode(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Compares as unsigned bytes, which is code-point order; not {@link String#compareTo} (UTF-16
   * order).
   */
  static int compare(byte[] a, int aOff, int aLen, byte[] b, int bOff, int bLen) {
    if (aLen > SHORT || bLen > SHORT) {
      return Arrays.compareUnsigned(a, aOff, aOff + aLen, b, bOff, bOff + bLen);
    }
    // Keys are short: a plain loop beats the vectorized mismatch's set-up cost.
    int n = Math.min(aLen, bLen);
    for (int i = 0; i < n; i++) {
      int c = (a[aOff + i] & 0xFF) - (b[bOff + i] & 0xFF);
      if (c != 0) {
        return c;
      }
    }
    return aLen - bLen;
  }

  static int compare(byte[] a, byte[] b) {
    return compare(a, 0, a.length, b, 0, b.length);
  }

  private static final int SHORT = 32;

  /**
   * The first 8 bytes as an unsigned big-endian long, zero-padded: comparing prefixes with {@link
   * Long#compareUnsigned} orders keys as {@link #compare} does, except that equal prefixes need the
   * full comparison.
   */
  static long prefix(byte[] k) {
    long p = 0;
    for (int i = 0; i < 8; i++) {
      p = (p << 8) | (i < k.length ? k[i] & 0xFF : 0);
    }
    return p;
  }
}
