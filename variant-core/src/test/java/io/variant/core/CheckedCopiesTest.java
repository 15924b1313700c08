// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@link FixedDictionaryBuilder#checkCopies}: copied values are checked as {@link
 * Variant#validate()} checks them, and a value built that way is known valid, so its own {@code
 * validate()} checks only the dictionary; without it, copies are taken as they are and {@code
 * validate()} walks the value.
 */
class CheckedCopiesTest {
  private static final VariantMetadata AB =
      VariantMetadata.of(new byte[] {0x11, 2, 0, 1, 2, 'a', 'b'});
  // {"b": a one-byte short string 0xFF}: well-formed but for its UTF-8
  private static final byte[] OBJECT_B_BAD_STRING = {
    0x02, 0x01, 0x01, 0x00, 0x02, 0x05, (byte) 0xFF
  };
  private static final byte[] OBJECT_B_IS_7 = {0x02, 0x01, 0x01, 0x00, 0x02, 0x0C, 0x07};

  private static Variant copyUnder(boolean check, byte[] residual) {
    return copyWith(new FixedDictionaryBuilder(Limits.defaults()).checkCopies(check), residual);
  }

  private static Variant copyWith(FixedDictionaryBuilder b, byte[] residual) {
    return b.start(AB)
        .startObject()
        .key(0)
        .appendInteger(VariantType.INT8, 1)
        .key(1)
        .appendVariant(Variant.of(AB, residual, 0, residual.length))
        .endObject()
        .build();
  }

  @Test
  void aMalformedCopyIsRejectedWhenCopiesAreChecked() {
    var e = assertThrows(VariantFormatException.class, () -> copyUnder(true, OBJECT_B_BAD_STRING));
    assertTrue(e.getMessage().contains("UTF-8"), e.getMessage());
  }

  @Test
  void aBuilderReusedForManyValuesChecksEachCopyAfresh() {
    // the builder keeps one validator; what it remembered of an earlier copy (a valid object at
    // the same position of another buffer) must not pass a later one
    FixedDictionaryBuilder b = new FixedDictionaryBuilder(Limits.defaults()).checkCopies(true);
    assertEquals(7, copyWith(b, OBJECT_B_IS_7).field("b").field("b").longValue());
    assertThrows(VariantFormatException.class, () -> copyWith(b, OBJECT_B_BAD_STRING));
    assertEquals(7, copyWith(b, OBJECT_B_IS_7).field("b").field("b").longValue());
  }

  @Test
  void anUncheckedCopyIsTakenAsItIsAndValidateWalksTheValue() {
    Variant v = copyUnder(false, OBJECT_B_BAD_STRING);
    assertThrows(VariantFormatException.class, v::validate);
  }

  @Test
  void aValueBuiltFromCheckedCopiesIsKnownValid() {
    Variant v = copyUnder(true, OBJECT_B_IS_7);
    assertEquals(7, v.field("b").field("b").longValue());
    assertSame(v, v.validate());
    // Known valid: validate() no longer walks it, as overwriting the residual's string shows
    // (a test-only mutation: Variants are immutable to callers).
    Variant bad = copyUnder(true, OBJECT_B_IS_7);
    int at = bad.buffer().length - 2;
    bad.buffer()[at] = 0x05; // the int8 header becomes a one-byte string's
    bad.buffer()[at + 1] = (byte) 0xFF;
    bad.validate();
    // ...but a stricter nesting limit or the spec's key order still walks it.
    assertThrows(VariantFormatException.class, () -> bad.validate(KeyOrder.SPEC));
  }

  @Test
  void aSmallerDepthLimitThanTheBuildersStillWalksTheValue() {
    Variant v = copyUnder(true, OBJECT_B_IS_7); // two levels
    var e =
        assertThrows(
            VariantLimitException.class, () -> v.validate(Limits.defaults().withMaxDepth(1)));
    assertTrue(e.getMessage().contains("nesting deeper than 1 levels"), e.getMessage());
  }

  @Test
  void theDictionaryIsStillCheckedAndRemembered() {
    VariantMetadata badKey = VariantMetadata.of(new byte[] {0x01, 1, 0, 1, (byte) 0xFF});
    Variant v =
        new FixedDictionaryBuilder(Limits.defaults())
            .checkCopies(true)
            .start(badKey)
            .appendInteger(VariantType.INT8, 1)
            .build();
    assertThrows(VariantFormatException.class, v::validate);
    AB.validate();
    AB.validate(); // a second check of a valid dictionary is remembered, not repeated
  }
}
