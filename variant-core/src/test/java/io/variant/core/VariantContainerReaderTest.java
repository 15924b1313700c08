// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.testkit.Hex;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Golden bytes for objects and arrays: every width of offsets, ids and counts; lookup; key order.
 */
class VariantContainerReaderTest {
  private static final String AB = "11 02 00 01 02 61 62"; // sorted, 2 keys, offsets 0 1 2, "a" "b"
  private static final String A = "01 01 00 01 61"; // unsorted, 1 key, offsets 0 1, "a"

  @Test
  void byteBuffersAreReadFromTheirPositionHeapOrDirect() {
    byte[] metadata = Hex.bytes("FF " + AB + " FF");
    byte[] value = Hex.bytes("FF FF 02 02 00 01 00 02 04 0C 01 05 78 FF");
    ByteBuffer heapMetadata = ByteBuffer.wrap(metadata, 1, metadata.length - 2).slice();
    ByteBuffer heapValue = ByteBuffer.wrap(value, 2, value.length - 3);
    ByteBuffer direct = ByteBuffer.allocateDirect(value.length - 3);
    direct.put(value, 2, value.length - 3).flip();
    for (ByteBuffer v : List.of(heapValue, direct)) {
      Variant read = Variant.of(heapMetadata, v);
      assertEquals(1, read.field("a").longValue());
      assertEquals("x", read.field("b").stringValue());
      assertEquals(11, read.valueSize());
      assertEquals(AB, Hex.of(read.metadataBytes()));
    }
  }

  @Test
  void objectReadsFieldsByIndexAndByKey() {
    // object, 2 fields, ids 0 1, offsets 0 2 4 | int8 1 | "x"
    for (Fixtures.Placed p : Fixtures.placements(AB, "02 02 00 01 00 02 04 0C 01 05 78")) {
      Variant v = p.v();
      assertEquals(VariantType.OBJECT, v.type());
      assertEquals(2, v.fieldCount());
      assertEquals("a", v.fieldName(0));
      assertEquals(1, v.fieldId(1));
      assertEquals(1, v.fieldValue(0).longValue());
      assertEquals("x", v.field("b").stringValue());
      assertEquals(1, v.fieldIndex("b"));
      assertNull(v.field("c"));
      assertNull(v.field(""));
      assertNull(v.field("aa"));
      assertEquals(-1, v.fieldIndex("B"));
      assertEquals(11, v.valueSize());
      v.validate();
    }
  }

  @Test
  void fieldsOutsideTheObjectAreRefusedByIndex() {
    for (Fixtures.Placed p : Fixtures.placements(AB, "02 02 00 01 00 02 04 0C 01 05 78")) {
      Variant v = p.v();
      for (int i : new int[] {-1, 2}) {
        var e = assertThrows(IndexOutOfBoundsException.class, () -> v.fieldId(i));
        assertTrue(e.getMessage().contains("index " + i + " outside 2"), e.getMessage());
        assertThrows(IndexOutOfBoundsException.class, () -> v.fieldValue(i));
        assertThrows(IndexOutOfBoundsException.class, () -> v.fieldName(i));
      }
      assertEquals(1, v.fieldValue(0).longValue()); // the last valid indexes still read
      assertEquals("x", v.fieldValue(1).stringValue());
    }
  }

  @Test
  void emptyContainers() {
    for (Fixtures.Placed p : Fixtures.placements("02 00 00")) { // object, 0 fields, offset 0
      assertEquals(0, p.v().fieldCount());
      assertNull(p.v().field("a"));
      p.v().validate();
    }
    for (Fixtures.Placed p : Fixtures.placements("03 00 00")) { // array, 0 elements, offset 0
      assertEquals(0, p.v().size());
      p.v().validate();
    }
  }

  @Test
  void arrayReadsElementsInOrder() {
    // array, 2 elements, offsets 0 2 3 | int8 1 | null
    for (Fixtures.Placed p : Fixtures.placements("03 02 00 02 03 0C 01 00")) {
      Variant v = p.v();
      assertEquals(2, v.size());
      assertEquals(1, v.element(0).longValue());
      assertTrue(v.element(1).isNull());
      var e = assertThrows(IndexOutOfBoundsException.class, () -> v.element(2));
      assertTrue(e.getMessage().contains("index 2"), e.getMessage());
      assertThrows(IndexOutOfBoundsException.class, () -> v.element(-1));
      v.validate();
    }
  }

  @TestFactory
  Stream<DynamicTest> everyObjectWidthReadsTheSameField() {
    // {"a": int8 1}; header = 0x02 | (offset size - 1) << 2 | (id size - 1) << 4 | is_large << 6
    List<String> encodings =
        List.of(
            "02 01 00 00 02 0C 01", // 1-byte ids and offsets
            "06 01 00 0000 0200 0C 01", // 2-byte offsets
            "0A 01 00 000000 020000 0C 01", // 3-byte offsets
            "0E 01 00 00000000 02000000 0C 01", // 4-byte offsets
            "12 01 0000 00 02 0C 01", // 2-byte ids
            "22 01 000000 00 02 0C 01", // 3-byte ids
            "32 01 00000000 00 02 0C 01", // 4-byte ids
            "3E 01 00000000 00000000 02000000 0C 01", // 4-byte ids and offsets
            "42 01000000 00 00 02 0C 01", // is_large: 4-byte count
            "7E 01000000 00000000 00000000 02000000 0C 01"); // everything at its widest
    return encodings.stream()
        .map(
            hex ->
                DynamicTest.dynamicTest(
                    hex,
                    () -> {
                      for (Fixtures.Placed p : Fixtures.placements(A, hex)) {
                        assertEquals(1, p.v().fieldCount());
                        assertEquals("a", p.v().fieldName(0));
                        assertEquals(1, p.v().field("a").longValue());
                        assertEquals(hex.replace(" ", "").length() / 2, p.v().valueSize());
                        p.v().validate();
                      }
                    }));
  }

  @TestFactory
  Stream<DynamicTest> everyArrayWidthReadsTheSameElements() {
    // [int8 1, null]; header = 0x03 | (offset size - 1) << 2 | is_large << 4
    List<String> encodings =
        List.of(
            "03 02 00 02 03 0C 01 00",
            "07 02 0000 0200 0300 0C 01 00",
            "0B 02 000000 020000 030000 0C 01 00",
            "0F 02 00000000 02000000 03000000 0C 01 00",
            "13 02000000 00 02 03 0C 01 00",
            "1F 02000000 00000000 02000000 03000000 0C 01 00");
    return encodings.stream()
        .map(
            hex ->
                DynamicTest.dynamicTest(
                    hex,
                    () -> {
                      for (Fixtures.Placed p : Fixtures.placements(hex)) {
                        assertEquals(2, p.v().size());
                        assertEquals(1, p.v().element(0).longValue());
                        assertTrue(p.v().element(1).isNull());
                        p.v().validate();
                      }
                    }));
  }

  @Test
  void keysSortByUtf8BytesNotUtf16() {
    // U+E000 is EE 80 80 and U+1F600 is F0 9F 98 80: E000 sorts first in UTF-8 byte order, while
    // String.compareTo puts the surrogate pair D83D DE00 first.
    String privateUse = "\uE000";
    String emoji = "\uD83D\uDE00";
    assertTrue(privateUse.compareTo(emoji) > 0);
    String metadata = "11 02 00 03 07 EE 80 80 F0 9F 98 80"; // sorted: [U+E000, U+1F600]
    // object, ids 0 1 (U+E000 then U+1F600), offsets 0 2 4 | int8 1 | int8 2
    for (Fixtures.Placed p : Fixtures.placements(metadata, "02 02 00 01 00 02 04 0C 01 0C 02")) {
      Variant v = p.v();
      v.validate();
      assertEquals(privateUse, v.fieldName(0));
      assertEquals(1, v.field(privateUse).longValue());
      assertEquals(2, v.field(emoji).longValue());
      assertNull(v.field("\uFFFF"));
    }
    // The same object with ids in UTF-16 order (1 then 0), as Spark writes it: read exactly, and
    // only
    // KeyOrder.SPEC validation names it.
    Variant utf16Order =
        Variant.of(
            io.variant.testkit.Hex.bytes(metadata),
            io.variant.testkit.Hex.bytes("02 02 01 00 00 02 04 0C 02 0C 01"));
    utf16Order.validate();
    assertEquals(1, utf16Order.field(privateUse).longValue());
    assertEquals(2, utf16Order.field(emoji).longValue());
    var e = assertThrows(VariantFormatException.class, () -> utf16Order.validate(KeyOrder.SPEC));
    assertEquals(0, e.byteOffset());
    assertTrue(
        e.getMessage().contains("out of order at \"\\uE000\""),
        e.getMessage()); // invisible key escaped
  }

  @Test
  void binarySearchFindsEveryKeyOfALargeObject() {
    VariantBuilder b = new VariantBuilder();
    b.startObject();
    for (int i = 0; i < 1000; i++) {
      b.key("k" + i).appendLong(i);
    }
    Variant v = b.endObject().build();
    for (int i = 0; i < 1000; i++) {
      assertEquals(i, v.field("k" + i).longValue());
    }
    assertNull(v.field("k1000"));
    assertNull(v.field("k"));
    assertNull(v.field("j"));
    assertNull(v.field("l"));
  }

  @Test
  void nestedValuesAreViewsBoundedByTheirParent() {
    // {"a": [int8 1, "x"]} with metadata ["a"]
    String value =
        "02 01 00 00 09" // object, 1 field, id 0, offsets 0 9
            + " 03 02 00 02 04 0C 01 05 78"; // array, 2 elements, offsets 0 2 4 | int8 1 | "x"
    for (Fixtures.Placed p : Fixtures.placements(A, value)) {
      Variant arr = p.v().field("a");
      assertEquals(2, arr.size());
      assertEquals("x", arr.element(1).stringValue());
      assertEquals(9, arr.valueSize());
      p.v().validate();
    }
  }

  @Test
  void aKeyWithALoneSurrogateIsFoundNowhere() {
    // A lone surrogate has no UTF-8 form: the builder refuses it, and a lookup of a name holding
    // one finds no key, not even the '?' Java's encoder would have written in its place.
    Variant v =
        new VariantBuilder()
            .startObject()
            .key("a?")
            .appendLong(1)
            .key("a\uFFFD")
            .appendLong(2)
            .endObject()
            .build();
    assertNull(v.field("a\uD800"));
    assertEquals(-1, v.metadata().idOf("a\uD800"));
    assertEquals(2, v.field("a\uFFFD").longValue());
    assertEquals(1, v.field("a?").longValue());
  }
}
