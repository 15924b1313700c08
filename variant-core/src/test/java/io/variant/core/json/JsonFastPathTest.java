// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonParser;
import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which documents {@link JsonBytesParser} parses itself: every valid JSON document except those its
 * class comment hands to jackson. A change that makes it give up on one of these still gives the
 * right answer (the jackson path takes over), only slower: this test is what notices.
 */
class JsonFastPathTest {
  private final JsonOptions options = JsonOptions.defaults();

  /** Documents of every construct the fast path handles. */
  static List<String> fastDocuments() {
    List<String> docs =
        new ArrayList<>(
            List.of(
                "null",
                "true",
                "false",
                " \t\r\n 1 \n\t",
                "0",
                "-0",
                "7",
                "-7",
                "123456789012345678", // 18 digits: always a long
                "1234567890123456789", // 19 digits
                "-9223372036854775808",
                "9223372036854775808", // 2^63: a decimal
                "123456789012345678901234567890123456789", // 39 digits: a double
                "1.5",
                "-0.25",
                "0.001",
                "1.000",
                "12345678901234567.5",
                "0.00035259763517903053",
                "1e5",
                "1E+2",
                "1.5e-3",
                "-2.5E-10",
                "123e-20",
                "1e22",
                "1e23",
                "1e300",
                "12345678901234567e3",
                "9538966464194083e3", // 16 digits: one multiplication would round twice
                "9538966464194083e-3",
                "15e-1", // a power of ten of 0
                "5e-324",
                "\"\"",
                "\"abc\"",
                "\"abcdefghijklmnopqrstuvwxyz0123456789\"",
                "\"\u00e9\u6f22\uD83D\uDE00 and more than eight bytes\"",
                "\"a\\nb\\t\\\"\\\\\\/\\b\\f\\r\"",
                "\"\\u00e9\\u6f22\\uD83D\\uDE00\\u0000\"",
                "\"\\n a\\t \"", // blanks after escapes: plain bytes, not control characters
                "\"" + "x\\n".repeat(100) + "\"", // unescaped, longer than the scratch buffer
                "\""
                    + "x".repeat(130)
                    + "\\n\"", // plain bytes past the scratch buffer, then an escape
                "\"\\n"
                    + "x".repeat(300)
                    + "\"", // an escape, then plain bytes past the scratch buffer
                "\"" + "\\t".repeat(200) + "\"", // escapes only
                "\"" + "\\uD83D\\uDE00".repeat(40) + "\"", // four bytes per escaped pair
                "[\"a b\"]", // a blank among the last bytes, which are scanned one at a time
                "{}",
                "[]",
                "{ }",
                "[ ]",
                "{\"a\":1,\"b\":[true,null],\"c\":{\"d\":\"x\"}}",
                "{ \"a\" : 1 , \"b\" : 2 }",
                "{\n  \"a\": 1,\n  \"b\": 2\n}",
                "[1,2,3]",
                "[ 1 , 2 ]",
                "{\"k\\u00e9y\": 1, \"k\\ney\": 2}",
                "{\"a long key name\": 1, \"\u00e9\u00e9\u00e9\u00e9\u00e9\": 2}",
                "[{\"a\":1,\"b\":2},{\"a\":3,\"b\":4},{\"b\":5}]", // repeated keys
                "[".repeat(JsonBytesParser.MAX_FAST_DEPTH)
                    + "]".repeat(JsonBytesParser.MAX_FAST_DEPTH),
                "{\"a\":".repeat(JsonBytesParser.MAX_FAST_DEPTH)
                    + "1"
                    + "}".repeat(JsonBytesParser.MAX_FAST_DEPTH)));
    for (int k = 0; k <= 17; k++) { // the special byte at every position of an 8-byte word
      docs.add("\"" + "x".repeat(k) + "\\n" + "y".repeat(9) + "\"");
      docs.add("\"" + "x".repeat(k) + "\u00e9" + "y".repeat(9) + "\"");
    }
    return docs;
  }

  /** Valid documents the class comment hands to jackson. */
  static List<String> jacksonDocuments() {
    int deep = JsonBytesParser.MAX_FAST_DEPTH + 1;
    return List.of(
        "\uFEFF1", // a byte order mark
        "1e400", // an infinite double
        "-1e400",
        "[".repeat(deep) + "]".repeat(deep),
        "{\"a\":".repeat(deep) + "1" + "}".repeat(deep));
  }

  private boolean fast(byte[] utf8, VariantBuilder into) {
    return new JsonBytesParser()
        .parse(utf8, 0, utf8.length, false, into, options.limits().maxDepth());
  }

  private Variant jackson(byte[] utf8) throws Exception {
    try (JsonParser p = VariantJson.factory(options.limits()).createParser(utf8)) {
      return VariantJson.parseDocument(p, new VariantBuilder(options.builderOptions()), options);
    }
  }

  @Test
  void everyCommonConstructTakesTheFastPath() throws Exception {
    for (String doc : fastDocuments()) {
      byte[] utf8 = doc.getBytes(StandardCharsets.UTF_8);
      VariantBuilder b = new VariantBuilder(options.builderOptions());
      assertTrue(fast(utf8, b), "left to jackson: " + doc);
      Variant v = b.build();
      Variant expected = jackson(utf8);
      assertArrayEquals(expected.metadataBytes(), v.metadataBytes(), doc);
      assertArrayEquals(expected.valueBytes(), v.valueBytes(), doc);
    }
  }

  @Test
  void trustedTextTakesTheFastPathToo() {
    for (String doc : fastDocuments()) {
      byte[] utf8 = doc.getBytes(StandardCharsets.UTF_8);
      VariantBuilder b = new VariantBuilder(options.builderOptions());
      assertTrue(
          new JsonBytesParser().parse(utf8, 0, utf8.length, true, b, options.limits().maxDepth()),
          doc);
    }
  }

  @Test
  void theDocumentedExceptionsGoToJackson() throws Exception {
    for (String doc : jacksonDocuments()) {
      byte[] utf8 = doc.getBytes(StandardCharsets.UTF_8);
      assertFalse(fast(utf8, new VariantBuilder(options.builderOptions())), doc);
    }
  }

  @Test
  void aDuplicateKeyGoesToJacksonOnlyWhenRejected() {
    byte[] utf8 = "{\"a\": 1, \"b\": 2, \"a\": 3}".getBytes(StandardCharsets.UTF_8);
    assertFalse(fast(utf8, new VariantBuilder(options.builderOptions())));
    JsonOptions lastWins = options.withDuplicateKeys(io.variant.core.DuplicateKeys.LAST_WINS);
    VariantBuilder b = new VariantBuilder(lastWins.builderOptions());
    assertTrue(new JsonBytesParser().parse(utf8, 0, utf8.length, false, b, 1000));
    assertTrue(b.build().field("a").longValue() == 3);
  }
}
