// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.testkit.Hex;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Every input a reader must reject (spec: VariantEncoding §Metadata encoding, §Value encoding,
 * §Encoding types, §String values must be UTF-8 encoded, §Object field ID order and uniqueness; and
 * bytes no reader can follow: reads past the end, field ids beyond the dictionary, offsets outside
 * the data): the error is a {@link VariantFormatException} whose {@code byteOffset()} points at the
 * offending byte, in the buffer the caller passed (so padded placements shift it), and whose
 * message names the problem.
 */
class MalformedVariantTest {
  private static final String A = "01 01 00 01 61"; // unsorted ["a"]
  private static final String AB = "11 02 00 01 02 61 62"; // sorted ["a", "b"]

  private static void assertRejects(Executable call, long byteOffset, String fragment) {
    var e = assertThrows(VariantFormatException.class, call);
    assertEquals(byteOffset, e.byteOffset(), e.getMessage());
    assertTrue(e.getMessage().contains(fragment), e.getMessage());
    assertTrue(
        e.getMessage().startsWith("Invalid variant at byte " + byteOffset + ": "), e.getMessage());
  }

  /**
   * Asserts the rejection for both placements of the value; {@code valueByte} is relative to the
   * value.
   */
  private static void assertValueRejects(
      String metadata,
      String value,
      java.util.function.Consumer<Variant> call,
      int valueByte,
      String fragment) {
    for (Fixtures.Placed p : Fixtures.placements(metadata, value)) {
      assertRejects(() -> call.accept(p.v()), p.valueOffset() + valueByte, fragment);
    }
  }

  @Test
  void metadataVersionOtherThanOne() {
    assertRejects(
        () -> VariantMetadata.of(Hex.bytes("02 00 00")), 0, "metadata version 2, expected 1");
    assertRejects(() -> VariantMetadata.of(Hex.bytes("00 00 00")), 0, "metadata version 0");
    assertRejects(
        () -> VariantMetadata.of(Hex.bytes("FF FF 0F 00 00 FF FF FF FF"), 2, 5),
        2,
        "version 15"); // at an offset
    assertRejects(() -> Variant.of(Hex.bytes("0F 00 00"), Hex.bytes("00")), 0, "version 15");
  }

  @Test
  void invalidUtf8InKeys() {
    // key bytes FF: never valid UTF-8; overlong C0 AF; a UTF-16 surrogate ED A0 80; truncated E2 82
    for (String key : new String[] {"FF", "C0 AF", "ED A0 80", "E2 82"}) {
      int n = key.split(" ").length;
      String metadata = "01 01 00 0" + n + " " + key;
      assertRejects(() -> VariantMetadata.of(Hex.bytes(metadata)).validate(), 4, "not valid UTF-8");
      assertRejects(() -> VariantMetadata.of(Hex.bytes(metadata)).key(0), 4, "not valid UTF-8");
      // the object {key: null} fails validation at the key too
      assertRejects(
          () -> Variant.of(Hex.bytes(metadata), Hex.bytes("02 01 00 00 01 00")).validate(),
          4,
          "UTF-8");
    }
  }

  @Test
  void invalidUtf8InStrings() {
    assertValueRejects(A, "05 FF", Variant::stringValue, 1, "not valid UTF-8"); // short string
    assertValueRejects(A, "09 ED A0", Variant::validate, 1, "UTF-8"); // surrogate prefix
    assertValueRejects(
        A,
        "40 02 00 00 00 C0 AF",
        Variant::stringValue,
        5,
        "not valid UTF-8"); // long form, overlong
    // inside an array: validate finds it
    assertValueRejects(A, "03 01 00 02 05 FF", Variant::validate, 5, "UTF-8");
  }

  @Test
  void sortedFlagWithUnsortedOrDuplicateDictionary() {
    assertRejects(
        () -> VariantMetadata.of(Hex.bytes("11 02 00 01 02 62 61")).validate(),
        6,
        "marked sorted but key 1"); // "b", "a"
    assertRejects(
        () -> VariantMetadata.of(Hex.bytes("11 02 00 01 02 61 61")).validate(),
        6,
        "marked sorted"); // "a", "a"
    assertRejects(
        () -> Variant.of(Hex.bytes("11 02 00 01 02 62 61"), Hex.bytes("00")).validate(),
        6,
        "marked sorted");
  }

  @Test
  void duplicateKeysInAnObject() {
    // unsorted dictionary ["a", "a"] is legal; an object naming both is not
    assertValueRejects(
        "01 02 00 01 02 61 61",
        "02 02 00 01 00 01 02 00 00",
        Variant::validate,
        0,
        "duplicate key \"a\"");
    // the same id twice
    assertValueRejects(
        A, "02 02 00 00 00 01 02 00 00", Variant::validate, 0, "duplicate key \"a\"");
  }

  @Test
  void fieldIdsOutOfKeyOrderOnlyUnderKeyOrderSpec() {
    // ids 1, 0 = "b", "a": other engines write that; the default validation accepts it
    // (KeyOrderTest)
    assertValueRejects(
        AB,
        "02 02 01 00 00 01 02 00 00",
        v -> v.validate(KeyOrder.SPEC),
        0,
        "object keys out of order at \"a\"");
    for (Fixtures.Placed p : Fixtures.placements(AB, "02 02 01 00 00 01 02 00 00")) {
      p.v().validate();
    }
  }

  @Test
  void duplicateKeysOutOfKeyOrderInEitherMode() {
    // unsorted ["b", "a"]; ids 0 1 0 = "b", "a", "b": the duplicate is not adjacent
    for (KeyOrder order : KeyOrder.values()) {
      assertValueRejects(
          "01 02 00 01 02 62 61",
          "02 03 00 01 00 00 01 02 03 00 00 00",
          v -> v.validate(order),
          0,
          "duplicate key \"b\"");
    }
  }

  @Test
  void decimalScaleOrPrecisionAbove38() {
    assertValueRejects(
        A,
        "20 27 01 00 00 00",
        Variant::decimalValue,
        1,
        "decimal scale 39 exceeds 38"); // scale byte
    assertValueRejects(
        A,
        "28 FF 01 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00",
        Variant::validate,
        1,
        "scale 255");
    // decimal16 unscaled 10^38: 39 digits
    assertValueRejects(
        A,
        "28 00 00 00 00 00 40 22 8A 09 7A C4 86 5A A8 4C 3B 4B",
        Variant::decimalValue,
        2,
        "precision above 38");
    assertValueRejects(
        A,
        "28 00 00 00 00 00 40 22 8A 09 7A C4 86 5A A8 4C 3B 4B",
        Variant::validate,
        2,
        "precision");
  }

  @Test
  void timeOutsideOneDay() {
    // time_ntz of 86,400,000,000 µs (24:00:00) and of -1 µs: validate() must refuse what
    // timeValue() refuses
    assertValueRejects(
        A,
        "44 00 60 D7 1D 14 00 00 00",
        Variant::validate,
        1,
        "time of 86400000000 microseconds is outside one day");
    assertValueRejects(
        A, "44 FF FF FF FF FF FF FF FF", Variant::timeValue, 1, "time of -1 microseconds");
    assertValueRejects(
        A,
        "03 01 00 09 44 FF FF FF FF FF FF FF FF",
        Variant::validate,
        5,
        "outside one day"); // the payload of the element at byte 4
  }

  @Test
  void readsPastTheEnd() {
    assertValueRejects(
        A, "14 01 02", Variant::longValue, 1, "needs 4 payload bytes"); // int32 with 2 bytes
    assertValueRejects(A, "14 01 02", Variant::valueSize, 0, "runs past");
    assertValueRejects(A, "14 01 02", Variant::validate, 0, "runs past");
    assertValueRejects(
        A,
        "3C 05 00 00 00 01",
        Variant::binaryValue,
        1,
        "length 5 runs past"); // binary of 5, 1 present
    assertValueRejects(
        A,
        "FD 61 62",
        Variant::stringValue,
        1,
        "needs 63 payload bytes"); // short string of 63, 2 present
    assertValueRejects(
        A,
        "03 02 00 02",
        Variant::size,
        1,
        "array of 2 elements needs tables up to byte"); // no last offset
    assertRejects(
        () -> VariantMetadata.of(Hex.bytes("01 02 00 01")), 1, "needs offsets"); // 2 keys, 1 offset
    assertRejects(
        () -> VariantMetadata.of(Hex.bytes("41 01")), 1, "needs 2 bytes"); // 2-byte size cut
  }

  @Test
  void fieldIdAtOrAboveDictionarySize() {
    // object, 1 field, id 5 (!), offsets 0 2 | int8 42
    assertValueRejects(
        A,
        "02 01 05 00 02 0C 2A",
        v -> v.field("a"),
        2,
        "field id 5 outside the metadata dictionary of 1 keys");
    assertValueRejects(A, "02 01 01 00 02 0C 2A", Variant::validate, 2, "field id 1");
    assertValueRejects(A, "02 01 01 00 02 0C 2A", v -> v.fieldName(0), 2, "field id 1");
  }

  @Test
  void metadataOffsetsThatDecreaseOrDoNotStartAtZero() {
    // 3 keys, offsets 0 2 1 3 over "abc": key 1 would run backwards
    assertRejects(
        () -> VariantMetadata.of(Hex.bytes("01 03 00 02 01 03 61 62 63")).validate(),
        3,
        "offset 2 of key 1 is after the next offset 1");
    assertRejects(
        () -> VariantMetadata.of(Hex.bytes("01 03 00 02 01 03 61 62 63")).key(1),
        3,
        "after the next offset");
    // offset_0 = 1
    assertRejects(
        () -> VariantMetadata.of(Hex.bytes("01 01 01 02 61 62")).validate(),
        2,
        "offset_0 is 1, expected 0");
    // no keys, offset_0 = 5, then five bytes of nothing: accepted before, as size 0 returned early
    assertRejects(
        () -> VariantMetadata.of(Hex.bytes("11 00 05 6A 75 6E 6B 21")).validate(),
        2,
        "offset_0 is 5, expected 0");
    VariantMetadata.of(Hex.bytes("01 00")).validate(); // the tolerated abbreviation stays valid
  }

  @Test
  void offsetsOutsideTheData() {
    // array, 1 element at offset 5, data is 1 byte
    assertValueRejects(
        A,
        "03 01 05 01 00",
        v -> v.element(0),
        2,
        "offset 5 of element 0 is outside the 1 bytes of data");
    assertValueRejects(A, "03 01 05 01 00", Variant::validate, 2, "outside");
    // array whose last offset runs past the buffer
    assertValueRejects(A, "03 01 00 09 00", Variant::valueSize, 3, "data of 9 bytes runs past");
    // metadata whose last offset runs past its buffer
    assertRejects(
        () -> VariantMetadata.of(Hex.bytes("01 01 00 05 61")),
        3,
        "metadata strings end at byte 9, buffer ends at 5");
    // metadata key offset inside the table but past offset_n
    assertRejects(
        () -> VariantMetadata.of(Hex.bytes("01 02 00 03 01 61")).key(0),
        3,
        "points past the strings");
  }

  @Test
  void offsetsOutsideTheDataNameTheirEntryInAWideTable() {
    // array with 2-byte offsets (header 07), 2 elements, offsets 0 5 2 | null null
    assertValueRejects(
        A,
        "07 02 0000 0500 0200 00 00",
        v -> v.element(1),
        4, // the second offset: 2 + 1 * 2
        "offset 5 of element 1 is outside the 2 bytes of data");
  }

  @Test
  void rangesOutsideTheBufferAreRejectedBeforeAnyByteIsRead() {
    VariantMetadata m = VariantMetadata.of(Hex.bytes(A));
    byte[] five = Hex.bytes("00 00 00 00 00");
    var e = assertThrows(IllegalArgumentException.class, () -> Variant.of(m, five, 3, 4));
    assertEquals("range [3, 3+4) outside buffer of 5", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Variant.of(m, five, -1, 2));
    assertThrows(IllegalArgumentException.class, () -> Variant.of(m, five, 1, -1));
    assertEquals(VariantType.NULL, Variant.of(m, five, 3, 2).type());
  }

  @Test
  void valueExtendingPastTheLastOffset() {
    // array, 1 element, offsets 0 1, but the element is an int8 (2 bytes)
    assertValueRejects(
        A,
        "03 01 00 01 0C 2A",
        v -> v.element(0).longValue(),
        5,
        "needs 1 payload bytes, data ends at");
    assertValueRejects(
        A, "03 01 00 01 0C 2A", Variant::validate, 4, "runs past the end of its data");
    // object field whose nested array claims more data than the object's field_offset[n]: the
    // array's
    // last offset (byte 8) is the offending byte
    assertValueRejects(
        A,
        "02 01 00 00 04 03 01 00 02 00 00",
        Variant::validate,
        8,
        "array data of 2 bytes runs past");
  }

  @Test
  void countsAndLengthsAboveIntMax() {
    assertValueRejects(
        A, "13 FF FF FF FF 00", Variant::size, 1, "element count 4294967295 exceeds 2147483647");
    assertValueRejects(A, "42 00 00 00 80 00", Variant::fieldCount, 1, "element count 2147483648");
    assertValueRejects(
        A, "40 FF FF FF FF 61", Variant::stringValue, 1, "length 4294967295 runs past");
    assertValueRejects(A, "3C 00 00 00 80 61", Variant::valueSize, 0, "runs past");
    assertRejects(
        () -> VariantMetadata.of(Hex.bytes("C1 FF FF FF FF 00 00 00 00")),
        1,
        "dictionary size 4294967295");
  }

  @Test
  void unknownTypeIdFailsOnlyWhenThatValueIsRead() {
    // array [int8 1, <id 21>, int8 2]: header 0x54 is primitive id 21
    for (Fixtures.Placed p : Fixtures.placements(A, "03 03 00 02 03 05 0C 01 54 0C 02")) {
      Variant v = p.v();
      assertEquals(1, v.element(0).longValue());
      assertEquals(2, v.element(2).longValue());
      assertRejects(() -> v.element(1).type(), p.valueOffset() + 8, "unknown primitive type id 21");
      assertRejects(v::validate, p.valueOffset() + 8, "unknown primitive type id 21");
    }
  }

  @Test
  void emptyInputs() {
    assertRejects(() -> VariantMetadata.of(new byte[0]), 0, "metadata is empty");
    assertRejects(() -> Variant.of(Hex.bytes("01 00 00"), new byte[0]), 0, "value is empty");
    assertRejects(() -> Variant.ofConcatenated(Hex.bytes("01 00 00"), 0, 3), 3, "value is empty");
  }
}
