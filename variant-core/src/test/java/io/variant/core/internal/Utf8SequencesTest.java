// SPDX-License-Identifier: Apache-2.0
package io.variant.core.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The UTF-8 helpers against the JDK's encoder, at the code points where the length changes. */
class Utf8SequencesTest {

  @ParameterizedTest
  @ValueSource(ints = {0x00, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFF, 0x10000, 0x10FFFF})
  void encodeCodePointWritesWhatTheJdkWrites(int cp) {
    byte[] expected = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8);
    byte[] out = new byte[6];
    int end = Utf8Sequences.encodeCodePoint(cp, out, 1);
    assertEquals(1 + expected.length, end);
    assertArrayEquals(expected, Arrays.copyOfRange(out, 1, end));
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 7, 8, 9, 16, 17})
  void isAsciiAcceptsAsciiAndFindsOneHighByteAnywhere(int length) {
    byte[] b = new byte[length + 2];
    Arrays.fill(b, (byte) 'a');
    b[0] = (byte) 0xC3; // outside the range: never read
    b[b.length - 1] = (byte) 0xA9;
    assertTrue(Utf8Sequences.isAscii(b, 1, 1 + length));
    for (int i = 1; i <= length; i++) {
      b[i] = (byte) 0x80;
      assertFalse(Utf8Sequences.isAscii(b, 1, 1 + length), "high byte at " + i);
      b[i] = 'a';
    }
  }
}
