// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class CheckedUtf8Test {
  private static final VariantMetadata EMPTY = VariantMetadata.of(new byte[] {0x11, 0x00, 0x00});

  @Test
  void rejectsInvalidUtf8() {
    byte[] surrogate = {'a', (byte) 0xED, (byte) 0xA0, (byte) 0x80}; // U+D800, CESU style
    var e = assertThrows(VariantFormatException.class, () -> CheckedUtf8.copyOf(surrogate, 0, 4));
    assertEquals(0, e.byteOffset());
    assertTrue(e.getMessage().contains("not valid UTF-8"), e.getMessage());
  }

  @Test
  void rejectsARangeOutsideTheArray() {
    byte[] b = {'a', 'b'};
    assertThrows(IndexOutOfBoundsException.class, () -> CheckedUtf8.copyOf(b, 1, 2));
    assertThrows(IndexOutOfBoundsException.class, () -> CheckedUtf8.copyOf(b, -1, 1));
  }

  @Test
  void keepsAPrivateCopy() {
    byte[] b = "xhé".getBytes(StandardCharsets.UTF_8);
    CheckedUtf8 s = CheckedUtf8.copyOf(b, 1, b.length - 1);
    b[2] = (byte) 0xFF; // the caller's array changes afterwards: the checked string does not
    assertEquals(3, s.length());
    assertEquals("hé", build(s).stringValue());
  }

  @Test
  void appendsTheBytesAppendStringUtf8Appends() {
    for (String text : new String[] {"", "ok", "Łukasz 🙂", "x".repeat(64), "é".repeat(100)}) {
      byte[] b = text.getBytes(StandardCharsets.UTF_8);
      FixedDictionaryBuilder checked = new FixedDictionaryBuilder(Limits.defaults()).start(EMPTY);
      FixedDictionaryBuilder plain = new FixedDictionaryBuilder(Limits.defaults()).start(EMPTY);
      byte[] fast = checked.appendString(CheckedUtf8.copyOf(b, 0, b.length)).build().valueBytes();
      byte[] slow = plain.appendStringUtf8(b, 0, b.length).build().valueBytes();
      assertArrayEquals(slow, fast, text);
    }
  }

  private static Variant build(CheckedUtf8 s) {
    return new FixedDictionaryBuilder(Limits.defaults()).start(EMPTY).appendString(s).build();
  }
}
