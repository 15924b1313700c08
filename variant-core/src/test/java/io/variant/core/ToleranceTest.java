// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.testkit.Hex;
import org.junit.jupiter.api.Test;

/**
 * Legal but non-canonical bytes validate, read correctly, and canonicalize to the builder's form:
 * reserved bits set, widths larger than needed, the long string form for a short string, values out
 * of key order (spec: VariantEncoding §Value encoding grammar, §Object field ID order and
 * uniqueness), an unsorted dictionary with duplicates (§Metadata encoding), and what the spec
 * leaves open: values that share bytes, gaps between values, bytes after the top-level value.
 */
class ToleranceTest {
  private static final String AB = "11 02 00 01 02 61 62"; // sorted ["a", "b"]
  private static final String CANONICAL_A1_B2 = "02 02 00 01 00 02 04 0C 01 0C 02"; // {"a":1,"b":2}

  private static void assertA1B2(Variant v) {
    v.validate();
    assertEquals(2, v.fieldCount());
    assertEquals(1, v.field("a").longValue());
    assertEquals(2, v.field("b").longValue());
    Variant c = VariantBuilder.canonicalize(v);
    assertEquals(CANONICAL_A1_B2, Hex.of(c.valueBytes()));
    assertEquals(AB, Hex.of(c.metadataBytes()));
    assertTrue(VariantEquality.physical(v, c));
  }

  @Test
  void reservedBitsAreIgnored() {
    // metadata header bit 5 (0x20) set: 0x31 = sorted, reserved, 1-byte offsets
    for (Fixtures.Placed p :
        Fixtures.placements("31 02 00 01 02 61 62", "82 02 00 01 00 02 04 0C 01 0C 02")) {
      assertTrue(p.v().metadata().isSorted());
      assertA1B2(p.v()); // and object header bit 7 (value_header bit 5) set: 0x82
    }
    // array header bits 5-7 set: 0xE3
    for (Fixtures.Placed p : Fixtures.placements("E3 02 00 02 03 0C 01 00")) {
      p.v().validate();
      assertEquals(2, p.v().size());
      assertEquals(
          "03 02 00 02 03 0C 01 00", Hex.of(VariantBuilder.canonicalize(p.v()).valueBytes()));
    }
  }

  @Test
  void nonMinimalWidths() {
    // 4-byte ids and offsets and is_large for 2 fields; metadata with 4-byte offsets (header 0xD1)
    String metadata = "D1 02000000 00000000 01000000 02000000 61 62";
    String value = "7E 02000000 00000000 01000000 00000000 02000000 04000000 0C 01 0C 02";
    for (Fixtures.Placed p : Fixtures.placements(metadata, value)) {
      assertA1B2(p.v());
    }
  }

  @Test
  void nonMonotonicOffsetsAndValuesOutOfKeyOrder() {
    // ids a, b; offsets a@2, b@0, end 4: "b"'s value is laid out first
    for (Fixtures.Placed p : Fixtures.placements(AB, "02 02 00 01 02 00 04 0C 02 0C 01")) {
      assertA1B2(p.v());
    }
  }

  @Test
  void longFormForShortStrings() {
    for (Fixtures.Placed p : Fixtures.placements("40 01 00 00 00 78")) { // "x" in the long form
      Variant v = p.v();
      v.validate();
      assertEquals("x", v.stringValue());
      Variant shortForm = Variant.of(Hex.bytes("01 00 00"), Hex.bytes("05 78"));
      assertTrue(VariantEquality.physical(v, shortForm));
      assertEquals(shortForm.hashCode(), v.hashCode());
      assertEquals("05 78", Hex.of(VariantBuilder.canonicalize(v).valueBytes()));
    }
  }

  @Test
  void unsortedDictionaryWithDuplicatesAndUnusedKeys() {
    // unsorted ["b", "a", "b", "zz"]; the object uses ids 1 ("a") and 2 (the second "b")
    String metadata = "01 04 00 01 02 03 05 62 61 62 7A 7A";
    for (Fixtures.Placed p : Fixtures.placements(metadata, "02 02 01 02 00 02 04 0C 01 0C 02")) {
      assertEquals(0, p.v().metadata().idOf("b")); // the first of the duplicates
      assertEquals(-1, p.v().metadata().idOf("c"));
      assertA1B2(p.v());
    }
  }

  @Test
  void twoByteEmptyMetadata() {
    // The spec's tables abbreviate the empty dictionary as 01 00 (no offset_0).
    for (Fixtures.Placed p : Fixtures.placements("01 00", "02 00 00")) {
      assertEquals(0, p.v().metadata().size());
      assertEquals(2, p.v().metadata().length());
      p.v().validate();
      assertEquals(0, p.v().fieldCount());
      assertEquals(
          "11 00 00", Hex.of(VariantBuilder.canonicalize(p.v()).metadataBytes())); // never written
    }
    assertEquals(2, VariantMetadata.encodedLength(Hex.bytes("01 00 0C 2A"), 0, 2));
  }

  @Test
  void sharedAndGappedValueBytes() {
    // [x, x] sharing one "ab", then an array with 2 junk bytes between its elements
    for (Fixtures.Placed p : Fixtures.placements("03 02 00 00 03 09 61 62")) {
      p.v().validate();
      assertEquals("ab", p.v().element(1).stringValue());
    }
    for (Fixtures.Placed p : Fixtures.placements("03 02 00 04 05 0C 01 EE EE 00")) {
      p.v().validate();
      assertTrue(p.v().element(1).isNull());
      assertEquals(
          "03 02 00 02 03 0C 01 00", Hex.of(VariantBuilder.canonicalize(p.v()).valueBytes()));
    }
  }

  @Test
  void trailingBytesAfterTheValueAreIgnored() {
    Variant v = Variant.of(Hex.bytes("01 00 00 FF"), Hex.bytes("0C 2A FF FF"));
    v.validate();
    assertEquals(42, v.longValue());
    assertArrayEquals(Hex.bytes("0C 2A"), v.valueBytes());
    assertArrayEquals(Hex.bytes("01 00 00"), v.metadataBytes());
  }
}
