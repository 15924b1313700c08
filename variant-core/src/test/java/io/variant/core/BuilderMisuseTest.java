// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.json.VariantJson;
import org.junit.jupiter.api.Test;

/**
 * A builder given what it cannot hold, or whose call failed, never builds another value than the
 * one it was given: text that UTF-8 cannot hold is refused rather than written with a '?', a range
 * outside its array is refused before anything is appended, and an object that failed to close
 * leaves nothing to build.
 */
class BuilderMisuseTest {
  @Test
  void anUnpairedSurrogateIsRefusedNotWrittenAsAQuestionMark() {
    VariantBuilder b = new VariantBuilder();
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> b.appendString("a\uD800b"));
    assertTrue(e.getMessage().contains("U+D800 at index 1"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> b.appendString("\uDC00"));
    assertThrows(IllegalArgumentException.class, () -> b.appendString("x\uD83D"));
    // two keys that would both have become "?" collide no more: neither is taken
    b.startObject();
    assertThrows(IllegalArgumentException.class, () -> b.key("\uD800"));
    assertThrows(IllegalArgumentException.class, () -> b.key("\uD801"));
    // a pair is one code point, as before
    Variant emoji = new VariantBuilder().appendString("\uD83D\uDE00").build();
    assertEquals("\"\uD83D\uDE00\"", VariantJson.toJson(emoji));
  }

  @Test
  void aBinaryRangeOutsideItsArrayAppendsNothing() {
    VariantBuilder b = new VariantBuilder();
    assertThrows(IndexOutOfBoundsException.class, () -> b.appendBinary(new byte[3], 2, 5));
    assertThrows(IndexOutOfBoundsException.class, () -> b.appendBinary(new byte[3], -1, 1));
    assertThrows(IllegalStateException.class, b::build); // no value: none was appended
    assertEquals(VariantType.BINARY, b.appendBinary(new byte[3], 1, 2).build().type());
  }

  @Test
  void anObjectRefusedForADuplicateKeyLeavesNothingToBuild() {
    VariantBuilder b = new VariantBuilder();
    b.startObject().key("z").appendString("first");
    b.key("a").appendLong(1).key("a").appendLong(2);
    assertThrows(DuplicateKeyException.class, b::endObject);
    // it had built the string "first", the value before the object's fields, with no error
    assertThrows(IllegalStateException.class, b::build);
    assertEquals(7, b.appendLong(7).build().longValue()); // usable again, as after reset()
  }

  @Test
  void buildOnceStartsTheBuilderOver() {
    VariantBuilder b = new VariantBuilder();
    assertEquals(1, b.appendLong(1).buildOnce().longValue());
    assertThrows(IllegalStateException.class, b::build); // nothing appended since
    assertEquals(2, b.appendLong(2).build().longValue());
    b.reset();
    b.startObject().key("k").appendLong(3).endObject();
    assertEquals("{\"k\":3}", VariantJson.toJson(b.buildOnce()));
    assertEquals(
        "{\"j\":4}",
        VariantJson.toJson(b.startObject().key("j").appendLong(4).endObject().build()));
  }
}
