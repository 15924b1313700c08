// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantParquetException;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Decimals stored as BINARY (big-endian two's complement of any length, as Avro's bytes decimals
 * are written), at the top of the column and as list elements: every length from 1 to 16 bytes,
 * negative and positive, and values padded past 16 bytes, read as written; an empty binary or a
 * value past the column's precision fails the row (or the projected element) that holds it, and
 * only that one.
 */
class BinaryDecimalReadTest {
  private static final byte[] NO_KEYS = {0x01, 0x00, 0x00}; // v1, 0 keys, offset 0
  private static final String SCALAR =
      "message m { required int64 id; optional group v (VARIANT(1)) { required binary metadata;"
          + " optional binary value; optional binary typed_value (DECIMAL(38,2)); } }";
  private static final String LIST =
      "message m { required int64 id; optional group v (VARIANT(1)) { required binary metadata;"
          + " optional binary value; optional group typed_value (LIST) { repeated group list {"
          + " required group element { optional binary value;"
          + " optional binary typed_value (DECIMAL(38,2)); } } } } }";

  @TempDir Path tmp;

  /**
   * Unscaled values of 1 to 16 bytes in minimal two's complement, each negative and positive, with
   * a high byte that is not sign extension: the sign and every byte of both words count.
   */
  private static List<BigInteger> unscaledValues() {
    List<BigInteger> values = new ArrayList<>();
    for (int bytes = 1; bytes <= 16; bytes++) {
      BigInteger v = BigInteger.ONE.shiftLeft(8 * bytes - 2).add(BigInteger.valueOf(bytes * 37L));
      values.add(v);
      values.add(v.negate());
    }
    return values;
  }

  /** {@code unscaled} in {@code length} bytes, sign-extended. */
  private static byte[] padded(BigInteger unscaled, int length) {
    byte[] minimal = unscaled.toByteArray();
    byte[] out = new byte[length];
    Arrays.fill(out, 0, length - minimal.length, (byte) (unscaled.signum() < 0 ? 0xFF : 0));
    System.arraycopy(minimal, 0, out, length - minimal.length, minimal.length);
    return out;
  }

  @Test
  void binaryDecimalsOfEveryLengthReadAsWritten() throws IOException {
    List<BigInteger> values = unscaledValues();
    List<byte[]> stored = new ArrayList<>();
    for (BigInteger v : values) {
      stored.add(v.toByteArray());
    }
    for (BigInteger v : values.subList(0, 4)) {
      stored.add(padded(v, 20)); // longer than a decimal16: read through BigInteger
    }
    List<BigDecimal> want = new ArrayList<>();
    for (byte[] b : stored) {
      want.add(new BigDecimal(new BigInteger(b), 2));
    }

    MessageType scalar = MessageTypeParser.parseMessageType(SCALAR);
    SimpleGroupFactory f = new SimpleGroupFactory(scalar);
    List<Group> rows = new ArrayList<>();
    for (byte[] b : stored) {
      Group row = row(f, rows.size());
      row.getGroup("v", 0).append("typed_value", Binary.fromConstantByteArray(b));
      rows.add(row);
    }
    Path scalars = tmp.resolve("scalars.parquet");
    TestFileWriter.writeRaw(scalars, scalar, rows);
    try (VariantParquetReader r = VariantParquetReader.open(scalars)) {
      for (BigDecimal d : want) {
        assertEquals(d, r.read().variant("v").decimalValue());
      }
      assertNull(r.read());
    }

    // three lists, each of every value, in other orders: an element's words come from its own bytes
    List<List<byte[]>> lists = new ArrayList<>();
    List<List<BigDecimal>> wantLists = new ArrayList<>();
    for (int k = 0; k < 3; k++) {
      List<byte[]> list = new ArrayList<>();
      List<BigDecimal> wantList = new ArrayList<>();
      for (int i = 0; i < stored.size(); i++) {
        int at = (i * (2 * k + 1) + k) % stored.size();
        list.add(stored.get(at));
        wantList.add(want.get(at));
      }
      lists.add(list);
      wantLists.add(wantList);
    }
    Path file = listFile(lists);
    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      for (List<BigDecimal> wantList : wantLists) {
        assertEquals(wantList, decimals(r.read().variant("v")));
      }
      assertNull(r.read());
    }
    for (int i : new int[] {0, 1, 17, stored.size() - 1}) {
      try (VariantParquetReader r = VariantParquetReader.open(file);
          VariantPathReader p = r.project("v", VariantPath.parse("$[" + i + "]"))) {
        for (List<BigDecimal> wantList : wantLists) {
          PathValue v = p.read();
          assertEquals(wantList.get(i), v.value().decimalValue(), "element " + i);
          assertTrue(v.fromTypedColumns(), "element " + i);
        }
      }
    }
  }

  @Test
  void unreadableDecimalElementFailsOnlyItsRowAndItsElement() throws IOException {
    byte[] tooWide = padded(BigInteger.ONE.shiftLeft(128), 17); // 39 digits: past DECIMAL(38,2)
    Path file =
        listFile(
            List.of(
                List.of(unscaled(100), new byte[0], unscaled(300)), // 1.00, an empty binary, 3.00
                List.of(unscaled(400), unscaled(500), unscaled(600)),
                List.of(tooWide, unscaled(700)),
                List.of(unscaled(800))));
    String column = "v.typed_value.list.element.typed_value";

    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      VariantParquetException empty = assertThrows(VariantParquetException.class, r::read);
      assertEquals(column, empty.column());
      assertEquals(0, empty.row());
      assertTrue(
          empty.getMessage().contains("Cannot read a decimal from an empty binary"),
          empty.getMessage());
      assertEquals(decimals("4.00", "5.00", "6.00"), decimals(r.read().variant("v")));
      VariantParquetException wide = assertThrows(VariantParquetException.class, r::read);
      assertEquals(2, wide.row());
      assertTrue(wide.getMessage().contains("does not fit the column"), wide.getMessage());
      assertEquals(decimals("8.00"), decimals(r.read().variant("v")));
      assertNull(r.read());
    }
    // a projection reads the elements it asks for, whatever the other elements hold
    try (VariantParquetReader r = VariantParquetReader.open(file);
        VariantPathReader p = r.project("v", VariantPath.parse("$[0]"))) {
      assertEquals(new BigDecimal("1.00"), p.read().value().decimalValue());
      assertEquals(new BigDecimal("4.00"), p.read().value().decimalValue());
      VariantParquetException wide = assertThrows(VariantParquetException.class, p::read);
      assertTrue(wide.getMessage().contains("does not fit the column"), wide.getMessage());
      assertEquals(new BigDecimal("8.00"), p.read().value().decimalValue());
    }
    try (VariantParquetReader r = VariantParquetReader.open(file);
        VariantPathReader p = r.project("v", VariantPath.parse("$[1]"))) {
      VariantParquetException empty = assertThrows(VariantParquetException.class, p::read);
      assertEquals(0, empty.row());
      assertTrue(
          empty
              .getMessage()
              .contains("Cannot read a decimal from an empty binary (column " + column + ")"),
          empty.getMessage());
      assertEquals(new BigDecimal("5.00"), p.read().value().decimalValue()); // not the row before's
      assertEquals(new BigDecimal("7.00"), p.read().value().decimalValue());
      assertFalse(p.read().isPresent());
    }
  }

  private static byte[] unscaled(long v) {
    return BigInteger.valueOf(v).toByteArray();
  }

  /** Row {@code id}, its column {@code v} holding the empty dictionary and nothing else yet. */
  private static Group row(SimpleGroupFactory f, long id) {
    Group row = f.newGroup().append("id", id);
    row.addGroup("v").append("metadata", Binary.fromConstantByteArray(NO_KEYS));
    return row;
  }

  /** A file of column {@code v}, a list of BINARY decimals, one row per list. */
  private Path listFile(List<List<byte[]>> lists) throws IOException {
    MessageType schema = MessageTypeParser.parseMessageType(LIST);
    SimpleGroupFactory f = new SimpleGroupFactory(schema);
    List<Group> rows = new ArrayList<>();
    for (List<byte[]> list : lists) {
      Group row = row(f, rows.size());
      Group typed = row.getGroup("v", 0).addGroup("typed_value");
      for (byte[] b : list) {
        typed
            .addGroup("list")
            .addGroup("element")
            .append("typed_value", Binary.fromConstantByteArray(b));
      }
      rows.add(row);
    }
    Path file = tmp.resolve("lists.parquet");
    TestFileWriter.writeRaw(file, schema, rows);
    return file;
  }

  private static List<BigDecimal> decimals(String... values) {
    return Arrays.stream(values).map(BigDecimal::new).toList();
  }

  private static List<BigDecimal> decimals(Variant list) {
    List<BigDecimal> out = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      out.add(list.element(i).decimalValue());
    }
    return out;
  }
}
