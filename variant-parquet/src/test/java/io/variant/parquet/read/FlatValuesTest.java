// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;

/**
 * {@link FlatValues}: the values a leaf outside lists decodes ahead are the page decoder's, and a
 * value it cannot decode stops the batch there, failing (once) with the page decoder's own message
 * when its row asks for it, the values before it intact.
 */
class FlatValuesTest {
  @Test
  void aBadIdStopsANumberBatchWhereItIs() throws Exception {
    long[] entries = {7, -8, 9};
    int[] ids = new int[70];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = i % 3;
    }
    ids[40] = 3; // outside the dictionary, after the first 40
    for (PrimitiveTypeName type :
        List.of(PrimitiveTypeName.INT32, PrimitiveTypeName.INT64, PrimitiveTypeName.DOUBLE)) {
      PageValues one =
          NumericDictionaryTest.values(type, entries, new NumericDictionaryTest.Capture(0));
      one.start(Encoding.RLE_DICTIONARY, NumericDictionaryTest.idPage(ids, 4), 0, ids.length);
      for (int i = 0; i < 40; i++) {
        one.nextBits();
      }
      String want = assertThrows(ParquetDecodingException.class, one::nextBits).getMessage();

      PageValues page =
          NumericDictionaryTest.values(type, entries, new NumericDictionaryTest.Capture(0));
      page.start(Encoding.RLE_DICTIONARY, NumericDictionaryTest.idPage(ids, 4), 0, ids.length);
      FlatValues f = new FlatValues(ScalarConverters.BITS, new NumericDictionaryTest.Capture(0));
      f.fill(page, ids.length);
      assertEquals(FlatValues.BITS, f.kind, type.toString());
      assertEquals(40, f.filled, type.toString());
      for (int i = 0; i < 40; i++) {
        assertEquals(entries[ids[i]], f.bits[i], type + " value " + i);
      }
      assertEquals(want, assertThrows(ParquetDecodingException.class, f::take).getMessage());
      f.take(); // once: the page decoder then goes on after the bad id, as value by value
      assertEquals(entries[ids[41]], page.nextBits(), type.toString());
    }
  }

  @Test
  void stringsAreTheDictionarysEntriesUntilABadId() throws Exception {
    String[] words = {"a", "bé", "c"};
    ScalarConverters.StringConverter strings = new ScalarConverters.StringConverter(() -> null);
    PageValues page = strings(words, strings);
    int[] ids = {0, 1, 2, 1, 5, 0};
    page.start(Encoding.RLE_DICTIONARY, NumericDictionaryTest.idPage(ids, 8), 0, ids.length);
    FlatValues f = new FlatValues(ScalarConverters.NONE, strings);
    f.fill(page, ids.length);
    assertEquals(FlatValues.STRINGS, f.kind);
    assertEquals(4, f.filled);
    for (int i = 0; i < 4; i++) {
      byte[] want = words[ids[i]].getBytes(StandardCharsets.UTF_8);
      assertArrayEquals(want, f.refs[i], "value " + i);
      assertNotNull(f.checks[i], "value " + i + " is UTF-8");
    }
    String want =
        assertThrows(ParquetDecodingException.class, () -> strings.addValueFromDictionary(5))
            .getMessage();
    assertEquals(want, assertThrows(ParquetDecodingException.class, f::take).getMessage());
  }

  @Test
  void idsThatEndBeforeTheValuesFailAtTheFirstMissingOne() throws Exception {
    String[] words = {"x", "y"};
    LevelRows.ResidualConverter residuals = new LevelRows.ResidualConverter(() -> null);
    PageValues page = strings(words, residuals);
    int[] ids = {1, 1, 1, 1, 1, 1, 1, 1, 1}; // one RLE run of 9 ids, for a page of 12 values
    page.start(Encoding.RLE_DICTIONARY, NumericDictionaryTest.idPage(ids, 2), 0, 12);
    FlatValues f = new FlatValues(ScalarConverters.NONE, residuals);
    f.fill(page, 12);
    assertEquals(FlatValues.RESIDUALS, f.kind);
    assertEquals(9, f.filled);
    for (int i = 0; i < 9; i++) {
      assertArrayEquals(new byte[] {'y'}, f.refs[i], "value " + i);
      assertNull(f.checks[i], "residuals are not checked as strings");
    }
    var e = assertThrows(ParquetDecodingException.class, f::take);
    assertTrue(e.getMessage().contains("more values than the page holds dictionary ids for"));
  }

  /** A page decoder of a BINARY column whose dictionary holds {@code words}. */
  private static PageValues strings(String[] words, BinaryConverter converter) {
    ByteBuffer plain = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN);
    for (String w : words) {
      byte[] b = w.getBytes(StandardCharsets.UTF_8);
      plain.putInt(b.length).put(b);
    }
    byte[] bytes = java.util.Arrays.copyOf(plain.array(), plain.position());
    ColumnDescriptor column =
        new ColumnDescriptor(
            new String[] {"s"}, Types.optional(PrimitiveTypeName.BINARY).named("s"), 0, 1);
    DictionaryPage dictionary =
        new DictionaryPage(BytesInput.from(bytes), words.length, Encoding.PLAIN_DICTIONARY);
    return new PageValues(column, dictionary, converter, null);
  }
}
