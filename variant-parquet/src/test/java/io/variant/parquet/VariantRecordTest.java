// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantType;
import java.util.List;
import org.junit.jupiter.api.Test;

class VariantRecordTest {
  private static final byte[] EMPTY_METADATA = {0x01, 0x00, 0x00}; // v1, unsorted, 0 keys, offset 0

  private static Variant int8(int v) {
    return Variant.of(EMPTY_METADATA, new byte[] {0x0C, (byte) v}); // int8 header, payload
  }

  @Test
  void keepsColumnsInSetOrder() {
    VariantRecord r =
        VariantRecord.builder().set("id", 1L).set("event", int8(42)).set("name", null).build();

    assertEquals(List.of("id", "event", "name"), r.columns());
    assertEquals(1L, r.get("id"));
    assertEquals(42, r.variant("event").longValue());
    assertNull(r.get("name"));
    assertTrue(r.has("name"));
  }

  @Test
  void distinguishesSqlNullFromVariantNull() {
    Variant variantNull = Variant.of(EMPTY_METADATA, new byte[] {0x00}); // primitive null
    VariantRecord sqlNull = VariantRecord.builder().set("v", null).build();
    VariantRecord withNull = VariantRecord.builder().set("v", variantNull).build();

    assertNull(sqlNull.variant("v"));
    assertEquals(VariantType.NULL, withNull.variant("v").type());
    assertNotEquals(sqlNull, withNull);
  }

  @Test
  void comparesBytesByContentAndCopiesThem() {
    byte[] raw = {1, 2, 3};
    VariantRecord a = VariantRecord.builder().set("raw", raw).build();
    raw[0] = 9; // the record keeps its own copy
    VariantRecord b = VariantRecord.builder().set("raw", new byte[] {1, 2, 3}).build();

    assertEquals(a, b);
    assertEquals(a.hashCode(), b.hashCode());
    ((byte[]) a.get("raw"))[1] = 9; // and hands out copies
    assertEquals(a, b);
    assertEquals("{raw=0x010203}", a.toString());
  }

  @Test
  void comparesVariantsLogically() {
    Variant int16 = Variant.of(EMPTY_METADATA, new byte[] {0x10, 42, 0}); // int16 42, little-endian
    VariantRecord a = VariantRecord.builder().set("v", int8(42)).build();
    VariantRecord b = VariantRecord.builder().set("v", int16).build();

    assertEquals(a, b);
    assertEquals(a.hashCode(), b.hashCode());
  }

  @Test
  void rejectsUnsupportedValueTypes() {
    var e =
        assertThrows(IllegalArgumentException.class, () -> VariantRecord.builder().set("x", 1.5f));
    assertTrue(e.getMessage().contains("\"x\""), e.getMessage());
    assertTrue(e.getMessage().contains("java.lang.Float"), e.getMessage());
  }

  @Test
  void rejectsDuplicateColumns() {
    var b = VariantRecord.builder().set("x", 1L);
    var e = assertThrows(IllegalArgumentException.class, () -> b.set("x", 2L));
    assertTrue(e.getMessage().contains("twice"), e.getMessage());
  }

  @Test
  void rejectsUnknownColumnAndWrongType() {
    VariantRecord r = VariantRecord.builder().set("id", 1L).build();

    var unknown = assertThrows(IllegalArgumentException.class, () -> r.get("nope"));
    assertTrue(unknown.getMessage().contains("[id]"), unknown.getMessage());
    var notVariant = assertThrows(IllegalArgumentException.class, () -> r.variant("id"));
    assertTrue(notVariant.getMessage().contains("Long"), notVariant.getMessage());
  }

  @Test
  void readsColumnsByPositionAsByName() {
    byte[] raw = {1, 2};
    VariantRecord r = VariantRecord.builder().set("id", 7L).set("raw", raw).set("v", null).build();

    assertEquals("raw", r.column(1));
    assertEquals(7L, r.get(0));
    assertEquals(Long.class, r.typeOf(0));
    assertNull(r.typeOf(2));
    byte[] out = (byte[]) r.get(1);
    out[0] = 9; // a copy: the record stays as built
    assertEquals(1, ((byte[]) r.get("raw"))[0]);
    assertThrows(IndexOutOfBoundsException.class, () -> r.get(3));
  }

  @Test
  void wideRowsFindEveryColumnAndRejectDuplicates() {
    VariantRecord.Builder b = VariantRecord.builder();
    for (int i = 0; i < 40; i++) {
      b.set("c" + i, (long) i);
    }
    var dup = assertThrows(IllegalArgumentException.class, () -> b.set("c3", 0L));
    assertTrue(dup.getMessage().contains("twice"), dup.getMessage());
    VariantRecord r = b.build();

    assertEquals(40, r.columnCount());
    for (int i = 0; i < 40; i++) {
      assertEquals((long) i, r.get("c" + i));
      assertEquals("c" + i, r.column(i));
    }
    assertTrue(!r.has("c40"));
  }

  @Test
  void namesFileColumnAndRowInParquetErrors() {
    var e = new VariantParquetException("a.parquet", "var.value", 7, "Cannot rebuild", null);

    assertEquals("a.parquet", e.file());
    assertEquals("var.value", e.column());
    assertEquals(7, e.row());
    assertEquals("Cannot rebuild (file a.parquet, column var.value, row 7)", e.getMessage());
  }
}
