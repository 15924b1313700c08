// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.testkit.Trials;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;

/**
 * {@link BinaryDictionary}: a BINARY column's PLAIN dictionary page reads as parquet-java's own
 * dictionary reads it, and a forged entry length fails the entry (and those after it, which cannot
 * be located) with a {@link ParquetDecodingException} naming it, without allocating the forged
 * size, whichever way the page decoder hands the entry on.
 */
class BinaryDictionaryTest {
  private static final ColumnDescriptor COLUMN =
      new ColumnDescriptor(
          new String[] {"s"}, Types.optional(PrimitiveTypeName.BINARY).named("s"), 0, 1);

  @Test
  void entriesReadAsParquetJavaReadsThem() {
    Trials.run(
        "binaryDictionary",
        rnd -> {
          byte[][] entries = new byte[rnd.nextInt(40)][];
          for (int i = 0; i < entries.length; i++) {
            entries[i] = new byte[rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(60)]; // some empty
            rnd.nextBytes(entries[i]);
          }
          byte[] plain = plain(entries);
          // the page somewhere inside a larger array, as a decompressed page may be
          int before = rnd.nextInt(8);
          byte[] around = new byte[before + plain.length + rnd.nextInt(8)];
          rnd.nextBytes(around);
          System.arraycopy(plain, 0, around, before, plain.length);
          Encoding e = rnd.nextBoolean() ? Encoding.PLAIN_DICTIONARY : Encoding.PLAIN;
          DictionaryPage page =
              new DictionaryPage(BytesInput.from(around, before, plain.length), entries.length, e);

          BinaryDictionary ours = BinaryDictionary.of(page);
          Dictionary theirs = e.initDictionary(COLUMN, page);
          assertEquals(theirs.getMaxId(), ours.getMaxId());
          assertEquals(e, ours.getEncoding());
          for (int id = 0; id < entries.length; id++) {
            byte[] want = theirs.decodeToBinary(id).getBytes();
            assertArrayEquals(entries[id], want, "the page as built");
            assertArrayEquals(want, ours.copy(id), "entry " + id);
            assertEquals(Binary.fromConstantByteArray(want), ours.decodeToBinary(id));
          }
        });
  }

  @Test
  void anEmptyDictionaryHoldsNoEntry() throws Exception {
    BinaryDictionary d = BinaryDictionary.of(page(new byte[0], 0));
    assertEquals(-1, d.getMaxId());
    var e = assertThrows(ParquetDecodingException.class, () -> d.copy(0));
    assertEquals("Cannot decode dictionary entry 0: the dictionary holds 0 values", e.getMessage());
  }

  @Test
  void emptyEntriesReadAsEmptyArrays() throws Exception {
    byte[][] entries = {{}, utf8("a"), {}, {}};
    BinaryDictionary d = BinaryDictionary.of(page(plain(entries), entries.length));
    for (int id = 0; id < entries.length; id++) {
      assertArrayEquals(entries[id], d.copy(id), "entry " + id);
      assertEquals(entries[id].length, d.decodeToBinary(id).length(), "entry " + id);
    }
  }

  @Test
  void aForgedLengthFailsItsEntryAndThoseAfterIt() throws Exception {
    for (int forged : new int[] {8, 100_000_000, Integer.MAX_VALUE, -1, Integer.MIN_VALUE}) {
      // entry 1 claims `forged` bytes, where 7 follow: 'b', then entry 2's length and bytes
      byte[] bytes = plain(utf8("a"), utf8("b"), utf8("cc"));
      ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(5, forged);
      String why =
          "its length of "
              + forged
              + (forged < 0 ? " bytes is negative" : " bytes runs past the dictionary page");
      String[] want = {
        null,
        "Cannot decode dictionary entry 1: " + why,
        "Cannot decode dictionary entry 2: entry 1 before it cannot be read: " + why
      };
      assertFailures(page(bytes, 3), want, "length " + forged);
    }
  }

  @Test
  void aLengthCutOffByThePageFailsItsEntry() throws Exception {
    byte[] bytes = plain(utf8("a"), utf8("b"), utf8("c"));
    String cut = "Cannot decode dictionary entry 2: the dictionary page ends before its length";
    // the page ends inside entry 2's length
    assertFailures(page(Arrays.copyOf(bytes, 12), 3), new String[] {null, null, cut}, "cut");
    // the header claims more entries than the page holds
    assertFailures(
        page(Arrays.copyOf(bytes, 10), 3),
        new String[] {null, null, cut},
        "more entries claimed than held");
  }

  @Test
  void anEntryUsedByManyRowsIsOneArray() throws Exception {
    List<byte[]> got = new ArrayList<>();
    BinaryConverter c =
        new BinaryConverter() {
          @Override
          void accept(byte[] bytes, int dictionaryId) {
            got.add(bytes);
          }
        };
    PageValues values = new PageValues(COLUMN, page(plain(utf8("x"), utf8("yy")), 2), c, null);
    int[] ids = {1, 0, 1, 1, 0};
    values.start(Encoding.RLE_DICTIONARY, NumericDictionaryTest.idPage(ids, 2), 0, ids.length);
    for (int i = 0; i < ids.length; i++) {
      values.write();
    }
    assertArrayEquals(utf8("yy"), got.get(0));
    assertArrayEquals(utf8("x"), got.get(1));
    assertSame(got.get(0), got.get(2));
    assertSame(got.get(0), got.get(3));
    assertSame(got.get(1), got.get(4));
  }

  /**
   * Entry {@code id} of {@code page} reads (want[id] null) or fails with message want[id], both
   * through a converter with dictionary support ({@link BinaryConverter#entry}) and through one
   * without (the page decoder hands it a {@code Binary} it copies out), never allocating much.
   */
  private static void assertFailures(DictionaryPage page, String[] want, String what)
      throws Exception {
    BinaryConverter entries =
        new BinaryConverter() {
          @Override
          void accept(byte[] bytes, int dictionaryId) {}
        };
    List<byte[]> copies = new ArrayList<>();
    PrimitiveConverter plain =
        new PrimitiveConverter() {
          @Override
          public void addBinary(Binary value) {
            copies.add(value.getBytes()); // what a converter without dictionary support does
          }
        };
    int[] ids = new int[want.length];
    Arrays.setAll(ids, i -> i);
    byte[] idPage = NumericDictionaryTest.idPage(ids, ids.length);
    long before = allocatedBytes();
    new PageValues(COLUMN, page, entries, null);
    PageValues values = new PageValues(COLUMN, page, plain, null);
    values.start(Encoding.RLE_DICTIONARY, idPage, 0, ids.length);
    for (int i = 0; i < want.length; i++) {
      int id = i;
      String where = what + ", entry " + id;
      if (want[id] == null) {
        assertEquals(1, entries.entry(id).length, where);
        values.write();
        assertEquals(1, copies.get(copies.size() - 1).length, where);
        continue;
      }
      assertEquals(
          want[id],
          assertThrows(ParquetDecodingException.class, () -> entries.entry(id)).getMessage(),
          where);
      var e = assertThrows(ParquetDecodingException.class, values::write);
      assertEquals(want[id], e.getMessage(), where);
    }
    long allocated = allocatedBytes() - before;
    // far below the forged sizes; above what loading the reader's classes may take
    assertTrue(allocated < (16 << 20), what + ": allocated " + allocated + " bytes");
  }

  /**
   * A dictionary page holding {@code bytes}, {@code entries} entries, as parquet-java writes it.
   */
  private static DictionaryPage page(byte[] bytes, int entries) {
    return new DictionaryPage(BytesInput.from(bytes), entries, Encoding.PLAIN_DICTIONARY);
  }

  /** spec: Parquet Encodings, PLAIN BYTE_ARRAY: each a 4-byte little-endian length, then bytes. */
  private static byte[] plain(byte[]... entries) {
    int size = 0;
    for (byte[] e : entries) {
      size += 4 + e.length;
    }
    ByteBuffer b = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    for (byte[] e : entries) {
      b.putInt(e.length).put(e);
    }
    return b.array();
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static long allocatedBytes() {
    return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
        .getCurrentThreadAllocatedBytes();
  }
}
