// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.guard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Set;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.EncodingStats;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;

/**
 * A data page header against its chunk's footer ({@link PageEncodings}): refused where the footer
 * rules its encoding out, read where valid files of other writers differ from ours (dictionary
 * encodings under either name or left out of the list, BIT_PACKED listed for levels no column has,
 * RLE levels not listed, an empty list).
 */
class PageEncodingsTest {
  private static final org.apache.parquet.format.Encoding RLE =
      org.apache.parquet.format.Encoding.RLE;
  private static final org.apache.parquet.format.Encoding BIT_PACKED =
      org.apache.parquet.format.Encoding.BIT_PACKED;

  @Test
  void valuesOfAnEncodingTheFooterDoesNotListAreRefused() {
    PageEncodings e = encodings(Set.of(Encoding.DELTA_BINARY_PACKED, Encoding.RLE), null, 0, 1);
    assertEquals(
        "its values are encoded PLAIN, which the footer does not list for the chunk"
            + " (RLE, DELTA_BINARY_PACKED)",
        e.contradiction(v1(org.apache.parquet.format.Encoding.PLAIN, BIT_PACKED, RLE), false));
    assertNull(
        e.contradiction(
            v1(org.apache.parquet.format.Encoding.DELTA_BINARY_PACKED, BIT_PACKED, RLE), false));
    assertEquals(
        "its values are encoded PLAIN, which the footer does not list for the chunk"
            + " (RLE, DELTA_BINARY_PACKED)",
        e.contradiction(v2(org.apache.parquet.format.Encoding.PLAIN), false));
  }

  @Test
  void dictionaryIdsNeedADictionaryPageAndTakeEitherName() {
    PageEncodings e = encodings(Set.of(Encoding.PLAIN, Encoding.RLE_DICTIONARY), null, 0, 1);
    org.apache.parquet.format.Encoding ids = org.apache.parquet.format.Encoding.PLAIN_DICTIONARY;
    assertNull(e.contradiction(v1(ids, RLE, RLE), true));
    assertEquals(
        "its values are dictionary ids (PLAIN_DICTIONARY) but no dictionary page comes before"
            + " it in the chunk",
        e.contradiction(v1(ids, RLE, RLE), false));
    // a writer that lists a fixed set, without the dictionary's encodings
    PageEncodings fixed =
        encodings(Set.of(Encoding.PLAIN, Encoding.RLE, Encoding.BIT_PACKED), null, 0, 1);
    assertNull(fixed.contradiction(v1(ids, RLE, RLE), true));
  }

  @Test
  void anEmptyListIsNotChecked() {
    PageEncodings e = encodings(Set.of(), null, 0, 1);
    assertNull(e.contradiction(v1(org.apache.parquet.format.Encoding.PLAIN, RLE, RLE), false));
  }

  @Test
  void pageEncodingStatisticsMustCountTheValuesEncoding() {
    EncodingStats stats =
        new EncodingStats.Builder()
            .addDictEncoding(Encoding.PLAIN)
            .addDataEncoding(Encoding.RLE_DICTIONARY)
            .build();
    PageEncodings e = encodings(Set.of(Encoding.PLAIN, Encoding.RLE_DICTIONARY), stats, 0, 1);
    assertEquals(
        "its values are encoded PLAIN, which the footer's page encoding statistics do not count"
            + " for the chunk's data pages (RLE_DICTIONARY)",
        e.contradiction(v1(org.apache.parquet.format.Encoding.PLAIN, RLE, RLE), true));
    assertNull(
        e.contradiction(v1(org.apache.parquet.format.Encoding.PLAIN_DICTIONARY, RLE, RLE), true));
  }

  @Test
  void bitPackedLevelsMustBeListedWhereTheColumnHasThem() {
    org.apache.parquet.format.Encoding plain = org.apache.parquet.format.Encoding.PLAIN;
    PageEncodings e = encodings(Set.of(Encoding.PLAIN, Encoding.RLE), null, 1, 2);
    assertEquals(
        "its definition levels are encoded BIT_PACKED, which the footer does not list for the"
            + " chunk (PLAIN, RLE)",
        e.contradiction(v1(plain, RLE, BIT_PACKED), false));
    assertEquals(
        "its repetition levels are encoded BIT_PACKED, which the footer does not list for the"
            + " chunk (PLAIN, RLE)",
        e.contradiction(v1(plain, BIT_PACKED, RLE), false));
    // no repetition levels: whatever encoding the header names for them is never read
    PageEncodings flat = encodings(Set.of(Encoding.PLAIN, Encoding.RLE), null, 0, 1);
    assertNull(flat.contradiction(v1(plain, BIT_PACKED, RLE), false));
    // RLE levels that a writer left out of the list
    PageEncodings valuesOnly = encodings(Set.of(Encoding.PLAIN), null, 1, 2);
    assertNull(valuesOnly.contradiction(v1(plain, RLE, RLE), false));
  }

  private static PageEncodings encodings(
      Set<Encoding> listed, EncodingStats stats, int maxRepetition, int maxDefinition) {
    ColumnChunkMetaData chunk =
        ColumnChunkMetaData.get(
            ColumnPath.get("a"),
            PrimitiveTypeName.INT64,
            CompressionCodecName.UNCOMPRESSED,
            stats,
            listed,
            null,
            4,
            0,
            1,
            10,
            10);
    return PageEncodings.of(chunk, maxRepetition, maxDefinition);
  }

  private static PageHeader v1(
      org.apache.parquet.format.Encoding values,
      org.apache.parquet.format.Encoding repetition,
      org.apache.parquet.format.Encoding definition) {
    PageHeader h = new PageHeader(PageType.DATA_PAGE, 10, 10);
    h.setData_page_header(new DataPageHeader(1, values, definition, repetition));
    return h;
  }

  private static PageHeader v2(org.apache.parquet.format.Encoding values) {
    PageHeader h = new PageHeader(PageType.DATA_PAGE_V2, 10, 10);
    h.setData_page_header_v2(new DataPageHeaderV2(1, 0, 1, values, 0, 0));
    return h;
  }
}
