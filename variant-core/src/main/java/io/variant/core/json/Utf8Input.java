package io.variant.core.json;

import java.util.Locale;

/**
 * Strict UTF-8 checking of {@code byte[]} JSON input. Jackson's byte parser decodes leniently: it accepts
 * overlong forms ({@code C0 80} becomes U+0000) and sequences above U+10FFFF, which would then be stored as
 * different text. The JDK decoder rejects both.
 */
final class Utf8Input {
  /**
   * Jackson guesses the encoding of byte input from its first four bytes and reads it as UTF-16 or UTF-32
   * when one of them is NUL (then failing with an undeclared {@code CharConversionException}); a raw NUL is
   * never valid JSON, so it is rejected here, where the input is known to be UTF-8.
   */
  private static final int ENCODING_GUESS_BYTES = 4;

  private Utf8Input() {}

  /**
   * @throws VariantJsonException at the line and column (in bytes) of the first invalid byte, or of a NUL
   *     among the first four bytes
   */
  static void requireValid(byte[] utf8) {
    int nul = firstNul(utf8, Math.min(ENCODING_GUESS_BYTES, utf8.length));
    int bad = nul >= 0 ? nul : firstInvalid(utf8);
    if (bad < 0) {
      return;
    }
    long line = 1;
    int lineStart = 0;
    for (int i = 0; i < bad; i++) {
      if (utf8[i] == '\n') {
        line++;
        lineStart = i + 1;
      }
    }
    String detail = nul >= 0 ? "unexpected NUL byte at byte " + bad + " (JSON text cannot hold one)"
        : String.format(Locale.ROOT, "invalid UTF-8 at byte %d (0x%02X)", bad, utf8[bad] & 0xFF);
    throw VariantJsonException.at(line, bad - lineStart + 1, detail);
  }

  private static int firstNul(byte[] b, int limit) {
    for (int i = 0; i < limit; i++) {
      if (b[i] == 0) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Index of the first byte that starts no valid UTF-8 sequence, or -1 if all are valid. Rejects what the
   * JDK's strict decoder rejects: overlong forms, surrogates (ED A0..BF), code points above U+10FFFF and
   * truncated sequences. A hand-written loop: this runs over every input byte.
   */
  static int firstInvalid(byte[] b) {
    int n = b.length;
    int i = 0;
    while (i < n) {
      if (b[i] >= 0) {
        i++;
        continue;
      }
      int len = sequenceLength(b, i, n);
      if (len < 0) {
        return i;
      }
      i += len;
    }
    return -1;
  }

  /**
   * The length of the valid sequence that non-ASCII byte {@code b[i]} starts, looking no further than {@code
   * end}: -1 if it starts none, -2 if {@code end} comes before the sequence is complete.
   */
  static int sequenceLength(byte[] b, int i, int end) {
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
}
