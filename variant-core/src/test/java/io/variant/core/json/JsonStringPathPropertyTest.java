// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.core.JsonParser;
import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.testkit.Trials;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code parse(String)} (its own UTF-8 encoding, {@link TextToUtf8}, then the byte front end) gives
 * what the jackson path gives on the same text, value or error message, for generated documents
 * with non-ASCII text, surrogate pairs raw and escaped, escapes, long strings across the encoder's
 * chunks, and raw unpaired surrogates or '?' put anywhere; and, for a text without an unpaired
 * surrogate, what {@code parse(byte[])} gives on its UTF-8.
 */
class JsonStringPathPropertyTest {
  private final JsonOptions options = JsonOptions.defaults();

  @Test
  void stringPathAgreesWithJacksonAndWithTheBytes() {
    JsonRowParser rows = VariantJson.rowParser();
    Trials.run(
        "stringPathAgreesWithJacksonAndWithTheBytes",
        rnd -> {
          String text = document(rnd);
          String expectedError = null;
          Variant expected = null;
          try {
            expected = jackson(text);
          } catch (VariantJsonException e) {
            expectedError = e.getMessage();
          }
          if (expectedError != null) {
            VariantJsonException e =
                assertThrows(VariantJsonException.class, () -> rows.parse(text), text);
            assertEquals(expectedError, e.getMessage(), text);
            return;
          }
          assertSame(expected, rows.parse(text), text);
          if (!hasUnpairedSurrogate(text)) {
            assertSame(expected, rows.parse(text.getBytes(StandardCharsets.UTF_8)), text);
          }
        });
  }

  /** A generated document, sometimes with a long string, a raw lone surrogate or a '?' in it. */
  private static String document(Random rnd) {
    String doc = new RandomJson(rnd, 4).document();
    if (rnd.nextInt(4) == 0) {
      String longText = TextToUtf8Test.text(rnd, rnd.nextInt(3 * TextToUtf8.CHUNK));
      doc =
          rnd.nextBoolean() ? "[" + doc + ",\"" + longText + "\"]" : "{\"k\":\"" + longText + "\"}";
    }
    switch (rnd.nextInt(6)) {
      case 0 -> doc = insert(doc, rnd, rnd.nextBoolean() ? '\uD83D' : '\uDE00');
      case 1 -> doc = insert(doc, rnd, '?');
      default -> {}
    }
    return doc;
  }

  private static String insert(String doc, Random rnd, char c) {
    int at = rnd.nextInt(doc.length() + 1);
    if (at > 0 && at < doc.length() && Character.isHighSurrogate(doc.charAt(at - 1))) {
      at--; // not between the halves of a pair
    }
    return doc.substring(0, at) + c + doc.substring(at);
  }

  private static boolean hasUnpairedSurrogate(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return true;
      }
    }
    return false;
  }

  /** The reference: the jackson path over the text itself. */
  private Variant jackson(String text) throws IOException {
    try (JsonParser p = VariantJson.factory(options.limits()).createParser(text)) {
      return VariantJson.parseDocument(p, new VariantBuilder(options.builderOptions()), options);
    }
  }

  private static void assertSame(Variant expected, Variant actual, String text) {
    assertArrayEquals(expected.metadataBytes(), actual.metadataBytes(), text);
    assertArrayEquals(expected.valueBytes(), actual.valueBytes(), text);
  }
}
