// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.testkit.Hex;
import org.junit.jupiter.api.Test;

/**
 * Re-numbering key ids after a builder seeded with a dictionary adds a key (values appended
 * verbatim).
 */
class BuilderIdRewriteTest {
  private static final VariantMetadata KEY_C =
      VariantMetadata.of(Hex.bytes("11 01 00 01 63")); // sorted, ["c"]

  @Test
  void patchesSharedSubValuesOnce() {
    // array [x, x], both offsets pointing at the same x = {"c": int8 1}
    Variant shared =
        Variant.of(
            KEY_C,
            Hex.bytes(
                "03 02 00 00 07" // array, 2 elements, offsets 0, 0, end 7
                    + " 02 01 00 00 02 0C 01"),
            0,
            12); // object, 1 field, id 0 ("c"), offsets 0, 2, int8 1

    VariantBuilder b = VariantBuilder.withMetadata(KEY_C);
    b.startObject()
        .key("a")
        .appendVariant(shared)
        .endObject(); // "a" sorts before "c": c's id changes 0 -> 1
    Variant v = b.build();

    assertEquals(1, v.field("a").element(0).field("c").longValue());
    assertEquals(1, v.field("a").element(1).field("c").longValue());
  }

  @Test
  void rejectsMalformedVerbatimValuesWithFormatException() {
    Variant bad =
        Variant.of(KEY_C, Hex.bytes("02 01 05 00 02 0C 01"), 0, 7); // field id 5, dictionary of 1

    VariantBuilder b = VariantBuilder.withMetadata(KEY_C);
    b.startObject().key("a").appendVariant(bad).endObject(); // copied verbatim: same dictionary

    VariantFormatException e = assertThrows(VariantFormatException.class, b::build);
    assertEquals(
        7, e.byteOffset()); // the id byte: after the outer object (5 bytes) and the inner header
    // and count
    assertTrue(e.getMessage().contains("field id 5"), e.getMessage());
  }
}
