// SPDX-License-Identifier: Apache-2.0
package io.variant.core.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Lines read in bounded memory, of the kinds {@link NdjsonLines} says. */
class NdjsonLineReaderTest {
  private static NdjsonLineReader reader(String text, int maxLineBytes) {
    return new NdjsonLineReader(
        new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), maxLineBytes);
  }

  private static String line(NdjsonLineReader r) {
    return new String(r.lineBuffer(), 0, r.lineLength(), StandardCharsets.UTF_8);
  }

  /** {@code length} bytes of {@code b}, made as they are read. */
  private static InputStream repeated(byte b, long length) {
    return new InputStream() {
      private long left = length;

      @Override
      public int read() {
        return left-- > 0 ? b : -1;
      }

      @Override
      public int read(byte[] buf, int off, int len) {
        if (left <= 0) {
          return -1;
        }
        int n = (int) Math.min(len, left);
        Arrays.fill(buf, off, off + n, b);
        left -= n;
        return n;
      }
    };
  }

  @Test
  void readsLinesWithTheirStartsAndNumbers() throws IOException {
    NdjsonLineReader r = reader("{\"a\":1}\r\n\n  \n\uFEFF{}", 100);

    assertTrue(r.read());
    assertEquals(NdjsonLines.Kind.DOCUMENT, r.kind(true));
    assertEquals("{\"a\":1}\r", line(r));
    assertEquals(0, r.textStart());
    assertEquals(7, r.textEnd()); // without the \r
    assertTrue(r.read());
    assertEquals(NdjsonLines.Kind.BLANK, r.kind(false));
    assertEquals(9, r.lineStart());
    assertTrue(r.read());
    assertEquals(NdjsonLines.Kind.BLANK, r.kind(false));
    assertTrue(r.read()); // the last line, without \n
    assertEquals(NdjsonLines.Kind.BYTE_ORDER_MARK, r.kind(false));
    assertEquals(13, r.lineStart());
    assertEquals(4, r.lines());
    assertEquals(18, r.position());
    assertFalse(r.read());
  }

  @Test
  void aLineWithoutEndIsHeldNoFurtherThanTheLimit() throws IOException {
    long length = 256L << 20; // 256 MiB without a newline
    NdjsonLineReader r = new NdjsonLineReader(repeated((byte) '7', length), 1 << 20);

    assertTrue(r.read());
    assertEquals(NdjsonLines.Kind.TOO_LONG, r.kind(true));
    assertTrue(r.lineBuffer().length <= 1 << 20, "held " + r.lineBuffer().length);
    assertEquals(length, r.position());
    assertArrayEquals(
        repeatedBytes('7', NdjsonLines.REJECTED_TEXT_BYTES), r.rejectedText()); // its start
    assertFalse(r.read());
  }

  @Test
  void aLineOverTheLimitIsBlankOnlyIfBlankThroughout() throws IOException {
    String spaces = " ".repeat(100);
    NdjsonLineReader r =
        reader(spaces + "\n" + spaces + "{}\n{}" + spaces + "\n" + "{\"a\": 1}\n", 16);

    assertTrue(r.read());
    assertEquals(NdjsonLines.Kind.BLANK, r.kind(true));
    assertTrue(r.read()); // blank as far as the limit, then a document
    assertEquals(NdjsonLines.Kind.TOO_LONG, r.kind(false));
    assertTrue(r.read()); // a small document, padded
    assertEquals(NdjsonLines.Kind.TOO_LONG, r.kind(false));
    assertTrue(r.read()); // within the limit again
    assertEquals(NdjsonLines.Kind.DOCUMENT, r.kind(false));
    assertEquals("{\"a\": 1}", line(r));
  }

  @Test
  void skipLineReadsNoFurtherThanItsBound() throws IOException {
    NdjsonLineReader r = reader("abc\ndef\n", 100);
    assertTrue(r.skipLine(4)); // the \n at 3 is before 4
    assertEquals(4, r.position());
    assertEquals(1, r.lines());
    assertTrue(r.read());
    assertEquals("def", line(r));
    assertEquals(2, r.lines());

    NdjsonLineReader within = reader("abc\ndef\n", 100);
    assertFalse(within.skipLine(3)); // no line ends before 3
    assertEquals(3, within.position());

    NdjsonLineReader endless = new NdjsonLineReader(repeated((byte) 'x', 1L << 30), 100);
    assertFalse(endless.skipLine(1000));
    assertEquals(1000, endless.position()); // of 1 GiB
  }

  @Test
  void aReaderTakesOverTheBuffersOfTheOneBefore() throws IOException {
    NdjsonLineReader first = reader("{\"a\": 1}\n", 100);
    assertTrue(first.read());
    NdjsonLineReader next =
        new NdjsonLineReader(
            new ByteArrayInputStream("{}\n".getBytes(StandardCharsets.UTF_8)), 100, first);

    assertTrue(next.read());
    assertEquals("{}", line(next));
    assertEquals(0, next.lineStart());
    assertEquals(3, next.position());
  }

  private static byte[] repeatedBytes(char c, int n) {
    byte[] b = new byte[n];
    Arrays.fill(b, (byte) c);
    return b;
  }
}
