// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.json.VariantJson;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.filter.Literal;
import io.variant.parquet.filter.VariantPredicate;
import io.variant.parquet.testkit.ForgedFooterFile;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link VariantParquetReader.Builder#split}: a split reads the row groups parquet-java's range
 * filter gives it (the oracle, read with parquet-java itself), so that splits covering the file
 * read every row once, whatever the footer says of a row group's size.
 */
class SplitReadTest {
  private static final int ROWS = 420;
  private static final int ROW_GROUP_ROWS = 60;

  @TempDir Path dir;
  private Path file;

  @BeforeEach
  void write() throws IOException {
    file = dir.resolve("seq.parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .variantColumn("v", ShreddingPlan.parse("{\"seq\": int64}"))
            .rowGroupRowLimit(ROW_GROUP_ROWS)
            .build()) {
      for (int i = 0; i < ROWS; i++) {
        w.write(row(i));
      }
    }
  }

  private static VariantRecord row(int i) {
    return VariantRecord.builder()
        .set(
            "v", VariantJson.parse("{\"seq\": " + i + ", \"pad\": \"" + "x".repeat(i % 37) + "\"}"))
        .build();
  }

  @Test
  void splitsCoveringTheFileReadTheRowGroupsParquetJavaGivesThemAndEveryRowOnce()
      throws IOException {
    long length = Files.size(file);
    for (long size : List.of(length, length / 3, length / 7, 1024L, 333L)) {
      assertSplitsAsParquetJava(file, size);
    }
  }

  @Test
  void aSplitCountsItsOwnRowsAndNumbersThoseOfTheFile() throws IOException {
    List<BlockMetaData> groups = parquetJavaRowGroups(file, 0, Files.size(file));
    BlockMetaData third = groups.get(2);
    long start = third.getStartingPos();
    try (VariantParquetReader r =
        VariantParquetReader.builder(file).split(start, third.getCompressedSize()).build()) {
      assertEquals(ROW_GROUP_ROWS, r.rowCount());
      VariantRecord first = r.read();
      assertEquals(2L * ROW_GROUP_ROWS, seq(first));
      assertEquals(2L * ROW_GROUP_ROWS, r.currentRowIndex());
    }
  }

  /** The row group's size, not its chunks', places its midpoint: as in parquet-java. */
  @Test
  void aRowGroupsOwnCompressedSizePlacesItAsParquetJavaPlacesIt() throws IOException {
    // row group 1's midpoint moves past the start of row group 3: the split holding that start
    // reads it, and the one holding row group 1's bytes does not
    Path moved =
        forged(
            "moved",
            footer -> {
              RowGroup g = footer.getRow_groups().get(0);
              g.setTotal_compressed_size(g.getTotal_compressed_size() * 5);
            });
    List<BlockMetaData> chunks = parquetJavaRowGroups(moved, 0, Files.size(moved));
    long groupSize = chunks.get(0).getCompressedSize();
    long moveTo = chunks.get(0).getStartingPos() + groupSize * 5 / 2;
    assertTrue(moveTo > chunks.get(2).getStartingPos(), "the midpoint moved past row group 3");
    assertSplitsAsParquetJava(moved, groupSize);
    assertSplitsAsParquetJava(moved, groupSize / 3);
  }

  @Test
  void aRowGroupWhoseMidpointLiesOutsideTheFileIsRefusedBySplits() throws IOException {
    Path outside =
        forged(
            "outside",
            footer -> footer.getRow_groups().get(1).setTotal_compressed_size(Long.MAX_VALUE / 4));
    // parquet-java's splits leave the row group out: every split reads fewer rows, and no error
    long length = Files.size(outside);
    assertEquals(
        ROWS - ROW_GROUP_ROWS,
        parquetJavaRowGroups(outside, 0, length).stream()
            .mapToLong(BlockMetaData::getRowCount)
            .sum());
    VariantParquetException e =
        assertThrows(
            VariantParquetException.class,
            () -> VariantParquetReader.builder(outside).split(0, length).build());
    assertEquals(outside.toString(), e.file());
    assertTrue(
        e.getMessage()
            .startsWith(
                "Cannot read the Parquet footer: row group 2 has its midpoint at byte "
                    + (parquetJavaRowGroups(file, 0, length).get(1).getStartingPos()
                        + Long.MAX_VALUE / 8)),
        e.getMessage());
    assertTrue(e.getMessage().contains("no split of the file would read its rows"), e.getMessage());
    // a reader of the whole file reads every row group, as it did
    assertEquals(ROWS, readSeqs(VariantParquetReader.builder(outside)).size());
  }

  /** A row group's pages that fail to read name its first row, not the split's first. */
  @Test
  void aDamagedPageOfASplitNamesTheFilesRow() throws IOException {
    byte[] deltas = Files.readAllBytes(EncodedPagesFile.deltas(dir.resolve("deltas.parquet")));
    Path forged =
        Files.write(
            dir.resolve("plain.parquet"),
            PageForgery.withValuesEncoding(deltas, EncodedPagesFile.NUMBERS, 1, 0, Encoding.PLAIN));
    List<BlockMetaData> groups = parquetJavaRowGroups(forged, 0, Files.size(forged));
    BlockMetaData second = groups.get(1);
    VariantParquetException e =
        assertThrows(
            VariantParquetException.class,
            () -> {
              try (VariantParquetReader r =
                  VariantParquetReader.builder(forged)
                      .split(second.getStartingPos(), second.getCompressedSize())
                      .build()) {
                while (r.read() != null) {
                  // to the row that fails
                }
              }
            });
    assertTrue(e.getMessage().contains("in row group 2"), e.getMessage());
    assertEquals(second.getRowIndexOffset(), e.row(), e.getMessage());
    assertTrue(e.row() > 0, e.getMessage());
  }

  @Test
  void aProjectionReadsTheRowGroupsOfItsReadersSplitAndFilter() throws IOException {
    long length = Files.size(file);
    VariantPredicate late = VariantPredicate.ge("v", "$.seq", Literal.of(ROWS - 10));
    try (VariantParquetReader r = VariantParquetReader.builder(file).filter(late).build();
        VariantPathReader seqs = r.project("v", VariantPath.parse("$.seq"))) {
      List<Long> read = new ArrayList<>();
      for (PathValue v : seqs) {
        read.add(v.value().longValue());
      }
      assertEquals(ROW_GROUP_ROWS, read.size()); // the last row group alone
      assertEquals((long) ROWS - ROW_GROUP_ROWS, read.get(0));
    }
    // from the start of row group 3 to that of row group 5: row groups 3 and 4
    List<BlockMetaData> groups = parquetJavaRowGroups(file, 0, length);
    long start = groups.get(2).getStartingPos();
    long end = groups.get(4).getStartingPos();
    try (VariantParquetReader r =
            VariantParquetReader.builder(file).split(start, end - start).build();
        VariantPathReader seqs = r.project("v", VariantPath.parse("$.seq"))) {
      List<Long> read = new ArrayList<>();
      for (PathValue v : seqs) {
        read.add(v.value().longValue());
      }
      assertEquals(2 * ROW_GROUP_ROWS, read.size());
      assertEquals(2L * ROW_GROUP_ROWS, read.get(0));
      assertEquals(r.rowCount(), read.size());
    }
  }

  /** Reads {@code f} in splits of {@code size} bytes, each as parquet-java would. */
  private static void assertSplitsAsParquetJava(Path f, long size) throws IOException {
    long length = Files.size(f);
    List<Long> all = new ArrayList<>();
    for (long start = 0; start < length; start += size) {
      long end = Math.min(length, start + size);
      List<Long> expected = new ArrayList<>();
      for (BlockMetaData g : parquetJavaRowGroups(f, start, end)) {
        for (long i = 0; i < g.getRowCount(); i++) {
          expected.add(g.getRowIndexOffset() + i);
        }
      }
      List<Long> got = readSeqs(VariantParquetReader.builder(f).split(start, end - start));
      assertEquals(expected, got, "split [" + start + ", " + end + ") of " + f);
      all.addAll(got);
    }
    all.sort(null);
    assertEquals(ROWS, all.size(), "rows of every split of " + size + " bytes");
    for (int i = 0; i < ROWS; i++) {
      assertEquals(i, all.get(i));
    }
  }

  /** The row groups parquet-java's footer reader keeps for the byte range. */
  private static List<BlockMetaData> parquetJavaRowGroups(Path f, long start, long end)
      throws IOException {
    try (ParquetFileReader r =
        ParquetFileReader.open(
            new LocalInputFile(f),
            ParquetReadOptions.builder(new PlainParquetConfiguration())
                .withRange(start, end)
                .build())) {
      return r.getRowGroups();
    }
  }

  private static List<Long> readSeqs(VariantParquetReader.Builder builder) throws IOException {
    List<Long> seqs = new ArrayList<>();
    try (VariantParquetReader r = builder.build()) {
      for (VariantRecord row : r) {
        seqs.add(seq(row));
      }
    }
    return seqs;
  }

  private static long seq(VariantRecord row) {
    return row.variant("v").field("seq").longValue();
  }

  private Path forged(String name, Consumer<FileMetaData> change) throws IOException {
    return ForgedFooterFile.write(file, dir.resolve(name + ".parquet"), change);
  }
}
