// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The byte front end checks a string value's UTF-8 in the scan that finds its end (OR-ing the
 * scanned words for ASCII): an invalid sequence at every position against the 8-byte words, before
 * and after valid non-ASCII text, is rejected at its byte; valid text at the same positions parses
 * to the same string.
 */
class JsonStringUtf8CheckTest {
  private static final byte[][] INVALID = {
    {(byte) 0xFF}, // never in UTF-8
    {(byte) 0xC3}, // truncated by the closing quote
    {(byte) 0xC0, (byte) 0x80}, // overlong
    {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, // a surrogate
    {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, // above U+10FFFF
    {(byte) 0x80} // a continuation byte alone
  };

  private final JsonRowParser rows = VariantJson.rowParser();

  @Test
  void anInvalidSequenceAnywhereInAStringIsRejectedAtItsByte() {
    for (String before : new String[] {"", "\u00e9", "\u20ac\uD83D\uDE00"}) {
      for (int at = 0; at <= 17; at++) {
        for (byte[] bad : INVALID) {
          String prefix = "[1,\"" + before + "a".repeat(at);
          byte[] json = concat(prefix.getBytes(StandardCharsets.UTF_8), bad, "tail\"]");
          VariantJsonException e =
              assertThrows(VariantJsonException.class, () -> rows.parse(json), prefix);
          assertTrue(e.getMessage().contains("invalid UTF-8"), e.getMessage());
          assertEquals(prefix.getBytes(StandardCharsets.UTF_8).length + 1, e.column(), prefix);
        }
      }
    }
  }

  @Test
  void validTextAnywhereInAStringParses() {
    for (String text : new String[] {"\u00e9", "\u20ac", "\uD83D\uDE00", "\u007f"}) {
      for (int at = 0; at <= 17; at++) {
        for (int after = 0; after <= 9; after += 3) {
          String value = "a".repeat(at) + text + "b".repeat(after);
          Variant v = rows.parse(("{\"k\":\"" + value + "\"}").getBytes(StandardCharsets.UTF_8));
          assertEquals(value, v.field("k").stringValue());
        }
      }
    }
  }

  private static byte[] concat(byte[] a, byte[] b, String c) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(a);
    out.writeBytes(b);
    out.writeBytes(c.getBytes(StandardCharsets.UTF_8));
    return out.toByteArray();
  }
}
