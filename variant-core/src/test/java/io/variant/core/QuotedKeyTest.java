// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * {@link VariantBuilder#keyUtf8Quoted}: the key a builder expects after the same two keys is taken
 * from the input only where it stands there whole, followed by its closing quote, and only when it
 * has no byte that JSON would have escaped; the value built is the one {@link
 * VariantBuilder#keyUtf8} builds.
 */
class QuotedKeyTest {
  @Test
  void theExpectedKeyIsTakenWhereItStandsWhole() {
    VariantBuilder b = new VariantBuilder();
    Variant first = row(b, "third");
    assertEquals(5, quotedAfterTwoKeys(b, "third\":1}"));
    b.appendLong(1).endObject();
    assertArrayEquals(first.valueBytes(), b.build().valueBytes());
  }

  @Test
  void theFirstKeyTheBuilderSawIsTakenToo() {
    VariantBuilder b = new VariantBuilder();
    b.startObject();
    utf8Key(b, "k").appendLong(0); // "k" is the builder's first key
    b.endObject().build();
    Variant first = row(b, "k");
    assertEquals(1, quotedAfterTwoKeys(b, "k\":1}"));
    b.appendLong(1).endObject();
    assertArrayEquals(first.valueBytes(), b.build().valueBytes());
  }

  @Test
  void aLongerOrShorterKeyOrOneCutByTheLimitIsLeftToTheCaller() {
    VariantBuilder b = new VariantBuilder();
    row(b, "third");
    assertEquals(-1, quotedAfterTwoKeys(b, "thirds\":1}"));
    row(b, "third");
    assertEquals(-1, quotedAfterTwoKeys(b, "thir\":1}"));
    row(b, "third");
    byte[] cut = "third\"".getBytes(StandardCharsets.UTF_8);
    assertEquals(-1, quotedAfterTwoKeys(b, cut, cut.length - 1)); // the quote is past the limit
  }

  @Test
  void aKeyWithABackslashOrQuoteIsNeverTakenAsItStands() {
    for (String key : new String[] {"a\\", "a\"", "tab\t"}) {
      VariantBuilder b = new VariantBuilder();
      row(b, key);
      // The input's bytes equal the key's, followed by a quote; in JSON that quote would be escaped
      // (or the key would be), so it is not the key's end.
      assertEquals(-1, quotedAfterTwoKeys(b, key + "\":1}"), key);
    }
  }

  /**
   * A row {"p":null,"q":null,KEY:1} by keyUtf8, so that KEY becomes the one expected after p, q.
   */
  private static Variant row(VariantBuilder b, String key) {
    b.reset();
    b.startObject();
    utf8Key(b, "p").appendNull();
    utf8Key(b, "q").appendNull();
    utf8Key(b, key).appendLong(1);
    return b.endObject().build();
  }

  private static int quotedAfterTwoKeys(VariantBuilder b, String input) {
    byte[] bytes = input.getBytes(StandardCharsets.UTF_8);
    return quotedAfterTwoKeys(b, bytes, bytes.length);
  }

  private static int quotedAfterTwoKeys(VariantBuilder b, byte[] input, int limit) {
    b.reset();
    b.startObject();
    utf8Key(b, "p").appendNull();
    utf8Key(b, "q").appendNull();
    return b.keyUtf8Quoted(input, 0, limit);
  }

  private static VariantBuilder utf8Key(VariantBuilder b, String key) {
    byte[] bytes = key.getBytes(StandardCharsets.UTF_8);
    return b.keyUtf8(bytes, 0, bytes.length);
  }
}
