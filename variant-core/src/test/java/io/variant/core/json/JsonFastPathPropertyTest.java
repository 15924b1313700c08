// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonParser;
import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.testkit.Trials;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The byte-level front end ({@link JsonBytesParser}) and the jackson path give the same bytes for
 * every document, or the same error; a reused {@link JsonRowParser} gives them too, from bytes and
 * from text.
 */
class JsonFastPathPropertyTest {
  private final JsonOptions options = JsonOptions.defaults();

  @Test
  void fastPathAndJacksonPathAgree() {
    JsonRowParser rows = VariantJson.rowParser();
    JsonBytesParser fast = new JsonBytesParser();
    AtomicInteger taken = new AtomicInteger();
    AtomicInteger total = new AtomicInteger();
    Trials.run(
        "fastPathAndJacksonPathAgree",
        rnd -> {
          String text = new RandomJson(rnd, 4).document();
          byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
          total.incrementAndGet();
          VariantBuilder b = new VariantBuilder(options.builderOptions());
          if (fast.parse(utf8, 0, utf8.length, false, b, options.limits().maxDepth())) {
            taken.incrementAndGet();
            assertSame(jackson(utf8), b.build(), text);
          }
          Variant expected;
          try {
            expected = jackson(utf8);
          } catch (VariantJsonException e) {
            assertThrows(VariantJsonException.class, () -> rows.parse(utf8), text);
            assertThrows(VariantJsonException.class, () -> rows.parse(text), text);
            return;
          }
          assertSame(expected, rows.parse(utf8), text);
          assertSame(expected, rows.parse(text), text);
        });
    assertTrue(
        taken.get() * 2 > total.get(),
        "the fast path took only " + taken + " of " + total + " documents");
  }

  /**
   * parse(String) must reject a raw unpaired surrogate (the JDK's encoder would turn it into '?'),
   * and text with a real '?' still parse like its bytes.
   */
  @Test
  void textWithRawUnpairedSurrogatesIsRejectedAndQuestionMarksKept() {
    JsonRowParser rows = VariantJson.rowParser();
    for (String bad :
        new String[] {
          "[\"a\uD800\"]", "{\"k\uDC00\": 1}", "\"\uDE00\uD83D\"", "[\"?\", \"\uD800?\"]"
        }) {
      assertThrows(VariantJsonException.class, () -> rows.parse(bad), bad);
    }
    for (String good :
        new String[] {
          "[\"a?\"]", "{\"?\": \"\u00e9?\uD83D\uDE00\"}", "\"\uD83D\uDE00\"", "\"?\""
        }) {
      assertSame(rows.parse(good.getBytes(StandardCharsets.UTF_8)), rows.parse(good), good);
    }
  }

  /**
   * Text the fast path cannot take (a byte order mark first, an unpaired surrogate) goes to the
   * jackson path as it is, never to the fast path with the bytes of the text before it.
   */
  @Test
  void textTheFastPathDeclinesIsNeverReadFromThePreviousTextsBytes() {
    JsonRowParser rows = VariantJson.rowParser();
    assertEquals("[1]", VariantJson.toJson(rows.parse("[1]")));
    assertThrows(VariantJsonException.class, () -> rows.parse("\uFEFF[2]")); // text has no BOM
    assertEquals("[3]", VariantJson.toJson(rows.parse("[3]")));
    assertThrows(VariantJsonException.class, () -> rows.parse("[\"\uD800\"]"));
  }

  @Test
  void errorsKeepTheirLineAndColumnInBytes() {
    JsonRowParser rows = VariantJson.rowParser();
    byte[] bad =
        "{\"a\": 1,\n \"b\": \"x\u00e9\"\n, \"c\": [1, 2,]}".getBytes(StandardCharsets.UTF_8);
    VariantJsonException e = assertThrows(VariantJsonException.class, () -> rows.parse(bad));
    assertEquals(3, e.line(), e.getMessage());
    byte[] invalid = "[\"ok\",\n \"b\u00e9\" , \"\u00e9".getBytes(StandardCharsets.UTF_8);
    invalid[invalid.length - 1] =
        (byte) 0xFF; // the second byte of the last é: C3 FF is no sequence
    VariantJsonException u = assertThrows(VariantJsonException.class, () -> rows.parse(invalid));
    assertEquals(2, u.line(), u.getMessage());
    assertEquals(11, u.column(), u.getMessage()); // the byte that starts the broken sequence
    assertTrue(u.getMessage().contains("invalid UTF-8"), u.getMessage());
  }

  private Variant jackson(byte[] utf8) throws Exception {
    Utf8Input.requireValid(utf8, 0, utf8.length);
    try (JsonParser p = VariantJson.factory(options.limits()).createParser(utf8)) {
      return VariantJson.parseDocument(p, new VariantBuilder(options.builderOptions()), options);
    }
  }

  private static void assertSame(Variant expected, Variant actual, String text) {
    assertArrayEquals(expected.metadataBytes(), actual.metadataBytes(), text);
    assertArrayEquals(expected.valueBytes(), actual.valueBytes(), text);
  }
}
