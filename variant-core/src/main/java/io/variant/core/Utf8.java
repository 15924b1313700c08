// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import io.variant.core.internal.Utf8Sequences;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Strict UTF-8 for Variant strings and keys: decoding and checking, with errors at a byte offset
 * (the sequences themselves are {@link Utf8Sequences}'), and unsigned byte comparison (the spec's
 * key order).
 */
final class Utf8 {
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
    if (!Utf8Sequences.isAscii(b, off, off + len)
        && Utf8Sequences.firstInvalid(b, off, off + len) >= 0) {
      throw VariantFormatException.at(byteOffset, "string of %d bytes is not valid UTF-8", len);
    }
  }

  /**
   * {@code s} in UTF-8.
   *
   * @throws IllegalArgumentException if {@code s} holds an unpaired surrogate, which UTF-8 cannot
   *     hold ({@link String#getBytes} would write a '?' in its place, another text)
   */
  static byte[] encode(String s) {
    requirePaired(s);
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Fails if {@code s} holds an unpaired surrogate.
   *
   * @throws IllegalArgumentException naming its index
   */
  static void requirePaired(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (!Character.isSurrogate(c)) {
        continue;
      }
      if (Character.isHighSurrogate(c)
          && i + 1 < s.length()
          && Character.isLowSurrogate(s.charAt(i + 1))) {
        i++;
        continue;
      }
      throw new IllegalArgumentException(
          String.format(
              "Cannot encode a string with an unpaired surrogate (U+%04X at index %d) in UTF-8",
              (int) c, i));
    }
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
