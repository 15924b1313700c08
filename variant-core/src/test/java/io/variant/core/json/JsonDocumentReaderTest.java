// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Limits;
import io.variant.core.MetadataBuilder;
import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantMetadata;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Streams of JSON documents: NDJSON, concatenated documents, and one top-level array. */
class JsonDocumentReaderTest {
  /** Each document as "line:column json". */
  private static List<String> readAll(String input) throws IOException {
    return readAll(new JsonDocumentReader(new StringReader(input), JsonOptions.defaults()));
  }

  private static List<String> readAll(JsonDocumentReader in) throws IOException {
    List<String> out = new ArrayList<>();
    try (in) {
      for (Variant v = in.next(); v != null; v = in.next()) {
        out.add(in.line() + ":" + in.column() + " " + VariantJson.toJson(v));
      }
      assertNull(in.next()); // stays at the end
    }
    return out;
  }

  /** Closing the reader closes the caller's reader too, once, also before the end of the input. */
  @Test
  void closingClosesTheCallersReader() throws IOException {
    int[] closes = new int[1];
    Reader source =
        new StringReader("{\"a\": 1}\n[2]\n") {
          @Override
          public void close() {
            closes[0]++;
            super.close();
          }
        };
    JsonDocumentReader in = new JsonDocumentReader(source, JsonOptions.defaults());
    assertEquals("{\"a\":1}", VariantJson.toJson(in.next()));

    in.close();

    assertTrue(closes[0] >= 1, "the caller's reader was not closed");
    assertThrows(IOException.class, source::read);
  }

  @Test
  void readsNdjsonSkippingBlankLines() throws IOException {
    String ndjson = "{\"a\":1}\n\n  [2, 3]\n\t\n\"x\"\r\nnull\n\n";

    assertEquals(List.of("1:1 {\"a\":1}", "3:3 [2,3]", "5:1 \"x\"", "6:1 null"), readAll(ndjson));
  }

  @Test
  void readsConcatenatedDocuments() throws IOException {
    assertEquals(
        List.of("1:1 {}", "1:3 {\"b\":true}", "1:13 []", "1:16 1", "2:1 2.5"),
        readAll("{}{\"b\":true}[] 1\n2.5"));
  }

  @Test
  void readsTheElementsOfATopLevelArray() throws IOException {
    String array = "\n  [\n  {\"a\": 1},\n  [1],\n  \"s\", 4\n]\n\n";

    assertEquals(List.of("3:3 {\"a\":1}", "4:3 [1]", "5:3 \"s\"", "5:8 4"), readAll(array));
  }

  @Test
  void emptyInputsHaveNoDocuments() throws IOException {
    assertEquals(List.of(), readAll(""));
    assertEquals(List.of(), readAll(" \n\n\t"));
    assertEquals(List.of(), readAll("[]"));
    assertEquals(List.of(), readAll("\n[ \n ]\n"));
  }

  @Test
  void skipsAByteOrderMark() throws IOException {
    assertEquals(List.of("1:1 {\"a\":1}", "2:1 2"), readAll("\uFEFF{\"a\":1}\n2"));
    assertEquals(List.of("1:2 1"), readAll("\uFEFF[1]"));
  }

  @Test
  void contentAfterTheTopLevelArrayIsAnError() throws IOException {
    try (JsonDocumentReader in =
        new JsonDocumentReader(new StringReader("[1]\n[2]"), JsonOptions.defaults())) {
      assertEquals("1", VariantJson.toJson(in.next()));

      var e = assertThrows(VariantJsonException.class, in::next);
      assertEquals(2, e.line());
      assertEquals(1, e.column());
      assertTrue(e.getMessage().contains("after the top-level array of documents"), e.getMessage());
    }
  }

  @Test
  void reportsTheLineOfABadDocumentAndStops() throws IOException {
    try (JsonDocumentReader in =
        new JsonDocumentReader(new StringReader("1\n2\n{\"a\" 3}\n4"), JsonOptions.defaults())) {
      in.next();
      in.next();

      var e = assertThrows(VariantJsonException.class, in::next);
      assertEquals(3, e.line());
      assertEquals(6, e.column());
      assertTrue(e.getMessage().contains("expecting a colon"), e.getMessage());
      var again = assertThrows(IllegalStateException.class, in::next);
      assertTrue(again.getMessage().contains("Cannot read on"), again.getMessage());
    }
  }

  /**
   * The array that holds the documents is one level jackson counts and this reader does not: the
   * limit still fires as this library's own, saying the limit as set, and is marked as a limit.
   */
  @Test
  void aDocumentInATopLevelArrayPastTheDefaultLimitSaysTheLimitAsSet() throws IOException {
    String deep = "[".repeat(1001) + "]".repeat(1001);
    try (JsonDocumentReader in =
        new JsonDocumentReader(new StringReader("[[1], " + deep + "]"), JsonOptions.defaults())) {
      in.next();
      var e = assertThrows(VariantJsonException.class, in::next);
      assertTrue(
          e.getMessage().endsWith("nesting deeper than 1000 levels (raise Limits.maxDepth)"),
          e.getMessage());
      assertTrue(e.getCause() instanceof io.variant.core.VariantLimitException, e.toString());
    }
  }

  @Test
  void duplicateKeysAndDepthAreCheckedPerDocument() throws IOException {
    JsonOptions two = JsonOptions.defaults().withLimits(Limits.defaults().withMaxDepth(2));
    try (JsonDocumentReader in = new JsonDocumentReader(new StringReader("[[[1]]]"), two)) {
      assertEquals("[[1]]", VariantJson.toJson(in.next())); // the wrapping array does not count
    }
    try (JsonDocumentReader in =
        new JsonDocumentReader(new StringReader("{\"a\":[1]}\n{\"a\":[[1]]}"), two)) {
      in.next();
      var e = assertThrows(VariantJsonException.class, in::next);
      assertEquals(2, e.line());
      assertEquals(7, e.column());
      assertTrue(e.getMessage().contains("nesting deeper than 2 levels"), e.getMessage());
    }
    try (JsonDocumentReader in =
        new JsonDocumentReader(new StringReader("{}\n{\"k\":1,\"k\":2}"), JsonOptions.defaults())) {
      in.next();
      var e = assertThrows(VariantJsonException.class, in::next);
      assertEquals(2, e.line());
      assertTrue(e.getMessage().contains("duplicate key \"k\""), e.getMessage());
    }
  }

  @Test
  void appendsIntoACallersBuilderWithASeedDictionary() throws IOException {
    VariantMetadata dict = new MetadataBuilder().add("id").add("name").build();
    VariantBuilder builder = VariantBuilder.withMetadata(dict);

    try (JsonDocumentReader in =
        new JsonDocumentReader(
            new StringReader("{\"id\":1}\n{\"name\":\"x\",\"id\":2}\n{\"new\":0}"),
            JsonOptions.defaults())) {
      Variant first = in.next(builder);
      Variant second = in.next(builder); // the builder is reset between documents
      Variant third = in.next(builder);

      assertSame(dict, first.metadata()); // no new key: the seed dictionary is reused as is
      assertSame(dict, second.metadata());
      assertEquals("{\"id\":2,\"name\":\"x\"}", VariantJson.toJson(second));
      assertEquals("{\"new\":0}", VariantJson.toJson(third));
      assertEquals(3, third.metadata().size()); // seed keys plus the new one
      assertNull(in.next(builder));
    }
  }

  @Test
  void invalidUtf8FromAStrictReaderIsAJsonError() throws IOException {
    byte[] bytes = {'1', '\n', '"', (byte) 0xC0, (byte) 0x80, '"'};
    var reader =
        new InputStreamReader(new ByteArrayInputStream(bytes), StandardCharsets.UTF_8.newDecoder());

    try (JsonDocumentReader in = new JsonDocumentReader(reader, JsonOptions.defaults())) {
      // The decoder fails while jackson fills its buffer, before the first document is returned.
      var e = assertThrows(VariantJsonException.class, in::next);
      assertTrue(e.getMessage().contains("could not be decoded"), e.getMessage());
      assertTrue(
          e.getCause() instanceof java.nio.charset.CharacterCodingException,
          String.valueOf(e.getCause()));
    }
  }

  @Test
  void readsManyDocumentsAcrossParserBuffers() throws IOException {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 5000; i++) {
      sb.append("{\"i\":").append(i).append(",\"s\":\"").append("x".repeat(i % 70)).append("\"}\n");
    }
    List<String> docs = readAll(sb.toString());

    assertEquals(5000, docs.size());
    assertEquals("4321:1 {\"i\":4320,\"s\":\"" + "x".repeat(4320 % 70) + "\"}", docs.get(4320));
  }

  @Test
  void aLeadingNulIsAnErrorNotSkippedLikeAByteOrderMark() {
    assertThrows(VariantJsonException.class, () -> readAll("\u0000 {\"a\":1}"));
  }

  /**
   * The depth limit of each reader is its own as well, also where jackson's nesting check (two
   * levels above ours) would refuse first with another reader's limit: a shallow reader, then a
   * deep one, then the shallow one again.
   */
  @Test
  void readersWithDifferentDepthLimitsEachKeepTheirOwn() throws IOException {
    String tenDeep = "{\"a\":" + "[".repeat(9) + "]".repeat(9) + "}"; // a top-level array is a list
    JsonOptions shallow = JsonOptions.defaults().withLimits(Limits.defaults().withMaxDepth(3));
    JsonOptions deep = JsonOptions.defaults().withLimits(Limits.defaults().withMaxDepth(100));
    for (int pass = 0; pass < 2; pass++) {
      var e =
          assertThrows(
              Exception.class,
              () -> readAll(new JsonDocumentReader(new StringReader(tenDeep), shallow)));
      assertTrue(io.variant.core.VariantLimitException.isCauseOf(e), e.toString());
      assertEquals(
          List.of("1:1 " + tenDeep),
          readAll(new JsonDocumentReader(new StringReader(tenDeep), deep)));
    }
  }

  /** Readers with different limits, one after the other, each read under their own. */
  @Test
  void readersWithDifferentLimitsEachKeepTheirOwn() throws IOException {
    String longString = "\"" + "x".repeat(500) + "\"";
    JsonOptions small = JsonOptions.defaults().withLimits(new Limits(10, 100));
    JsonOptions large = JsonOptions.defaults().withLimits(new Limits(10, 10_000));
    for (int pass = 0; pass < 2; pass++) {
      var e =
          assertThrows(
              Exception.class,
              () -> readAll(new JsonDocumentReader(new StringReader(longString), small)));
      assertTrue(io.variant.core.VariantLimitException.isCauseOf(e), e.toString());
      assertEquals(1, readAll(new JsonDocumentReader(new StringReader(longString), large)).size());
    }
  }
}
