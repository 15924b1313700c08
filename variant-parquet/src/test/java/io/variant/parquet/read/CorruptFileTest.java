// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.json.VariantJson;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One case per guard against a damaged file (see {@link CorruptFilePropertyTest} for random
 * damage): forged sizes and counts in the footer or a page header are rejected before parquet-java
 * allocates what they claim, and a flipped bit in a page fails its CRC instead of changing a value.
 */
class CorruptFileTest {
  @TempDir Path tmp;

  private ParquetSurgery good;

  /** 30 rows of {"a": int, "b": string} shredded by the same plan, ZSTD, one row group. */
  @BeforeEach
  void writeGoodFile() throws IOException {
    Path file = tmp.resolve("good.parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .longColumn("id")
            .variantColumn("v", ShreddingPlan.parse("{\"a\": int64, \"b\": string}"))
            .codec(CompressionCodecName.ZSTD)
            .build()) {
      for (long i = 0; i < 30; i++) {
        w.write(
            VariantRecord.builder()
                .set("id", i)
                .set("v", VariantJson.parse("{\"a\": " + i + ", \"b\": \"s" + i % 3 + "\"}"))
                .build());
      }
    }
    good = ParquetSurgery.of(Files.readAllBytes(file));
  }

  private Path damaged(byte[] bytes) throws IOException {
    return Files.write(tmp.resolve("bad.parquet"), bytes);
  }

  /** Reads every row; returns the exception that stopped it. */
  private static VariantParquetException readFails(Path file) {
    return assertThrows(
        VariantParquetException.class,
        () -> {
          try (VariantParquetReader r = VariantParquetReader.open(file)) {
            while (r.read() != null) {
              // reading is the point
            }
          }
        });
  }

  @Test
  void rejectsADictionaryThatClaimsMoreValuesThanItsBytes() throws IOException {
    ParquetSurgery.Chunk chunk = good.chunk("v.metadata");
    ParquetSurgery.Page dictionary = chunk.pages().get(0);
    PageHeader forged = dictionary.header().deepCopy();
    forged
        .getDictionary_page_header()
        .setNum_values(Integer.MAX_VALUE); // parquet-java would allocate 2^31 entries

    VariantParquetException e = readFails(damaged(good.withPageHeader(chunk, dictionary, forged)));
    assertEquals("v.metadata", e.column());
    assertEquals(0, e.row());
    assertTrue(
        e.getMessage()
            .contains(
                "Cannot read the page at byte "
                    + dictionary.start()
                    + ": its dictionary claims 2147483647 values"),
        e.getMessage());
  }

  @Test
  void rejectsAPageThatClaimsMoreThanItsCodecCanProduce() throws IOException {
    ParquetSurgery.Chunk chunk = good.chunk("v.typed_value.a.typed_value");
    ParquetSurgery.Page page = chunk.pages().get(chunk.pages().size() - 1);
    PageHeader forged = page.header().deepCopy();
    forged.setUncompressed_page_size(
        1 << 30); // parquet-java would allocate a gigabyte to decompress into

    VariantParquetException e = readFails(damaged(good.withPageHeader(chunk, page, forged)));
    assertEquals("v.typed_value.a.typed_value", e.column());
    assertTrue(
        e.getMessage()
            .contains(
                "it claims 1073741824 uncompressed bytes from "
                    + page.payloadLength()
                    + " ZSTD bytes, more than ZSTD can produce"),
        e.getMessage());
  }

  @Test
  void rejectsAColumnChunkThatClaimsBytesBeyondTheFile() throws IOException {
    FileMetaData footer = good.footerCopy();
    ColumnMetaData id = footer.getRow_groups().get(0).getColumns().get(0).getMeta_data();
    id.setTotal_compressed_size(
        1L << 40); // parquet-java would allocate read buffers for a terabyte

    Path file = damaged(good.withFooter(footer));
    var e = assertThrows(VariantParquetException.class, () -> VariantParquetReader.open(file));
    assertEquals("id", e.column());
    assertEquals(-1, e.row());
    assertTrue(
        e.getMessage()
            .contains(
                "a column chunk claims 1099511627776 bytes at byte 4, outside the data region"),
        e.getMessage());
  }

  @Test
  void rejectsARowGroupThatClaimsMoreRowsThanItsColumnsHold() throws IOException {
    FileMetaData footer = good.footerCopy();
    footer
        .getRow_groups()
        .get(0)
        .setNum_rows(Integer.MAX_VALUE); // parquet-java would make up rows of nulls

    Path file = damaged(good.withFooter(footer));
    var e = assertThrows(VariantParquetException.class, () -> VariantParquetReader.open(file));
    assertEquals("id", e.column());
    assertTrue(
        e.getMessage()
            .contains("a row group claims 2147483647 rows but its column chunk holds 30 values"),
        e.getMessage());
  }

  @Test
  void rejectsARowGroupThatClaimsFewerRowsThanItsColumnsHold() throws IOException {
    FileMetaData footer = good.footerCopy();
    footer.getRow_groups().get(0).setNum_rows(29); // parquet-java would silently drop the last row

    Path file = damaged(good.withFooter(footer));
    var e = assertThrows(VariantParquetException.class, () -> VariantParquetReader.open(file));
    assertEquals("id", e.column());
    assertTrue(
        e.getMessage().contains("a row group claims 29 rows but its column chunk holds 30 values"),
        e.getMessage());
  }

  /** The footer claims {@code rows} everywhere: its counts agree, only the pages tell. */
  private Path claimingRows(long rows) throws IOException {
    FileMetaData footer = good.footerCopy();
    footer.setNum_rows(rows);
    footer.getRow_groups().get(0).setNum_rows(rows);
    footer.getRow_groups().get(0).getColumns().forEach(c -> c.getMeta_data().setNum_values(rows));
    return damaged(good.withFooter(footer));
  }

  @Test
  void rejectsAFooterWhoseCountsAgreeOnFewerValuesThanThePagesHold() throws IOException {
    // parquet-java stops with an IOException that names no column, as a failing disk would
    VariantParquetException e = readFails(claimingRows(29));
    assertEquals("id", e.column());
    assertEquals(0, e.row());
    assertTrue(
        e.getMessage().contains("the footer claims 29 values but its pages hold at least 30"),
        e.getMessage());
  }

  @Test
  void rejectsAFooterWhoseCountsAgreeOnMoreValuesThanThePagesHold() throws IOException {
    // parquet-java reads past the last page and reports a damaged page header
    VariantParquetException e = readFails(claimingRows(31));
    assertEquals("id", e.column());
    assertTrue(
        e.getMessage().contains("the footer claims 31 values but its pages hold 30"),
        e.getMessage());
  }

  @Test
  void aFieldGroupRenamedToItsSiblingsNameFailsAtOpen() throws IOException {
    FileMetaData footer = good.footerCopy();
    footer.getSchema().stream()
        .filter(e -> e.getName().equals("b"))
        .findFirst()
        .orElseThrow()
        .setName("a");

    Path file = damaged(good.withFooter(footer));
    var e = assertThrows(VariantParquetException.class, () -> VariantParquetReader.open(file));
    assertEquals(-1, e.row());
    // parquet-java already refuses to resolve the columns of a schema with two groups of one name
    assertTrue(
        e.getMessage()
            .startsWith(
                "Cannot read the Parquet footer: a column chunk names a column that the schema"
                    + " does not have"),
        e.getMessage());
  }

  @Test
  void aProjectionRejectsADamagedChunkOfAColumnItDoesNotRead() throws IOException {
    // The footer is checked whole whatever a reader reads: projecting $.a reads none of column
    // id's bytes, but a chunk that claims a terabyte is a damaged file all the same.
    var e = projectionFails(id -> id.setTotal_compressed_size(1L << 40));
    assertEquals("id", e.column());
    assertTrue(e.getMessage().contains("outside the data region"), e.getMessage());
  }

  @Test
  void aChunkOfAColumnTheSchemaLacksFailsAtOpenThoughTheSchemaIsKnown() throws IOException {
    var e = projectionFails(id -> id.setPath_in_schema(List.of("x")));
    assertTrue(e.getMessage().contains("Cannot read the Parquet footer"), e.getMessage());
  }

  /**
   * Projects $.a from the good file, then from the file with column id's chunk entry damaged by
   * {@code damage}: its schema is then one already converted (FooterSchema). Returns how opening
   * the damaged file failed.
   */
  private VariantParquetException projectionFails(Consumer<ColumnMetaData> damage)
      throws IOException {
    readOneProjection(tmp.resolve("good.parquet"));
    FileMetaData footer = good.footerCopy();
    damage.accept(footer.getRow_groups().get(0).getColumns().get(0).getMeta_data());
    Path file = damaged(good.withFooter(footer));
    var e = assertThrows(VariantParquetException.class, () -> readOneProjection(file));
    assertEquals(-1, e.row());
    return e;
  }

  /** Opens {@code file} and reads $.a of column v from every row. */
  private static void readOneProjection(Path file) throws IOException {
    try (VariantParquetReader r = VariantParquetReader.open(file);
        VariantPathReader a = r.project("v", VariantPath.parse("$.a"))) {
      long n = 0;
      for (PathValue v : a) {
        n += v.value() != null ? 1 : 0;
      }
      assertEquals(30, n);
    }
  }

  @Test
  void aFlippedBitInAPageFailsItsChecksum() throws IOException {
    ParquetSurgery.Chunk chunk = good.chunk("id");
    ParquetSurgery.Page page = chunk.pages().get(chunk.pages().size() - 1);
    assertTrue(page.header().isSetCrc(), "the writer computes page CRCs");
    byte[] bytes = good.file.clone();
    bytes[(int) page.payloadStart()] ^= 0x01;

    VariantParquetException e = readFails(damaged(bytes));
    assertEquals(0, e.row());
    assertEquals("id", e.column());
    assertTrue(
        e.getMessage().contains("the page at byte " + page.start() + ": its bytes do not match"),
        e.getMessage());
  }

  @Test
  void aFileCutShortIsNotAParquetFile() throws IOException {
    Path file = damaged(java.util.Arrays.copyOf(good.file, good.file.length - 1));

    var e = assertThrows(VariantParquetException.class, () -> VariantParquetReader.open(file));
    assertTrue(e.file().endsWith("bad.parquet"), e.file());
    assertTrue(e.getMessage().contains("Cannot read the Parquet footer"), e.getMessage());
  }

  @Test
  void aForgedFooterLengthIsAMalformedFileNamedInOneLine() throws IOException {
    Path file = damaged(good.withFooterLength(good.footerLength - 1));

    var e = assertThrows(VariantParquetException.class, () -> VariantParquetReader.open(file));
    assertEquals(file.toString(), e.file());
    assertTrue(e.getMessage().startsWith("Cannot read the Parquet footer: "), e.getMessage());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
    assertFalse(e.getMessage().matches(".*(org\\.apache|Struct|Socket|thrift).*"), e.getMessage());
  }

  @Test
  void aFooterThatEndsInsideAFieldSaysSoInsteadOfTheSocketIsClosed() throws IOException {
    // the footer's last byte (the stop of FileMetaData's struct) left out, the length adjusted:
    // thrift's transport reads past the end of the footer's bytes ("Socket is closed by peer.")
    int last = good.footerStart + good.footerLength - 1;
    byte[] cut = new byte[good.file.length - 1];
    System.arraycopy(good.file, 0, cut, 0, last);
    System.arraycopy(good.file, last + 1, cut, last, good.file.length - last - 1);
    java.nio.ByteBuffer.wrap(cut, cut.length - 8, 4)
        .order(java.nio.ByteOrder.LITTLE_ENDIAN)
        .putInt(good.footerLength - 1);
    Path file = damaged(cut);

    var e = assertThrows(VariantParquetException.class, () -> VariantParquetReader.open(file));
    assertTrue(e.getMessage().contains("the footer"), e.getMessage());
    assertFalse(e.getMessage().contains("Socket"), e.getMessage());
  }

  @Test
  void aMissingFileIsAnIoErrorNotAMalformedOne() {
    Path missing = tmp.resolve("missing.parquet");
    var e = assertThrows(IOException.class, () -> VariantParquetReader.open(missing));
    assertTrue(e.getMessage().contains(missing.toString()), e.getMessage());
  }
}
