// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonParser;
import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A string with escapes is copied by the byte front end a run of plain bytes at a time between its
 * escapes: runs of every length against the 8-byte scan words, ASCII and not, before, between and
 * after escapes, in keys and values, give what the jackson path gives; invalid UTF-8 or a control
 * character inside a run after an escape is still refused. Keys the builder expects (taken without
 * a scan where they stand whole before a quote) that turn out longer, shorter or escaped give what
 * the jackson path gives too.
 */
class JsonEscapedStringRunsTest {
  private static final String[] ESCAPES = {"\\\"", "\\n", "\\u00e9", "\\uD83D\\uDE00", "\\\\"};
  private static final String[] PLAIN = {
    "abcdefghijklmnopqrstu", "\u00e9\u6771\u4eac\uD83C\uDF89xyz"
  };

  private final JsonOptions options = JsonOptions.defaults();

  @Test
  void runsBetweenEscapesGiveWhatJacksonGives() throws IOException {
    JsonRowParser rows = VariantJson.rowParser();
    for (String plain : PLAIN) {
      for (String escape : ESCAPES) {
        for (int before = 0; before <= 19; before++) {
          for (int after = 0; after <= 19; after += 3) {
            String text = run(plain, before) + escape + run(plain, after) + escape + run(plain, 9);
            String json = "{\"" + text + "\":\"" + text + "\",\"k\":[\"" + text + "\"]}";
            Variant expected = jackson(json);
            Variant fromBytes = rows.parse(json.getBytes(StandardCharsets.UTF_8));
            assertArrayEquals(expected.metadataBytes(), fromBytes.metadataBytes(), json);
            assertArrayEquals(expected.valueBytes(), fromBytes.valueBytes(), json);
            Variant fromText = rows.parse(json);
            assertArrayEquals(expected.valueBytes(), fromText.valueBytes(), json);
          }
        }
      }
    }
  }

  @Test
  void expectedKeysThatDifferGiveWhatJacksonGives() throws IOException {
    JsonRowParser rows = VariantJson.rowParser();
    String[] keys = {"ab", "abc", "a", "a\\u0062", "a\\\\", "a\\\\\\\"", "ab", "\\u0061b", ""};
    for (int round = 0; round < 3; round++) {
      for (String key : keys) {
        String json = "{\"p\":1,\"q\":2,\"" + key + "\":3,\"r\":{\"" + key + "\":4}}";
        Variant expected = jackson(json);
        Variant actual = rows.parse(json.getBytes(StandardCharsets.UTF_8));
        assertArrayEquals(expected.metadataBytes(), actual.metadataBytes(), json);
        assertArrayEquals(expected.valueBytes(), actual.valueBytes(), json);
      }
    }
  }

  @Test
  void invalidUtf8AfterAnEscapeIsRefused() {
    JsonRowParser rows = VariantJson.rowParser();
    for (int at = 0; at <= 17; at++) {
      String prefix = "[\"x\\n" + "a".repeat(at);
      ByteArrayOutputStream json = new ByteArrayOutputStream();
      json.writeBytes(prefix.getBytes(StandardCharsets.UTF_8));
      json.write(0xFF);
      json.writeBytes("tail\"]".getBytes(StandardCharsets.UTF_8));
      VariantJsonException e =
          assertThrows(VariantJsonException.class, () -> rows.parse(json.toByteArray()), prefix);
      assertTrue(e.getMessage().contains("UTF-8"), e.getMessage());
    }
  }

  @Test
  void aControlCharacterAfterAnEscapeIsRefused() {
    JsonRowParser rows = VariantJson.rowParser();
    for (int at = 0; at <= 17; at++) {
      String json = "[\"x\\t" + "a".repeat(at) + "\u0001b\"]";
      VariantJsonException e =
          assertThrows(VariantJsonException.class, () -> rows.parse(json), json);
      assertEquals(1, e.line(), e.getMessage());
    }
  }

  /** The first {@code n} chars of {@code plain} repeated, never splitting a surrogate pair. */
  private static String run(String plain, int n) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; s.length() < n; i++) {
      char c = plain.charAt(i % plain.length());
      s.append(c);
      if (Character.isHighSurrogate(c)) {
        s.append(plain.charAt(++i % plain.length()));
      }
    }
    return s.toString();
  }

  private Variant jackson(String text) throws IOException {
    try (JsonParser p = VariantJson.factory(options.limits()).createParser(text)) {
      return VariantJson.parseDocument(p, new VariantBuilder(options.builderOptions()), options);
    }
  }
}
