// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.filter.Literal;
import io.variant.parquet.filter.VariantCondition;
import io.variant.parquet.filter.VariantPredicate;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.format.PageType;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pruning by dictionaries reads each row group's dictionary pages of the condition's typed column
 * as the reader opens, before any row: a damaged one names the file, the column and its row group's
 * first row, as a damaged page read with its row group does, for the row reader and the path reader
 * ({@code get}) alike. They had named row 0, and a dictionary that did not decode no column. The
 * batch reader's counterpart is {@code BatchReaderPrunedDictionaryTest}.
 */
class PrunedDictionaryDamageTest {
  /** {@code $.d.os}: "ios", "android" or "linux", dictionary-encoded in each row group. */
  static final String OSES = "v.typed_value.d.typed_value.os.typed_value";

  /** Between the chunks' min and max, so their statistics keep them, and in no dictionary. */
  private static final VariantCondition ABSENT =
      VariantPredicate.eq("v", "$.d.os", Literal.of("bsd"));

  private static final long SECOND_GROUP_START = 40;

  @TempDir Path dir;

  private byte[] intact;
  private ParquetSurgery.Page dictionary; // of OSES in the second row group

  @BeforeEach
  void write() throws IOException {
    intact = Files.readAllBytes(EncodedPagesFile.ours(dir.resolve("intact.parquet")));
    dictionary = ParquetSurgery.of(intact).chunk(OSES, 1).pages().get(0);
  }

  @Test
  void theIntactFileReadsUnderTheCondition() throws IOException {
    assertEquals(PageType.DICTIONARY_PAGE, dictionary.header().getType());
    Path file = file("intact", intact);
    // each row group is kept: its dictionary rules "bsd" out, but its residual column (all null,
    // and so with no dictionary) proves nothing to the dictionary filter
    assertEquals(EncodedPagesFile.ROWS, rows(file, ABSENT));
    assertEquals(EncodedPagesFile.ROWS, values(file, ABSENT, "$.n"));
  }

  @Test
  void aDictionaryPageThatFailsItsChecksumNamesColumnAndRowGroup() throws IOException {
    byte[] flipped = intact.clone();
    flipped[(int) dictionary.payloadStart() + 1] ^= 0x10;
    Path file = file("flipped", flipped);
    for (Executable read : reads(file)) {
      VariantParquetException e = refused(read);
      assertContains(e, "Cannot read the dictionary page at byte " + dictionary.start());
      assertContains(e, "do not match the CRC");
    }
  }

  @Test
  void aDictionaryPageThatDoesNotDecodeNamesColumnAndRowGroup() throws IOException {
    // the first entry's length prefix claims 127 bytes: more than the page holds
    Path file = file("forged", FuzzDamage.withDictionaryPageByte(intact, OSES, 1, 0, 0x7f));
    for (Executable read : reads(file)) {
      VariantParquetException e = refused(read);
      assertContains(
          e, "Cannot read the dictionary page of its column chunk in row group 2 (at byte ");
      assertContains(e, "read to skip row groups");
    }
  }

  @Test
  void aDictionaryPageHeaderThatDoesNotDecodeNamesColumnAndRowGroup() throws IOException {
    byte[] damaged = intact.clone();
    damaged[(int) dictionary.start()] = (byte) 0xff; // no thrift field type 15
    damaged[(int) dictionary.start() + 1] = (byte) 0xff;
    Path file = file("header", damaged);
    for (Executable read : reads(file)) {
      VariantParquetException e = refused(read);
      assertContains(e, "row group 2 (at byte " + dictionary.start() + ")");
      assertContains(e, "a damaged page header");
    }
  }

  private Path file(String name, byte[] bytes) throws IOException {
    return Files.write(dir.resolve(name + ".parquet"), bytes);
  }

  /** Every row {@code where} keeps, by the row reader and by the path reader of {@code $.n}. */
  private static List<Executable> reads(Path file) {
    return List.of(() -> rows(file, ABSENT), () -> values(file, ABSENT, "$.n"));
  }

  private static long rows(Path file, VariantCondition where) throws IOException {
    try (VariantParquetReader r = VariantParquetReader.builder(file).filter(where).build()) {
      long n = 0;
      while (r.read() != null) {
        n++;
      }
      return n;
    }
  }

  private static long values(Path file, VariantCondition where, String path) throws IOException {
    try (VariantParquetReader r = VariantParquetReader.builder(file).filter(where).build();
        VariantPathReader values = r.project("v", VariantPath.parse(path))) {
      long n = 0;
      while (values.read() != null) {
        n++;
      }
      return n;
    }
  }

  /** The failure of {@code read}, which names the file, the column and row 40. */
  private static VariantParquetException refused(Executable read) {
    VariantParquetException e = assertThrows(VariantParquetException.class, read);
    assertTrue(e.file() != null && e.file().endsWith(".parquet"), e.getMessage());
    assertEquals(OSES, e.column(), e.getMessage());
    assertEquals(SECOND_GROUP_START, e.row(), e.getMessage());
    return e;
  }

  private static void assertContains(VariantParquetException e, String text) {
    assertTrue(e.getMessage().contains(text), e.getMessage());
  }
}
