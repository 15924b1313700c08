// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.filter.Literal;
import io.variant.parquet.filter.VariantPredicate;
import io.variant.parquet.guard.GuardedInputFile;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A page that parquet-java's column index filter skips to, reading it without the pages before it
 * in its chunk, is checked as a page read in order: a changed byte of its header's encoding is
 * refused, naming the column and the page, where it had read as empty strings (and the filter,
 * judging them, had dropped every row). Our own readers never skip pages (they prune row groups
 * only, {@code RowGroupPruning}), and refuse the page as they read its chunk whole; an engine
 * reading through {@link GuardedInputFile} with parquet-java's default options filters pages.
 */
class SkippedToPagesTest {
  private static final String STRINGS = "v.typed_value.s.typed_value";
  private static final int ROWS = 300; // parquet-java ends a page at 100 rows: 3 pages

  @TempDir Path dir;

  private byte[] intact;

  @BeforeEach
  void write() throws IOException {
    intact =
        Files.readAllBytes(write(dir.resolve("intact.parquet"), TestFileWriter.Pages.V2_DELTA));
  }

  private static Path write(Path file, TestFileWriter.Pages pages) throws IOException {
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      rows.add(VariantJson.parse("{\"s\": \"" + string(i) + "\"}"));
    }
    TestFileWriter.write(
        file, ShreddingPlan.parse("{\"s\": string}"), ShreddingLayout.SPEC, rows, ROWS, pages);
    return file;
  }

  /**
   * Row {@code i}'s string: page {@code p}'s start with letters {@code 2p} and {@code 2p + 1} (A
   * and B, C and D, E and F), so the pages' bounds do not overlap, and by turns, so that no string
   * shares a prefix with the one before: read as DELTA_LENGTH_BYTE_ARRAY, the prefix lengths (all
   * 0) are the lengths. A page holds 14 strings, few enough to keep a dictionary.
   */
  private static String string(int i) {
    return (char) ('A' + 2 * (i / 100) + i % 2) + Integer.toString(i % 7);
  }

  @Test
  void theIntactFileHasThreePagesAndTheFilterReadsTheLast() throws IOException {
    assertEquals(
        List.of(Encoding.DELTA_BYTE_ARRAY, Encoding.DELTA_BYTE_ARRAY, Encoding.DELTA_BYTE_ARRAY),
        PageForgery.valuesEncodings(intact, STRINGS, 0));
    Path file = Files.write(dir.resolve("intact.parquet"), intact);
    try (ParquetFileReader r =
        ParquetFileReader.open(
            new LocalInputFile(file),
            org.apache.parquet.ParquetReadOptions.builder(new PlainParquetConfiguration())
                .build())) {
      assertEquals(
          3,
          r.readOffsetIndex(r.getFooter().getBlocks().get(0).getColumns().get(2)).getPageCount());
    }
    List<String> read = readAsAnEngine(file);
    assertEquals(100, read.size());
    assertEquals("{\"s\":\"" + string(200) + "\"}", read.get(0));
    // dictionary ids on a page skipped to: the dictionary page before the first is read with it
    Path ids = write(dir.resolve("dictionary.parquet"), TestFileWriter.Pages.V1);
    byte[] bytes = Files.readAllBytes(ids);
    assertEquals(Encoding.PLAIN_DICTIONARY, PageForgery.valuesEncodings(bytes, STRINGS, 0).get(2));
    assertEquals(read, readAsAnEngine(ids));
  }

  @Test
  void aForgedEncodingOfAPageTheFilterSkipsIsNotRead() throws IOException {
    // the filter reads the last page only: the forged second page is never read, by anyone
    Path forged = forge(1);
    assertEquals(100, readAsAnEngine(forged).size());
  }

  @Test
  void aForgedEncodingOfThePageTheFilterSkipsToIsRefused() throws IOException {
    Path forged = forge(2);
    VariantParquetException e = refused(() -> readAsAnEngine(forged));
    assertEquals(STRINGS, e.column(), e.getMessage());
    assertEquals(forged.toString(), e.file(), e.getMessage());
    assertTrue(
        e.getMessage().contains("Cannot read data page 3 of its column chunk in row group 1"),
        e.getMessage());
    assertTrue(
        e.getMessage()
            .contains(
                "its values are encoded DELTA_LENGTH_BYTE_ARRAY, which the footer does not list"
                    + " for the chunk (DELTA_BYTE_ARRAY) (the file is damaged)"),
        e.getMessage());
  }

  @Test
  void ourReadersReadTheChunkWholeAndRefuseThePageWithOrWithoutTheCondition() throws IOException {
    Path forged = forge(2);
    VariantPredicate where = VariantPredicate.ge(TestFileWriter.COLUMN, "$.s", Literal.of("E"));
    for (boolean filtered : new boolean[] {false, true}) {
      VariantParquetException e =
          refused(
              () -> {
                VariantParquetReader.Builder b = VariantParquetReader.builder(forged);
                try (VariantParquetReader r = filtered ? b.filter(where).build() : b.build()) {
                  while (r.read() != null) {
                    // every row, to the end
                  }
                }
                return null;
              });
      assertTrue(e.getMessage().contains("Cannot read data page 3"), e.getMessage());
    }
  }

  /** The file with data page {@code page} (from 0) of the strings declared DELTA_LENGTH. */
  private Path forge(int page) throws IOException {
    byte[] forged =
        PageForgery.withValuesEncoding(intact, STRINGS, 0, page, Encoding.DELTA_LENGTH_BYTE_ARRAY);
    // one byte changed in place: the offset index, which the filter reads, still holds
    assertEquals(intact.length, forged.length);
    return Files.write(dir.resolve("forged-" + page + ".parquet"), forged);
  }

  /**
   * The rows, as JSON, of an engine's own ParquetReader over the guarded file, with a filter on the
   * strings' typed column ({@code >= "E"}) and parquet-java's default options: its column index
   * filter reads the last page alone. Page CRCs are checked as the pages arrive.
   */
  private static List<String> readAsAnEngine(Path file) throws IOException {
    GuardedInputFile in =
        GuardedInputFile.open(new LocalInputFile(file), file.toString()).withChecksums();
    List<String> rows = new ArrayList<>();
    try (ParquetReader<VariantRecord> r =
        new ParquetReader.Builder<VariantRecord>(
            in, GuardedInputFile.verifyChecksums(new PlainParquetConfiguration())) {
          @Override
          protected ReadSupport<VariantRecord> getReadSupport() {
            return new VariantReadSupport();
          }
        }.withFilter(
                FilterCompat.get(
                    FilterApi.gtEq(FilterApi.binaryColumn(STRINGS), Binary.fromString("E"))))
            .build()) {
      for (VariantRecord row = r.read(); row != null; row = r.read()) {
        rows.add(VariantJson.toJson(row.variant(TestFileWriter.COLUMN)));
      }
    }
    return rows;
  }

  private interface Read {
    Object run() throws IOException;
  }

  /** The guard's exception, wherever parquet-java wrapped it. */
  private static VariantParquetException refused(Read read) {
    Exception e = assertThrows(Exception.class, read::run);
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof VariantParquetException v) {
        return v;
      }
    }
    throw new AssertionError("not refused by a guard: " + e, e);
  }
}
