// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.encoding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ValuesType;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForInteger;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;

/**
 * What each decoder allows after the last value a page's levels call for (spec: Encodings.md), and
 * what it refuses: the slack valid writers leave is read, bytes or values no level accounts for are
 * not. Whole pages: {@code PageEncodingDamageTest}; parquet-java's own encodings end with nothing
 * left over in {@code PageDecoderPropertyTest} and {@code ParquetJavaDifferentialTest}.
 */
class PageLeftoverTest {
  private static final int WIDTH = 3;

  @Test
  void aBitPackedRunsLastGroupMayHoldPadding() {
    RleHybrid runs = runs(bytes(2 << 1 | 1, 0, 0, 0, 0, 0, 0)); // 2 groups of 8: 16 values
    runs.read(new int[10], 0, 10);
    assertNull(runs.leftover(10));
    RleHybrid fewer = runs(bytes(2 << 1 | 1, 0, 0, 0, 0, 0, 0));
    fewer.read(new int[8], 0, 8);
    assertEquals("its last run holds 8 values after the 8 read", fewer.leftover(8));
  }

  @Test
  void anRleRunMayCountMoreValuesThanAreRead() {
    RleHybrid runs = runs(bytes(10 << 1, 5));
    runs.read(new int[7], 0, 7);
    assertNull(runs.leftover(7));
  }

  @Test
  void bytesAfterTheLastRunAreRefused() {
    RleHybrid runs = runs(bytes(10 << 1, 5, 0));
    runs.read(new int[10], 0, 10);
    assertEquals("1 byte is left after its last value", runs.leftover(10));
    RleHybrid another = runs(bytes(5 << 1, 5, 5 << 1, 6));
    another.read(new int[5], 0, 5);
    assertEquals("2 bytes are left after its last value", another.leftover(5));
  }

  @Test
  void aRunDecodedAheadThatNoValueIsReadFromIsRefused() {
    RleHybrid ids = runs(bytes(5 << 1, 5, 5 << 1, 6)); // dictionary ids decode ahead
    assertEquals(10, ids.readUpTo(new int[64], 64));
    assertEquals("its last run holds none of the 5 values it is read for", ids.leftover(5));
  }

  @Test
  void runsOfBlocksOf256ValuesMayEndInPadding() {
    // some writers pack every run as a block of 256 values, the last one padded, and may end with
    // a block of padding alone
    byte[] block = new byte[1 + 32 * WIDTH];
    block[0] = 32 << 1 | 1;
    RleHybrid last = runs(block);
    last.read(new int[5], 0, 5);
    assertNull(last.leftover(5));
    byte[] trailing = concat(bytes(10 << 1, 5), block);
    RleHybrid levels = runs(trailing);
    levels.read(new int[10], 0, 10);
    assertNull(levels.leftover(10));
    RleHybrid ids = runs(trailing);
    assertEquals(266, ids.readUpTo(new int[300], 300));
    assertNull(ids.leftover(10));
    // but not where no value is read at all
    assertEquals("99 bytes are left after its last value", runs(trailing).leftover(0));
  }

  @Test
  void aLastRunMayMissItsPaddingBytesButNotThoseOfAValue() {
    byte[] cut = bytes(1 << 1 | 1, 0xFF, 0xFF); // one group of 3-bit values: 3 bytes, 2 there
    RleHybrid five = runs(cut);
    five.read(new int[5], 0, 5); // 15 bits
    assertNull(five.leftover(5));
    RleHybrid six = runs(cut);
    six.read(new int[6], 0, 6); // 18 bits
    assertEquals("its values run past its end", six.leftover(6));
  }

  @Test
  void deltaIntegersMayEndWithABlockOfNoValues() throws Exception {
    DeltaBinaryPackingValuesWriterForInteger w =
        new DeltaBinaryPackingValuesWriterForInteger(64, 1 << 20, new HeapByteBufferAllocator());
    for (int v : new int[] {7, 5, 3, 1, 2}) {
      w.writeInteger(v);
    }
    byte[] page = w.getBytes().toByteArray();
    byte[] empty = concat(page, bytes(0, 0, 0, 0, 0)); // a minimum delta and 4 bit widths
    assertNull(integers(empty, 5).leftover());
    assertEquals(
        "1 byte is left after its last value", integers(concat(page, bytes(0)), 5).leftover());
    DeltaPages unread = integers(page, 3);
    assertEquals("2 of its 5 values are left unread", unread.leftover());
  }

  @Test
  void levelsAreRleOrBitPackedAndBitPackedLevelsAreAllThere() throws Exception {
    ColumnDescriptor c =
        new ColumnDescriptor(
            new String[] {"a"}, Types.optional(PrimitiveTypeName.INT32).named("a"), 0, 3);
    PageLevels levels = new PageLevels(c, ValuesType.DEFINITION_LEVEL);
    byte[] five = new byte[5];
    assertEquals(5, levels.v1(Encoding.BIT_PACKED, five, 0, 20)); // 20 levels of 2 bits
    ParquetDecodingException cut =
        assertThrows(
            ParquetDecodingException.class, () -> levels.v1(Encoding.BIT_PACKED, five, 0, 21));
    assertTrue(
        cut.getMessage().contains("BIT_PACKED definition levels take 6 bytes"), cut.getMessage());
    ParquetDecodingException plain =
        assertThrows(ParquetDecodingException.class, () -> levels.v1(Encoding.PLAIN, five, 0, 4));
    assertTrue(
        plain.getMessage().contains("definition levels are encoded PLAIN"), plain.getMessage());
  }

  @Test
  void aPageWhosePlainValuesLeaveBytesIsRefusedWhenLeft() {
    ColumnDescriptor c =
        new ColumnDescriptor(
            new String[] {"a"}, Types.required(PrimitiveTypeName.INT32).named("a"), 0, 0);
    byte[] values = new byte[3 * 4];
    readAll(c, values, 3); // three values, no levels (the column's maximum is 0)
    ParquetDecodingException e =
        assertThrows(
            ParquetDecodingException.class, () -> readAll(c, Arrays.copyOf(values, 13), 3));
    assertEquals(
        "Cannot read column a: data page 1 of its chunk does not decode as its header says:"
            + " 1 byte is left after its last value (the file is damaged)",
        e.getMessage());
  }

  private static void readAll(ColumnDescriptor c, byte[] page, int entries) {
    LeafPages pages =
        new LeafPages(
            c,
            HandMadePages.of(entries, List.of(HandMadePages.v1(page, entries))),
            new PrimitiveConverter() {
              @Override
              public void addInt(int value) {}
            },
            null);
    for (int i = 0; i < entries; i++) {
      pages.writeValue();
      pages.consume();
    }
  }

  private static DeltaPages integers(byte[] page, int read) {
    DeltaPages d = new DeltaPages();
    d.integers(page, 0, page.length, 5);
    for (int i = 0; i < read; i++) {
      d.nextLong();
    }
    return d;
  }

  private static RleHybrid runs(byte[] b) {
    return new RleHybrid().start(b, 0, b.length, WIDTH);
  }

  private static byte[] bytes(int... values) {
    byte[] b = new byte[values.length];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) values[i];
    }
    return b;
  }

  private static byte[] concat(byte[] a, byte[] b) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(a);
    out.writeBytes(b);
    return out.toByteArray();
  }
}
