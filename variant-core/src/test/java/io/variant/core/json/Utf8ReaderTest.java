// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@link Utf8Reader} decodes every length of sequence and every bit of each, as the JDK does. */
class Utf8ReaderTest {
  private static String readAll(byte[] utf8, int chunk) throws IOException {
    StringBuilder out = new StringBuilder();
    char[] cbuf = new char[chunk];
    try (Reader r = new Utf8Reader(new ByteArrayInputStream(utf8))) {
      for (int n; (n = r.read(cbuf, 0, chunk)) >= 0; ) {
        out.append(cbuf, 0, n);
      }
    }
    return out.toString();
  }

  /** Every 37th code point from U+0080 to U+10FFFF (surrogates skipped), and the bounds. */
  private static String sweep() {
    StringBuilder s = new StringBuilder();
    int[] bounds = {0x7F, 0x80, 0x7FF, 0x800, 0xFFFF, 0x10000, 0x3FFFF, 0x40000, 0x10FFFF};
    for (int cp : bounds) {
      s.appendCodePoint(cp);
    }
    for (int cp = 0x80; cp <= 0x10FFFF; cp += 37) {
      if (cp < Character.MIN_SURROGATE || cp > Character.MAX_SURROGATE) {
        s.appendCodePoint(cp).append(' ');
      }
    }
    return s.toString();
  }

  @Test
  void decodesEveryCodePointLengthAsTheJdkDoes() throws IOException {
    String text = sweep();
    byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
    for (int chunk : new int[] {1, 2, 3, 7, 8192}) {
      assertEquals(text, readAll(utf8, chunk), "chunk " + chunk);
    }
  }

  @Test
  void distinguishesCharactersThatShareAllButOneByte() throws IOException {
    // Sequences that differ only in their second, third or fourth byte
    String text =
        "\u20AC\u20AD\u213C\u2FAC \u00E9\u00EA\u03A9 \uD800\uDC00\uD800\uDC01\uD8C0\uDC00";
    assertEquals(text, readAll(text.getBytes(StandardCharsets.UTF_8), 4));
  }
}
