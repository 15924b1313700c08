// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.variant.testkit.Gen;
import io.variant.testkit.Trials;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * A builder's value knows its size without parsing its header ({@code Variant.spansGiven}): pinned
 * to the parse of the same bytes, for {@link VariantBuilder} and {@link FixedDictionaryBuilder}
 * values, and never passed on to a field or element, whose bytes end inside their parent's.
 */
class BuiltValueSizePropertyTest {
  @Test
  void aBuiltValuesSizeIsTheParsedSizeOfItsBytes() {
    FixedDictionaryBuilder fixed = new FixedDictionaryBuilder(Limits.defaults());
    Trials.run(
        "aBuiltValuesSizeIsTheParsedSizeOfItsBytes",
        rnd -> {
          Variant built = Gen.variant(rnd);
          assertSameSizeAsParsed(built);
          fixed.start(built.metadata());
          fixed.appendVariant(built);
          assertSameSizeAsParsed(fixed.build());
          Variant child =
              built.isObject() && built.fieldCount() > 0
                  ? built.fieldValue(rnd.nextInt(built.fieldCount()))
                  : built.isArray() && built.size() > 0
                      ? built.element(rnd.nextInt(built.size()))
                      : null;
          if (child != null) {
            assertSameSizeAsParsed(child);
          }
        });
  }

  /** {@code v}'s size and bytes are those of a fresh wrap of the bytes it was given. */
  private static void assertSameSizeAsParsed(Variant v) {
    byte[] given = Arrays.copyOfRange(v.buf, v.pos, v.pos + v.bytesGiven());
    Variant parsed = Variant.of(v.metadata(), given, 0, given.length);
    assertEquals(parsed.valueSize(), v.valueSize());
    assertArrayEquals(parsed.valueBytes(), v.valueBytes());
  }

  @Test
  void aFieldOfABuiltObjectParsesItsOwnEnd() {
    Variant v =
        new VariantBuilder()
            .startObject()
            .key("a")
            .startArray()
            .appendLong(1)
            .endArray()
            .key("b")
            .appendLong(2)
            .endObject()
            .build();
    Variant a = v.field("a");
    assertFalse(a.bytesGiven() == a.valueSize(), "a's given bytes run on into b");
    Variant alone = new VariantBuilder().startArray().appendLong(1).endArray().build();
    assertEquals(alone.valueSize(), a.valueSize());
    assertArrayEquals(alone.valueBytes(), a.valueBytes());
  }
}
