// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
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

  /**
   * The error names the line and the column (in UTF-16 chars) of the bad byte, and the byte,
   * however the caller's reads split the text, a surrogate pair included.
   */
  @Test
  void anErrorNamesItsColumnAndByteHoweverTheReadsSplitTheText() {
    byte[] utf8 = bytes("\uD83D\uDE00x", 0xFF); // a pair (2 chars), x, then a byte never in UTF-8
    for (int chunk : new int[] {1, 2, 3, 8192}) {
      var e =
          assertThrows(VariantJsonException.class, () -> readAll(utf8, chunk), "chunk " + chunk);
      assertEquals(1, e.line());
      assertEquals(4, e.column(), "chunk " + chunk);
      assertTrue(e.getMessage().contains("byte 0xFF starts no valid character"), e.getMessage());
    }
    byte[] second = bytes("ab\n\uD83D\uDE00", 0xFF);
    var e = assertThrows(VariantJsonException.class, () -> readAll(second, 8192));
    assertEquals(2, e.line());
    assertEquals(3, e.column());
  }

  @Test
  void anInputEndingInsideACharacterSaysSo() {
    byte[] utf8 = bytes("ab", 0xE2, 0x82); // the first two of the euro sign's three bytes
    var e = assertThrows(VariantJsonException.class, () -> readAll(utf8, 8192));
    assertEquals(3, e.column());
    assertTrue(
        e.getMessage().contains("byte 0xE2 ends the input inside a character"), e.getMessage());
  }

  @Test
  void aNulCharacterIsOneAsciiChar() throws IOException {
    assertEquals("a\u0000b", readAll("a\u0000b".getBytes(StandardCharsets.UTF_8), 8192));
  }

  /** A stream may return fewer bytes than asked: characters are still never cut at a read. */
  @Test
  void aStreamThatGivesOneByteAtATimeDecodesTheSame() throws IOException {
    String text = sweep();
    StringBuilder out = new StringBuilder();
    char[] cbuf = new char[8192];
    try (Reader r = new Utf8Reader(new Trickle(text.getBytes(StandardCharsets.UTF_8)))) {
      for (int n; (n = r.read(cbuf, 0, cbuf.length)) >= 0; ) {
        out.append(cbuf, 0, n);
      }
    }
    assertEquals(text, out.toString());
  }

  @Test
  void closeClosesTheStream() throws IOException {
    boolean[] closed = {false};
    InputStream in =
        new ByteArrayInputStream(new byte[] {'a'}) {
          @Override
          public void close() {
            closed[0] = true;
          }
        };
    new Utf8Reader(in).close();
    assertTrue(closed[0]);
  }

  private static byte[] bytes(String text, int... raw) {
    byte[] t = text.getBytes(StandardCharsets.UTF_8);
    byte[] b = Arrays.copyOf(t, t.length + raw.length);
    for (int i = 0; i < raw.length; i++) {
      b[t.length + i] = (byte) raw[i];
    }
    return b;
  }

  /** An input stream that returns one byte per read. */
  private static final class Trickle extends ByteArrayInputStream {
    Trickle(byte[] b) {
      super(b);
    }

    @Override
    public synchronized int read(byte[] b, int off, int len) {
      return super.read(b, off, Math.min(len, 1));
    }
  }
}
