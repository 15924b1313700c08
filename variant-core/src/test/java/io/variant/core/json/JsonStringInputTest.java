// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.variant.core.Variant;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * {@code parse(String)} encodes the text itself ({@code TextToUtf8}), rejecting unpaired surrogates
 * as it goes: a '?' (which the JDK's encoder puts for an unpaired surrogate) at every position,
 * with and without non-ASCII text, must give what the UTF-8 bytes give, and a surrogate at every
 * position the unpaired-surrogate error.
 */
class JsonStringInputTest {
  private final JsonRowParser rows = VariantJson.rowParser();

  @Test
  void aQuestionMarkAnywhereParsesAsTheBytesDo() {
    for (String filler : new String[] {"abcdefghijklmnopqrstuvwxyz", "é€😀abcdefghijklmnopq"}) {
      for (int at = 0; at <= filler.length(); at++) {
        if (at > 0 && Character.isHighSurrogate(filler.charAt(at - 1))) {
          continue; // not inside a pair
        }
        String text = filler.substring(0, at) + "?" + filler.substring(at);
        String json = "{\"k?\":\"" + text + "\",\"n\":[1,\"" + text + "?\"]}";
        Variant fromText = rows.parse(json);
        Variant fromBytes = rows.parse(json.getBytes(StandardCharsets.UTF_8));
        assertEquals(fromBytes, fromText, json);
        assertEquals(text, fromText.field("k?").stringValue());
      }
    }
  }

  @Test
  void anUnpairedSurrogateAnywhereIsRejected() {
    for (String filler : new String[] {"abcdefghijklmnop", "é€😀abcdefghij", "a?b?c?d?e?f?g?h?"}) {
      for (int at = 0; at <= filler.length(); at++) {
        if (at > 0 && Character.isHighSurrogate(filler.charAt(at - 1))) {
          continue; // inside a pair: inserting there makes two unpaired halves, also rejected below
        }
        String json = "[\"" + filler.substring(0, at) + '\ud800' + filler.substring(at) + "\"]";
        VariantJsonException e = assertThrows(VariantJsonException.class, () -> rows.parse(json));
        assertEquals(true, e.getMessage().contains("unpaired surrogate"), e.getMessage());
      }
    }
  }

  /** The same after an escape (the parser's unescaping loop) and in keys. */
  @Test
  void aSurrogateAfterAnEscapeOrInAKeyIsRejectedAndAQuestionMarkKept() {
    for (String prefix : new String[] {"a\\n", "\\u00e9xyz", "0123456789\\t"}) {
      String bad = "{\"k\":\"" + prefix + '\ud800' + "b\"}";
      assertThrows(VariantJsonException.class, () -> rows.parse(bad), bad);
      String badKey = "{\"" + prefix + '\udc00' + "\":1}";
      assertThrows(VariantJsonException.class, () -> rows.parse(badKey), badKey);
      String good = "{\"" + prefix + "?\":\"" + prefix + "?b\"}";
      assertEquals(rows.parse(good.getBytes(StandardCharsets.UTF_8)), rows.parse(good), good);
    }
  }
}
