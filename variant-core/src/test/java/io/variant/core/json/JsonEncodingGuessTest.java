// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Byte input is UTF-8 whatever its first bytes look like: jackson would read input with a NUL among
 * its first four bytes as UTF-16 or UTF-32 and fail with an undeclared {@code
 * CharConversionException} (found by {@link JsonFuzzTest}); such input is invalid JSON and is
 * reported as such.
 */
class JsonEncodingGuessTest {
  @Test
  void rejectsInputThatLooksLikeUtf32() {
    byte[] input = {0x00, 0x00, 0x00, '1'}; // UTF-32BE "1" to jackson's guess

    var e = assertThrows(VariantJsonException.class, () -> VariantJson.parse(input));
    assertEquals(1, e.line());
    assertEquals(1, e.column()); // the first NUL
    assertTrue(e.getMessage().contains("NUL byte at byte 0"), e.getMessage());
  }

  @Test
  void rejectsInputThatLooksLikeUtf16AtTheLineOfTheNul() {
    byte[] input = {'\n', '1', 0x00, ' '}; // UTF-16LE to jackson's guess

    var e = assertThrows(VariantJsonException.class, () -> VariantJson.parse(input));
    assertEquals(2, e.line());
    assertEquals(2, e.column());
    assertTrue(e.getMessage().contains("NUL byte at byte 2"), e.getMessage());
  }

  @Test
  void reportsALaterNulAsJacksonDoes() {
    byte[] input = {'[', '1', ',', ' ', 0x00, ']'}; // past the bytes jackson looks at to guess

    var e = assertThrows(VariantJsonException.class, () -> VariantJson.parse(input));
    assertEquals(1, e.line());
    assertTrue(e.getMessage().contains("code 0"), e.getMessage());
  }
}
