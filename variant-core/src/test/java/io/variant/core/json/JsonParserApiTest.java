// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.variant.core.MetadataBuilder;
import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantMetadata;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * {@link VariantJson#parse(JsonParser, VariantBuilder, JsonOptions)}: appending from a caller's
 * parser.
 */
class JsonParserApiTest {
  private static final JsonFactory FACTORY = new JsonFactory();

  @Test
  void readsTheFirstTokenOfAFreshParserAndStopsOnTheValuesLastToken() throws IOException {
    try (JsonParser p = FACTORY.createParser("{\"a\":[1,2]} 7")) {
      VariantBuilder b = new VariantBuilder();

      VariantJson.parse(p, b, JsonOptions.defaults());

      assertEquals(JsonToken.END_OBJECT, p.currentToken());
      assertEquals("{\"a\":[1,2]}", VariantJson.toJson(b.build()));
      assertEquals(
          JsonToken.VALUE_NUMBER_INT, p.nextToken()); // nothing after the value was consumed
    }
  }

  @Test
  void appendsTheValueOfAFieldTheCallerStoppedAt() throws IOException {
    try (JsonParser p =
        FACTORY.createParser("{\"skip\": 1, \"payload\": {\"x\": [true]}, \"after\": 2}")) {
      p.nextToken(); // {
      p.nextToken(); // "skip"
      p.nextToken(); // 1
      assertEquals(JsonToken.FIELD_NAME, p.nextToken()); // "payload"
      VariantBuilder b = new VariantBuilder();

      VariantJson.parse(p, b, JsonOptions.defaults());

      assertEquals("{\"x\":[true]}", VariantJson.toJson(b.build()));
      assertEquals("after", p.nextFieldName());
    }
  }

  @Test
  void appendsIntoAnOpenContainerOfTheBuilder() throws IOException {
    VariantMetadata dict = new MetadataBuilder().add("doc").add("n").build();
    VariantBuilder b = VariantBuilder.withMetadata(dict);
    b.startObject().key("doc");
    try (JsonParser p = FACTORY.createParser("{\"n\": 5}")) {
      VariantJson.parse(p, b, JsonOptions.defaults());
    }
    Variant v = b.endObject().build();

    assertEquals("{\"doc\":{\"n\":5}}", VariantJson.toJson(v));
    assertSame(dict, v.metadata()); // the seed dictionary held every key
  }

  @Test
  void rejectsAParserAtTheEndOrOnAClosingToken() throws IOException {
    try (JsonParser p = FACTORY.createParser("  ")) {
      var e =
          assertThrows(
              VariantJsonException.class,
              () -> VariantJson.parse(p, new VariantBuilder(), JsonOptions.defaults()));
      assertTrue(e.getMessage().contains("found the end of the input"), e.getMessage());
    }
    try (JsonParser p = FACTORY.createParser("[1]")) {
      p.nextToken();
      p.nextToken();
      p.nextToken(); // ]
      var e =
          assertThrows(
              VariantJsonException.class,
              () -> VariantJson.parse(p, new VariantBuilder(), JsonOptions.defaults()));
      assertEquals(3, e.column());
      assertTrue(e.getMessage().contains("expected a value, found ']'"), e.getMessage());
    }
  }

  @Test
  void jacksonErrorsFromTheCallersParserGetALocation() throws IOException {
    try (JsonParser p = FACTORY.createParser("[1,\n  }")) {
      var e =
          assertThrows(
              VariantJsonException.class,
              () -> VariantJson.parse(p, new VariantBuilder(), JsonOptions.defaults()));
      assertEquals(2, e.line());
      assertEquals(3, e.column());
    }
  }

  @Test
  void aRowParserReadsTheRangeItIsGivenAndKeepsItsOptions() {
    JsonOptions options = JsonOptions.defaults();
    JsonRowParser rows = VariantJson.rowParser(options);
    assertSame(options, rows.options());
    byte[] buf = "xx[1,2]yy".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    assertEquals(2, rows.parse(buf, 2, 5).size());
    var e = assertThrows(IndexOutOfBoundsException.class, () -> rows.parse(buf, 5, 5));
    assertEquals("range [5, 5+5) outside 9", e.getMessage());
    assertThrows(IndexOutOfBoundsException.class, () -> rows.parse(buf, -1, 2));
    assertThrows(IndexOutOfBoundsException.class, () -> rows.parse(buf, 1, -1));
    // errors count bytes and columns from the start of the range
    byte[] bad = "xx[1,\n\"a\u00ff\"]".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    var u = assertThrows(VariantJsonException.class, () -> rows.parse(bad, 2, bad.length - 2));
    assertEquals(2, u.line());
    assertEquals(3, u.column());
    assertTrue(u.getMessage().contains("invalid UTF-8 at byte 6 (0xFF)"), u.getMessage());
    byte[] nul = "xx\u0000[1]".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    var n = assertThrows(VariantJsonException.class, () -> rows.parse(nul, 2, 4));
    assertTrue(n.getMessage().contains("unexpected NUL byte at byte 0"), n.getMessage());
  }
}
