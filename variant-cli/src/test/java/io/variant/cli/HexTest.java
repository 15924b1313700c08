// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.util.Random;
import org.junit.jupiter.api.Test;

class HexTest {
  @Test
  void writesTwoLowerCaseDigitsPerByte() throws IOException {
    StringWriter out = new StringWriter();
    new Hex().write(new byte[] {0x00, 0x0F, (byte) 0xA0, (byte) 0xFF, 0x7E}, out);
    assertEquals("000fa0ff7e", out.toString());
  }

  @Test
  void writesEveryByteValueAsTwoLowerCaseDigits() throws IOException {
    byte[] all = new byte[256];
    StringBuilder expected = new StringBuilder();
    for (int i = 0; i < all.length; i++) {
      all[i] = (byte) i;
      expected.append(Character.forDigit(i >> 4, 16)).append(Character.forDigit(i & 0xF, 16));
    }
    StringWriter out = new StringWriter();
    new Hex().write(all, out);
    assertEquals(expected.toString(), out.toString());
  }

  @Test
  void appendsTheSameDigitsToAStringBuilder() {
    StringBuilder out = new StringBuilder("x");
    new Hex().append(new byte[] {0x00, 0x0F, (byte) 0xA0, (byte) 0xFF, 0x7E}, out);
    assertEquals("x000fa0ff7e", out.toString());
  }

  @Test
  void appendsValuesLargerThanTheScratchBuffer() throws Exception {
    byte[] bytes = new byte[5000];
    new Random(8).nextBytes(bytes);
    Hex hex = new Hex();
    StringBuilder out = new StringBuilder();
    hex.append(new byte[] {1}, out); // the scratch buffer must grow for the large value
    hex.append(bytes, out);
    assertArrayEquals(bytes, Hex.decode(out, 2, out.length()));
  }

  @Test
  void decodesUpperAndLowerCase() throws Hex.BadDigit {
    assertArrayEquals(new byte[] {0x0F, (byte) 0xA0, (byte) 0xbc}, Hex.decode("x0Fa0BCx", 1, 7));
  }

  @Test
  void decodesEmptyRangeToNoBytes() throws Hex.BadDigit {
    assertEquals(0, Hex.decode("ab", 1, 1).length);
  }

  @Test
  void roundTripsValuesLargerThanTheScratchBuffer() throws Exception {
    byte[] bytes = new byte[5000];
    new Random(7).nextBytes(bytes);
    Hex hex = new Hex();
    StringWriter out = new StringWriter();
    // a small value first: the scratch buffer must grow for the large one
    hex.write(new byte[] {1}, out);
    hex.write(bytes, out);
    assertArrayEquals(bytes, Hex.decode(out.toString(), 2, out.toString().length()));
  }

  @Test
  void rejectsNonHexCharacterAtItsIndex() {
    var e = assertThrows(Hex.BadDigit.class, () -> Hex.decode("  0g12", 2, 6));
    assertEquals(3, e.index());
    assertTrue(e.getMessage().contains("'g' is not a hex digit"), e.getMessage());
  }

  @Test
  void rejectsFullWidthDigitsThatCharacterDigitWouldAccept() {
    var e = assertThrows(Hex.BadDigit.class, () -> Hex.decode("\uFF10\uFF11", 0, 2));
    assertEquals(0, e.index());
    assertTrue(e.getMessage().contains("\\uff10"), e.getMessage());
  }

  @Test
  void namesAControlCharacterByItsEscape() {
    var e = assertThrows(Hex.BadDigit.class, () -> Hex.decode("0\u0007", 0, 2));
    assertEquals(1, e.index());
    assertEquals("'\\u0007' is not a hex digit", e.getMessage());
  }

  @Test
  void rejectsOddDigitCountAtTheLastDigit() {
    var e = assertThrows(Hex.BadDigit.class, () -> Hex.decode("abc", 0, 3));
    assertEquals(2, e.index());
    assertTrue(e.getMessage().contains("odd number of hex digits (3)"), e.getMessage());
  }
}
