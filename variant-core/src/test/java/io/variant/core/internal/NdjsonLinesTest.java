// SPDX-License-Identifier: Apache-2.0
package io.variant.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The NDJSON line rules both engines of {@code variant convert} read their input by. */
class NdjsonLinesTest {
  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void aLineEndsAtNewlineAlone() {
    assertEquals('\n', NdjsonLines.END);
  }

  @Test
  void aByteOrderMarkIsSkippedOnAnInputsFirstLineOnly() {
    byte[] line = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, '{', '}'}; // U+FEFF, then {}
    assertEquals(3, NdjsonLines.textStart(line, 0, line.length, true));
    assertEquals(-1, NdjsonLines.textStart(line, 0, line.length, false));
    assertEquals(0, NdjsonLines.textStart(utf8("{}"), 0, 2, false));
    // only at the line's start, and only whole
    byte[] inside = {'{', (byte) 0xEF, (byte) 0xBB, (byte) 0xBF, '}'};
    assertEquals(0, NdjsonLines.textStart(inside, 0, inside.length, false));
    assertEquals(0, NdjsonLines.textStart(line, 0, 2, false));
    // a line that starts at 1 of a buffer starts with the mark
    assertEquals(-1, NdjsonLines.textStart(inside, 1, inside.length, false));
    assertEquals(4, NdjsonLines.textStart(inside, 1, inside.length, true));
    assertTrue(NdjsonLines.startsWithByteOrderMark(line, 0, 3));
    assertFalse(NdjsonLines.startsWithByteOrderMark(line, 1, 5));
  }

  @Test
  void oneTrailingCarriageReturnIsDroppedAndALoneOneInsideKept() {
    assertEquals(4, NdjsonLines.textEnd(utf8("{}\r\r\r"), 0, 5)); // one, the line end's
    assertEquals(5, NdjsonLines.textEnd(utf8("{\r\"\"}"), 0, 5));
    assertEquals(3, NdjsonLines.textEnd(utf8("\uFEFF\r"), 3, 4)); // after a mark: empty
    assertEquals(3, NdjsonLines.textEnd(utf8("\uFEFF"), 3, 3));
  }

  @Test
  void spacesTabsAndCarriageReturnsAloneAreBlank() {
    assertTrue(NdjsonLines.isBlank(utf8(""), 0, 0));
    assertTrue(NdjsonLines.isBlank(utf8(" \t\r \r"), 0, 5));
    assertFalse(NdjsonLines.isBlank(utf8(" \t\u00A0"), 0, 4)); // no-break space: no JSON blank
    assertFalse(NdjsonLines.isBlank(utf8("\uFEFF"), 0, 3)); // a mark is no blank
    assertTrue(NdjsonLines.isBlank(utf8("\uFEFF "), 3, 4)); // the first line's, once skipped
    assertFalse(NdjsonLines.isBlank(utf8("  x"), 0, 3));
  }

  @Test
  void aParsersPositionIsAColumnOfCharactersInTheWholeLine() {
    byte[] ascii = utf8("{\"a\": }");
    assertEquals(7, NdjsonLines.column(ascii, ascii.length, 1, 7, false));
    assertEquals(8, NdjsonLines.column(ascii, ascii.length, 1, 7, true)); // after a first mark
    byte[] wide = utf8("{\"é\": \"😀\" x}"); // 2-byte é, 4-byte emoji: one and two chars
    assertEquals(12, NdjsonLines.column(wide, wide.length, 1, 15, false)); // the x
    byte[] cr = utf8("{\"a\":\r 8 x}"); // the parser's line 2 starts after the lone \r
    assertEquals(10, NdjsonLines.column(cr, cr.length, 2, 4, false));
    assertEquals(0, NdjsonLines.column(ascii, ascii.length, 1, 0, false)); // unknown
  }

  @Test
  void theLineLimitIsTwiceTheLargestValueFromOneMebibyteToWhatAnArrayHolds() {
    assertEquals(1 << 20, NdjsonLines.maxLineBytes(64));
    assertEquals(1 << 20, NdjsonLines.maxLineBytes(1 << 19));
    assertEquals(256 << 20, NdjsonLines.maxLineBytes(128 << 20)); // the default value limit
    assertEquals(Integer.MAX_VALUE - 8, NdjsonLines.maxLineBytes(Integer.MAX_VALUE));
    assertEquals(
        "the line is longer than 1.0 MiB (twice Limits.maxValueBytes)",
        NdjsonLines.tooLong(1 << 20));
    assertEquals(
        "the line is longer than 256.0 MiB (twice Limits.maxValueBytes)",
        NdjsonLines.tooLong(256 << 20));
    assertEquals(
        "the line is longer than 2.0 GiB (twice Limits.maxValueBytes)",
        NdjsonLines.tooLong(Integer.MAX_VALUE - 8));
  }

  @Test
  void aWholeLineOverTheLimitIsTooLongUnlessBlank() {
    byte[] doc = utf8("{\"a\": 1}    "); // 12 bytes
    assertEquals(NdjsonLines.Kind.DOCUMENT, NdjsonLines.kind(doc, 12, false, 12));
    assertEquals(NdjsonLines.Kind.TOO_LONG, NdjsonLines.kind(doc, 12, false, 11));
    byte[] blank = utf8(" \t \r ");
    assertEquals(NdjsonLines.Kind.BLANK, NdjsonLines.kind(blank, 5, false, 2));
    // the mark is judged first, as the local engine has always judged it
    byte[] mark = utf8("\uFEFF{\"a\": 1}");
    assertEquals(NdjsonLines.Kind.BYTE_ORDER_MARK, NdjsonLines.kind(mark, 11, false, 4));
    assertEquals(NdjsonLines.Kind.TOO_LONG, NdjsonLines.kind(mark, 11, true, 4));
    assertEquals(NdjsonLines.Kind.DOCUMENT, NdjsonLines.kind(mark, 11, true, 11));
  }
}
