package io.variant.core.json;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Strict UTF-8 checking of {@code byte[]} JSON input. Jackson's byte parser decodes leniently: it accepts
 * overlong forms ({@code C0 80} becomes U+0000) and sequences above U+10FFFF, which would then be stored as
 * different text. The JDK decoder rejects both.
 */
final class Utf8Input {
  private Utf8Input() {}

  /** @throws VariantJsonException at the line and column (in bytes) of the first invalid byte */
  static void requireValid(byte[] utf8) {
    int bad = firstInvalid(utf8);
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
    throw VariantJsonException.at(line, bad - lineStart + 1, String.format(Locale.ROOT,
        "invalid UTF-8 at byte %d (0x%02X)", bad, utf8[bad] & 0xFF));
  }

  /** Index of the first byte that starts no valid UTF-8 sequence, or -1 if all are valid. */
  static int firstInvalid(byte[] b) {
    int i = 0;
    while (i < b.length && b[i] >= 0) { // ASCII, the common case, needs no decoder
      i++;
    }
    if (i == b.length) {
      return -1;
    }
    CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder(); // reports errors by default
    ByteBuffer in = ByteBuffer.wrap(b, i, b.length - i);
    CharBuffer out = CharBuffer.allocate(Math.min(8192, b.length - i + 1));
    while (true) {
      CoderResult r = decoder.decode(in, out, true); // end of input: a truncated sequence is an error too
      if (r.isError()) {
        return in.position();
      }
      if (r.isUnderflow()) {
        return -1;
      }
      out.clear();
    }
  }
}
