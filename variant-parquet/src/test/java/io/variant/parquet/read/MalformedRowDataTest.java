// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantFormatException;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.VariantRecord;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rows whose metadata column holds bytes that are no dictionary, or whose residual names a key id
 * beyond the row's dictionary: reading that row fails with a {@link VariantParquetException} naming
 * the file, the column and the row, caused by a {@link VariantFormatException}; the rows around it
 * read correctly. An unshredded value is returned as stored unless {@link
 * VariantReadOptions.Validation#FULL} is asked for; a bad field id in it then fails where the value
 * is used.
 */
class MalformedRowDataTest {
  private static final byte[] METADATA_A = {
    0x11, 0x01, 0x00, 0x01, 'a'
  }; // v1 sorted, 1 key, offsets 0..1, "a"
  private static final byte[] METADATA_AB = {
    0x11, 0x02, 0x00, 0x01, 0x02, 'a', 'b'
  }; // v1 sorted, keys "a", "b"
  private static final byte[] INT8_7 = {0x0C, 0x07}; // int8 7
  private static final byte[] OBJECT_B_IS_7 = {
    0x02, 0x01, 0x01, 0x00, 0x02, 0x0C, 0x07
  }; // object {id 1 ("b"): int8 7}
  private static final byte[] OBJECT_ID_5_IS_7 = {
    0x02, 0x01, 0x05, 0x00, 0x02, 0x0C, 0x07
  }; // object {id 5 (!): int8 7}

  private static final MessageType UNSHREDDED =
      MessageTypeParser.parseMessageType(
          "message m { required int64 id;"
              + " optional group v (VARIANT(1)) { required binary metadata; required binary value; } }");
  private static final MessageType SHREDDED =
      MessageTypeParser.parseMessageType(
          "message m { required int64 id;"
              + " optional group v (VARIANT(1)) { required binary metadata; optional binary value;"
              + "   optional group typed_value { required group a { optional binary value; optional int64 typed_value; } } } }");

  @TempDir Path tmp;

  /** Rows 0..3; row 2 has {@code metadata} and residual {@code value}, the others are {"a": 7}. */
  private Path file(MessageType schema, byte[] metadata, byte[] value) throws IOException {
    SimpleGroupFactory f = new SimpleGroupFactory(schema);
    List<Group> rows = new ArrayList<>();
    for (long id = 0; id < 4; id++) {
      Group row = f.newGroup().append("id", id);
      Group v = row.addGroup("v");
      boolean bad = id == 2;
      v.append("metadata", Binary.fromConstantByteArray(bad ? metadata : METADATA_A));
      if (schema == UNSHREDDED) {
        v.append(
            "value",
            Binary.fromConstantByteArray(
                bad ? value : new byte[] {0x02, 0x01, 0x00, 0x00, 0x02, 0x0C, 0x07}));
      } else {
        if (bad && value != null) {
          v.append(
              "value",
              Binary.fromConstantByteArray(value)); // the residual of a partially shredded object
        }
        v.addGroup("typed_value").addGroup("a").append("typed_value", 7L);
      }
      rows.add(row);
    }
    Path file = tmp.resolve("rows.parquet");
    TestFileWriter.writeRaw(file, schema, rows);
    return file;
  }

  private static VariantParquetException failsAtRow2(Path file) throws IOException {
    return failsAtRow2(file, VariantReadOptions.defaults());
  }

  /** Reads rows 0 and 1, expects row 2 to fail, then reads row 3 and the end. */
  private static VariantParquetException failsAtRow2(Path file, VariantReadOptions options)
      throws IOException {
    try (VariantParquetReader r = VariantParquetReader.builder(file).options(options).build()) {
      assertEquals(0L, r.read().get("id"));
      assertEquals(1L, r.read().get("id"));
      VariantParquetException e = assertThrows(VariantParquetException.class, r::read);
      VariantRecord next = r.read();
      assertEquals(3L, next.get("id"), "the row after the bad one");
      assertEquals(7, next.variant("v").field("a").longValue());
      assertNull(r.read());
      return e;
    }
  }

  private static void assertNamesRow2(VariantParquetException e, Path file) {
    assertEquals(file.toString(), e.file());
    assertEquals("v", e.column());
    assertEquals(2, e.row());
    assertTrue(e.getMessage().endsWith("(file " + file + ", column v, row 2)"), e.getMessage());
  }

  @Test
  void metadataWithAnotherVersionFailsItsRow() throws IOException {
    Path file = file(UNSHREDDED, new byte[] {0x02, 0x00, 0x00}, INT8_7); // version 2

    VariantParquetException e = failsAtRow2(file);
    assertNamesRow2(e, file);
    assertEquals(0, assertInstanceOf(VariantFormatException.class, e.getCause()).byteOffset());
    assertTrue(e.getMessage().contains("metadata version 2, expected 1"), e.getMessage());
  }

  @Test
  void metadataTooShortForItsOffsetsFailsItsRow() throws IOException {
    Path file = file(SHREDDED, new byte[] {0x01, 0x05, 0x00}, null); // 5 keys, but one offset byte

    VariantParquetException e = failsAtRow2(file);
    assertNamesRow2(e, file);
    assertEquals(1, assertInstanceOf(VariantFormatException.class, e.getCause()).byteOffset());
    assertTrue(
        e.getMessage().contains("metadata dictionary size 5 needs offsets up to byte 8"),
        e.getMessage());
  }

  @Test
  void textInTheMetadataColumnFailsItsRow() throws IOException {
    Path file =
        file(
            UNSHREDDED,
            "{\"a\": 7}".getBytes(java.nio.charset.StandardCharsets.US_ASCII),
            INT8_7); // 0x7B: version 11

    VariantParquetException e = failsAtRow2(file);
    assertNamesRow2(e, file);
    assertTrue(e.getMessage().contains("metadata version 11, expected 1"), e.getMessage());
  }

  @Test
  void residualKeyBeyondTheDictionaryFailsItsRowWhenMerged() throws IOException {
    Path file = file(SHREDDED, METADATA_AB, OBJECT_ID_5_IS_7);

    VariantParquetException e = failsAtRow2(file);
    assertNamesRow2(e, file);
    assertTrue(e.getMessage().contains("field id 5"), e.getMessage());
  }

  @Test
  void residualWithInvalidUtf8FailsItsRowUnderFullValidationAndReadsLazily() throws IOException {
    // {"b": a short string of one byte 0xFF}: only a deep check sees it
    byte[] badString = {0x02, 0x01, 0x01, 0x00, 0x02, 0x05, (byte) 0xFF};
    Path file = file(SHREDDED, METADATA_AB, badString);

    // FULL checks the residual as the rebuild copies it (RebuildOptions.checkResiduals).
    VariantParquetException e =
        failsAtRow2(
            file, VariantReadOptions.defaults().withValidation(VariantReadOptions.Validation.FULL));
    assertNamesRow2(e, file);
    Throwable cause = e;
    while (cause != null && !(cause instanceof VariantFormatException)) {
      cause = cause.getCause();
    }
    assertInstanceOf(VariantFormatException.class, cause, e.toString());
    assertTrue(e.getMessage().contains("UTF-8"), e.getMessage());

    try (VariantParquetReader r = VariantParquetReader.open(file)) { // LAZY: copied as stored
      r.read();
      r.read();
      Variant v = r.read().variant("v");
      assertEquals(7, v.field("a").longValue());
      assertThrows(VariantFormatException.class, v::validate);
    }
  }

  @Test
  void residualWithKnownKeyMergesWithTheShreddedField() throws IOException {
    Path file =
        file(SHREDDED, METADATA_AB, OBJECT_B_IS_7); // the control: the same row, but a valid id

    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      r.read();
      r.read();
      Variant v = r.read().variant("v");
      assertEquals(7, v.field("a").longValue());
      assertEquals(7, v.field("b").longValue());
    }
  }

  @Test
  void emptyBinaryInADecimalColumnFailsItsRow() throws IOException {
    MessageType schema =
        MessageTypeParser.parseMessageType(
            "message m { required int64 id; optional group v (VARIANT(1)) {"
                + " required binary metadata; optional binary value; optional binary typed_value (DECIMAL(20,2)); } }");
    SimpleGroupFactory f = new SimpleGroupFactory(schema);
    List<Group> rows = new ArrayList<>();
    for (long id = 0; id < 4; id++) {
      Group row = f.newGroup().append("id", id);
      row.addGroup("v")
          .append("metadata", Binary.fromConstantByteArray(METADATA_A))
          .append(
              "typed_value",
              Binary.fromConstantByteArray(
                  id == 2 ? new byte[0] : new byte[] {0x02, (byte) 0xBC})); // 700: 7.00
      rows.add(row);
    }
    Path file = tmp.resolve("decimals.parquet");
    TestFileWriter.writeRaw(file, schema, rows);

    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      assertEquals(0L, r.read().get("id"));
      assertEquals(1L, r.read().get("id"));
      VariantParquetException e = assertThrows(VariantParquetException.class, r::read);
      assertEquals("v.typed_value", e.column());
      assertEquals(2, e.row());
      assertTrue(
          e.getMessage()
              .contains(
                  "Cannot read a decimal from an empty binary (file "
                      + file
                      + ", column v.typed_value, row 2)"),
          e.getMessage());
      VariantRecord next = r.read();
      assertEquals(3L, next.get("id"), "the row after the bad one");
      assertEquals(new java.math.BigDecimal("7.00"), next.variant("v").decimalValue());
    }
  }

  @Test
  void unshreddedKeyBeyondTheDictionaryFailsWhenUsedByDefault() throws IOException {
    Path file = file(UNSHREDDED, METADATA_A, OBJECT_ID_5_IS_7);

    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      r.read();
      r.read();
      Variant v = r.read().variant("v"); // returned as stored: only O(1) checks (Validation.LAZY)
      var e = assertThrows(VariantFormatException.class, v::validate);
      assertEquals(2, e.byteOffset()); // the field-id byte
      assertTrue(e.getMessage().contains("field id 5"), e.getMessage());
    }
  }

  @Test
  void unshreddedKeyBeyondTheDictionaryFailsItsRowUnderFullValidation() throws IOException {
    Path file = file(UNSHREDDED, METADATA_A, OBJECT_ID_5_IS_7);

    VariantParquetException e =
        failsAtRow2(
            file, VariantReadOptions.defaults().withValidation(VariantReadOptions.Validation.FULL));
    assertNamesRow2(e, file);
    assertInstanceOf(VariantFormatException.class, e.getCause());
    assertTrue(
        e.getMessage().contains("Invalid Variant: Invalid variant at byte 2:"), e.getMessage());
    assertTrue(e.getMessage().contains("field id 5"), e.getMessage());
  }

  @Test
  void fullValidationAppliesToProjectionsToo() throws IOException {
    Path file = file(UNSHREDDED, METADATA_A, OBJECT_ID_5_IS_7);

    try (VariantParquetReader r =
            VariantParquetReader.builder(file)
                .validation(VariantReadOptions.Validation.FULL)
                .build();
        VariantPathReader p = r.project("v", io.variant.core.path.VariantPath.root())) {
      assertTrue(p.read().isPresent());
      assertTrue(p.read().isPresent());
      VariantParquetException e = assertThrows(VariantParquetException.class, p::read);
      assertNamesRow2(e, file);
      assertEquals(7, p.read().value().field("a").longValue());
      assertNull(p.read());
    }
  }
}
