// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Invalid UTF-8 is reported at its true line and column, in small inputs and in inputs far larger
 * than any read-ahead buffer (the CLI's contract: a bad byte on line 15,000 was once reported at
 * 14946:4176). Columns count UTF-16 chars, as jackson counts text columns.
 */
class Utf8LocationTest {
  /**
   * {@code lines} NDJSON lines of {"i":N,"s":"héllo"}, with byte 0xFF at the start of the "s" value
   * on line {@code bad}.
   */
  private static byte[] ndjson(int lines, int bad) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 1; i <= lines; i++) {
      String prefix = "{\"i\":" + i + ",\"s\":\"h\u00e9llo ";
      out.writeBytes(prefix.getBytes(StandardCharsets.UTF_8));
      if (i == bad) {
        out.write(0xFF);
      }
      out.writeBytes("world\"}\n".getBytes(StandardCharsets.UTF_8));
    }
    return out.toByteArray();
  }

  /**
   * Reads every document through a {@link Utf8Reader}; returns how many were read before the
   * failure.
   */
  private static VariantJsonException readUntilFailure(byte[] input, List<Variant> read) {
    return assertThrows(
        VariantJsonException.class,
        () -> {
          try (JsonDocumentReader docs =
              new JsonDocumentReader(
                  new Utf8Reader(new ByteArrayInputStream(input)), JsonOptions.defaults())) {
            for (Variant v = docs.next(); v != null; v = docs.next()) {
              read.add(v);
            }
          }
        });
  }

  @Test
  void badByteOnLine15000Of20000IsReportedThere() {
    List<Variant> read = new ArrayList<>();
    VariantJsonException e = readUntilFailure(ndjson(20_000, 15_000), read);
    String prefix = "{\"i\":15000,\"s\":\"h\u00e9llo ";
    assertEquals(15_000, e.line(), e.getMessage());
    assertEquals(prefix.length() + 1, e.column(), e.getMessage());
    assertTrue(e.getMessage().contains("invalid UTF-8: byte 0xFF"), e.getMessage());
    assertEquals(14_999, read.size(), "every document before the bad byte is read first");
  }

  @Test
  void badByteInASmallInputIsReportedToo() {
    VariantJsonException e = readUntilFailure(ndjson(2, 2), new ArrayList<>());
    assertEquals(2, e.line());
    assertEquals("{\"i\":2,\"s\":\"h\u00e9llo ".length() + 1, e.column());
  }

  @Test
  void everyStrictDecoderRuleIsEnforcedWithItsPosition() {
    byte[][] bad = {
      {(byte) 0xC0, (byte) 0x80}, // overlong NUL
      {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, // a surrogate
      {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, // above U+10FFFF
      {(byte) 0xE2, (byte) 0x82}, // truncated at the end of the input
      {(byte) 0x80}, // a lone continuation byte
    };
    for (byte[] b : bad) {
      ByteArrayOutputStream in = new ByteArrayOutputStream();
      in.writeBytes(
          "[\"\uD83D\uDE00\",\n \""
              .getBytes(StandardCharsets.UTF_8)); // a supplementary char counts 2 columns
      in.writeBytes(b);
      VariantJsonException e = readUntilFailure(in.toByteArray(), new ArrayList<>());
      assertEquals(2, e.line(), e.getMessage());
      assertEquals(3, e.column(), e.getMessage());
    }
  }

  @Test
  void validTextDecodesAsTheJdkDecodesIt() throws IOException {
    String text = "ascii, \u00e9, \u20ac, \uD83D\uDE00 and \uD800\uDC00\n".repeat(5000);
    StringBuilder decoded = new StringBuilder();
    try (Reader r =
        new Utf8Reader(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)))) {
      char[] buf = new char[7]; // odd, small: pairs split across reads
      for (int n; (n = r.read(buf, 0, buf.length)) >= 0; ) {
        decoded.append(buf, 0, n);
      }
    }
    assertEquals(text, decoded.toString());
  }
}
