// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.BuilderOptions;
import io.variant.core.Limits;
import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantFormatException;
import io.variant.core.VariantLimitException;
import io.variant.testkit.Hex;
import java.io.ByteArrayOutputStream;
import org.junit.jupiter.api.Test;

/** Rendering stays bounded in depth and output length, whatever the bytes. */
class JsonRenderingLimitsTest {
  private static final byte[] EMPTY_METADATA =
      Hex.bytes("01 00 00"); // v1, unsorted, 0 keys, offset 0

  /**
   * {@code levels} nested arrays of two elements whose offsets both point at the same child: under
   * 300 bytes, yet 2^levels leaves.
   */
  private static Variant sharedOffsets(int levels) {
    byte[] value = Hex.bytes("0C 01"); // int8 1: the one leaf
    for (int i = 0; i < levels; i++) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      // array, 1-byte offsets; 2 elements; offsets 0 and 0 (both the child); data size = the
      // child's size
      out.writeBytes(Hex.bytes("03 02 00 00"));
      out.write(value.length);
      out.writeBytes(value);
      value = out.toByteArray();
    }
    return Variant.of(EMPTY_METADATA, value);
  }

  @Test
  void sharedSubValuesRenderNormallyWhenSmall() {
    assertEquals("[[1,1],[1,1]]", VariantJson.toJson(sharedOffsets(2)));
  }

  @Test
  void stopsRenderingAValueThatExpandsPastTheLimit() {
    Variant bomb = sharedOffsets(40); // 202 bytes, 2^40 leaves
    // A work factor this large leaves the output bound to stop it (ExpansionLimitsTest covers the
    // default).
    Limits limits = Limits.defaults().withMaxValueBytes(100_000).withMaxExpansion(1 << 20);

    var e = assertThrows(VariantLimitException.class, () -> VariantJson.toJson(bomb, limits));

    assertTrue(
        e.getMessage().contains("longer than 100000 characters (raise Limits.maxValueBytes)"),
        e.getMessage());
  }

  @Test
  void outputLimitCountsCompactCharactersExactly() {
    Variant v = VariantJson.parse("{\"ab\": [1, \"xyz\", null, {}], \"c\": -2.50}");
    String json = "{\"ab\":[1,\"xyz\",null,{}],\"c\":-2.50}";

    assertEquals(json, VariantJson.toJson(v, Limits.defaults().withMaxValueBytes(json.length())));
    assertThrows(
        VariantLimitException.class,
        () -> VariantJson.toJson(v, Limits.defaults().withMaxValueBytes(json.length() - 1)));
  }

  @Test
  void rejectsRenderingDeeperThanTheLimit() {
    Limits deep = Limits.defaults().withMaxDepth(2000);
    VariantBuilder b = new VariantBuilder(BuilderOptions.defaults().withLimits(deep));
    for (int i = 0; i < 1500; i++) {
      b.startArray();
    }
    for (int i = 0; i < 1500; i++) {
      b.endArray();
    }
    Variant v = b.build();

    var e = assertThrows(VariantLimitException.class, () -> VariantJson.toJson(v));
    assertTrue(
        e.getMessage().contains("nested deeper than 1000 levels (raise Limits.maxDepth)"),
        e.getMessage());
    assertEquals("[".repeat(1500) + "]".repeat(1500), VariantJson.toJson(v, deep));
  }

  @Test
  void malformedBytesGiveAFormatErrorNotACrash() {
    // array, 1 element, offsets 0 and 9: the data area claims 9 bytes but only 2 follow
    Variant truncated = Variant.of(EMPTY_METADATA, Hex.bytes("03 01 00 09 0C 01"));
    // object, 1 field, field id 0 in an empty dictionary
    Variant badId = Variant.of(EMPTY_METADATA, Hex.bytes("02 01 00 00 02 0C 01"));
    // primitive type id 63, unknown
    Variant unknown = Variant.of(EMPTY_METADATA, Hex.bytes("FC"));

    assertThrows(VariantFormatException.class, () -> VariantJson.toJson(truncated));
    var e = assertThrows(VariantFormatException.class, () -> VariantJson.toJson(badId));
    assertTrue(e.getMessage().contains("field id 0"), e.getMessage());
    assertThrows(VariantFormatException.class, () -> VariantJson.toJson(unknown));
  }
}
