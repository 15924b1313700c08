// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import io.variant.core.internal.Utf8Sequences;
import java.util.Locale;

/**
 * Strict UTF-8 checking of {@code byte[]} JSON input. Jackson's byte parser decodes leniently: it
 * accepts overlong forms ({@code C0 80} becomes U+0000) and sequences above U+10FFFF, which would
 * then be stored as different text. The JDK decoder rejects both.
 */
final class Utf8Input {
  /**
   * Jackson guesses the encoding of byte input from its first four bytes and reads it as UTF-16 or
   * UTF-32 when one of them is NUL (then failing with an undeclared {@code
   * CharConversionException}); a raw NUL is never valid JSON, so it is rejected here, where the
   * input is known to be UTF-8.
   */
  private static final int ENCODING_GUESS_BYTES = 4;

  private Utf8Input() {}

  /**
   * @throws VariantJsonException at the line and column (in bytes) of the first invalid byte, or of
   *     a NUL among the first four bytes
   */
  static void requireValid(byte[] utf8, int offset, int length) {
    int nul = firstNul(utf8, offset, Math.min(ENCODING_GUESS_BYTES, length));
    int bad = nul >= 0 ? nul : Utf8Sequences.firstInvalid(utf8, offset, offset + length);
    if (bad < 0) {
      return;
    }
    long line = 1;
    int lineStart = offset;
    for (int i = offset; i < bad; i++) {
      if (utf8[i] == '\n') {
        line++;
        lineStart = i + 1;
      }
    }
    String detail =
        nul >= 0
            ? "unexpected NUL byte at byte " + (bad - offset) + " (JSON text cannot hold one)"
            : String.format(
                Locale.ROOT, "invalid UTF-8 at byte %d (0x%02X)", bad - offset, utf8[bad] & 0xFF);
    throw VariantJsonException.at(line, bad - lineStart + 1, detail);
  }

  private static int firstNul(byte[] b, int offset, int count) {
    for (int i = offset; i < offset + count; i++) {
      if (b[i] == 0) {
        return i;
      }
    }
    return -1;
  }
}
