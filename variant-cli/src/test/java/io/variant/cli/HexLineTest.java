// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HexLineTest {
  // {"id":42,"tags":["a"]}
  static final String METADATA =
      "11" // v1, sorted, 1-byte offsets
          + "02" // 2 keys
          + "000206" // offsets 0, 2, 6
          + "6964"
          + "74616773"; // "id", "tags"
  static final String VALUE =
      "02" // object, 1-byte ids and offsets
          + "02" // 2 fields
          + "0001" // ids: id, tags
          + "000208" // offsets 0, 2, 8
          + "0c2a" // int8 42
          + "03"
          + "01"
          + "0002"
          + "0561"; // array, 1 element, offsets 0..2, "a"

  private final HexLine parser = new HexLine("in.hex", io.variant.core.Limits.defaults());

  private InputException reject(String line) {
    return assertThrows(InputException.class, () -> parser.parse(line, 42));
  }

  @Test
  void parsesFieldsSeparatedByAnyBlanks() {
    HexLine.Parsed p = parser.parse("  " + METADATA + " \t" + VALUE + " \r", 1);
    assertEquals(42, p.variant().field("id").longValue());
    assertEquals("a", p.variant().field("tags").element(0).stringValue());
    assertEquals(2 + METADATA.length() + 2 + 1, p.valueColumn());
  }

  @Test
  void skipsBlankLines() {
    assertNull(parser.parse("", 1));
    assertNull(parser.parse(" \t\r", 1));
  }

  @Test
  void readsNullLineAsSqlNull() {
    HexLine.Parsed p = parser.parse(" NULL \r", 3);
    assertTrue(p.isSqlNull());
    assertNull(p.variant());
  }

  @Test
  void rejectsNullInOtherCaseOrWithMoreText() {
    InputException lower = reject("null"); // only the upper-case word stands for SQL NULL
    assertEquals(5, lower.column());
    assertTrue(lower.getMessage().contains("or NULL, found one field"), lower.getMessage());
    assertEquals(6, reject("NULLS").column());
    InputException twoFields = reject("NULL 00"); // then NULL is read as metadata hex
    assertEquals(1, twoFields.column());
    assertTrue(twoFields.getMessage().contains("'N' is not a hex digit"), twoFields.getMessage());
  }

  @Test
  void rejectsLineWithOneFieldAtItsEnd() {
    InputException e = reject("010000  ");
    assertEquals(42, e.line());
    assertEquals(7, e.column());
    assertEquals("in.hex", e.source());
    assertTrue(
        e.getMessage()
            .startsWith(
                "in.hex:42:7: expected '<metadata hex> <value hex>' or NULL, found one field"),
        e.getMessage());
  }

  @Test
  void rejectsThirdField() {
    InputException e = reject("010000 00 00");
    assertEquals(11, e.column());
    assertTrue(e.getMessage().contains("found a third field"), e.getMessage());
  }

  @Test
  void rejectsBadHexDigitAtItsColumn() {
    InputException e = reject("010000 0z");
    assertEquals(9, e.column());
    assertTrue(e.getMessage().contains("value: 'z' is not a hex digit"), e.getMessage());
  }

  @Test
  void rejectsNonAsciiByteAtItsColumn() {
    InputException e =
        reject("01\u00e90000 00"); // a Latin-1 reader turns each input byte into one char
    assertEquals(3, e.column());
    assertTrue(e.getMessage().contains("metadata: '\\u00e9' is not a hex digit"), e.getMessage());
  }

  @Test
  void rejectsMetadataVersionAtItsHeaderByte() {
    InputException e = reject("020000 00"); // header 02: version 2
    assertEquals(1, e.column());
    assertTrue(
        e.getMessage().contains("metadata: Invalid variant at byte 0: metadata version 2"),
        e.getMessage());
  }

  @Test
  void rejectsFieldIdOutsideDictionaryAtTheIdByte() {
    String metadata = "01" + "01" + "0001" + "61"; // v1 unsorted, 1 key, offsets 0..1, "a"
    String value =
        "02" + "01" + "05" + "0002" + "0c2a"; // object, 1 field, id 5 (!), offsets 0..2, int8 42
    InputException e = reject(metadata + " " + value);
    assertEquals(
        metadata.length() + 1 + 2 * 2 + 1, e.column()); // byte 2 of the value: the field id
    assertTrue(e.getMessage().contains("value: Invalid variant at byte 2"), e.getMessage());
    assertTrue(e.getMessage().contains("field id 5"), e.getMessage());
  }

  @Test
  void rejectsTruncatedValue() {
    InputException e = reject("010000 1001"); // int16 with one payload byte of two
    assertEquals(8, e.column());
    assertTrue(e.getMessage().contains("value: Invalid variant at byte 0"), e.getMessage());
  }

  @Test
  void rejectsBytesAfterTheValue() {
    InputException e = reject("010000 0c2aff"); // int8 42, then one byte too many
    assertEquals(8 + 2 * 2, e.column());
    assertTrue(
        e.getMessage().contains("value: the value ends at byte 2 but the field holds 3 bytes"),
        e.getMessage());
  }

  @Test
  void rejectsBytesAfterTheMetadata() {
    InputException e = reject("01000000 00"); // the empty dictionary, then one byte too many
    assertEquals(1 + 2 * 3, e.column());
    assertTrue(
        e.getMessage()
            .contains("metadata: the dictionary ends at byte 3 but the field holds 4 bytes"),
        e.getMessage());
  }
}
