// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.read.ForgedLevelFiles;
import io.variant.parquet.read.FuzzDamage;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Levels that no writer produces, in a page whose CRC was computed again so that only the decoder
 * can see them. The batch reader writes list offsets at addresses its levels give, so such levels
 * must fail as damage before any write: the first of them once crashed the JVM.
 */
class BatchReaderForgedLevelsTest {
  private static final String ELEMENTS = "v.typed_value.list.element.typed_value";
  private static final int ROWS = 50;

  @TempDir Path dir;

  @Test
  void aRowGroupStartingInsideAListIsDamage() throws IOException {
    // Every row is a list of one element, so the repetition levels are one run of zeros: the v1
    // page's payload is the levels' 4-byte length, the run's header, then its value, byte 5.
    byte[] intact = Files.readAllBytes(write(dir.resolve("intact.parquet")));
    assertEquals(ROWS, readAll(dir.resolve("intact.parquet")));
    Path forged =
        Files.write(
            dir.resolve("forged.parquet"),
            FuzzDamage.withFirstDataPageByte(intact, ELEMENTS, 5, 1));
    VariantParquetException e = assertThrows(VariantParquetException.class, () -> readAll(forged));
    assertEquals(ELEMENTS, e.column(), e.getMessage());
    assertTrue(e.getMessage().contains("repetition level 1"), e.getMessage());
    assertTrue(e.getMessage().contains("damaged"), e.getMessage());
  }

  /**
   * The first column of a list says it is null where another holds it as an empty list: read as the
   * first column says, the list would be a missing field.
   */
  @Test
  void aListThatItsFirstColumnSaysIsNullIsDamage() throws IOException {
    Path file = ForgedLevelFiles.listNullInItsFirstColumn(dir);
    VariantParquetException e = assertThrows(VariantParquetException.class, () -> readAll(file));
    assertEquals(ForgedLevelFiles.TAGS + ".typed_value", e.column(), e.getMessage());
    assertEquals(0, e.row(), e.getMessage());
    assertTrue(
        e.getMessage()
            .contains(
                "holds list "
                    + ForgedLevelFiles.ELEMENT
                    + ".tags.typed_value in this row where the columns beside it say it is null"),
        e.getMessage());
  }

  @Test
  void aDefinitionLevelAboveTheMaximumIsDamage() throws IOException {
    // The definition levels follow the repetition levels' 4-byte length and 2 bytes: their run of
    // the maximum level (4: the element's int64 is there) gets 7, which its 3 bits can hold, or 16,
    // which they cannot. Both readers refuse both.
    byte[] intact = Files.readAllBytes(write(dir.resolve("intact.parquet")));
    for (int level : new int[] {7, 16}) {
      assertRefused(
          FuzzDamage.withFirstDataPageByte(intact, ELEMENTS, 4 + 2 + 4 + 1, level),
          ELEMENTS,
          level);
    }
  }

  @Test
  void aDefinitionLevelAboveTheMaximumOutsideListsIsDamage() throws IOException {
    // A field outside lists stores no repetition levels: its definition levels' 4-byte length, the
    // run's header, then its value (3, the maximum), which becomes 7.
    Path file = dir.resolve("flat.parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .overwrite()
            .variantColumn("v", ShreddingPlan.parse("{\"a\": int64}"))
            .codec(CompressionCodecName.UNCOMPRESSED)
            .build()) {
      for (int i = 0; i < ROWS; i++) {
        w.write(VariantRecord.builder().set("v", VariantJson.parse("{\"a\": " + i + "}")).build());
      }
    }
    assertEquals(ROWS, readAll(file));
    String column = "v.typed_value.a.typed_value";
    assertRefused(
        FuzzDamage.withFirstDataPageByte(Files.readAllBytes(file), column, 5, 7), column, 7);
  }

  @Test
  void siblingColumnsThatDisagreeOnTheirRowsAreDamage() throws IOException {
    // The element's typed_value says no row has an element (definition level 2: an empty list),
    // where the element's value column, which writes the list, says each has one: the first row
    // already counts differently, in the row reader's words.
    byte[] intact = Files.readAllBytes(write(dir.resolve("intact.parquet")));
    Path file =
        Files.write(
            dir.resolve("disagree.parquet"),
            FuzzDamage.withFirstDataPageByte(intact, ELEMENTS, 4 + 2 + 4 + 1, 2));
    // the siblings are compared slot by slot, before the page's end shows its values unread
    VariantParquetException e = assertThrows(VariantParquetException.class, () -> readAll(file));
    assertEquals(ELEMENTS, e.column(), e.getMessage());
    assertTrue(
        e.getMessage()
            .contains(
                "holds 0 elements of list v.typed_value in this row where the columns beside it"
                    + " hold 1"),
        e.getMessage());
    assertEquals(0, e.row(), e.getMessage());
  }

  private void assertRefused(byte[] forged, String column, int level) throws IOException {
    Path file = Files.write(dir.resolve("forged-" + level + ".parquet"), forged);
    VariantParquetException e = assertThrows(VariantParquetException.class, () -> readAll(file));
    assertEquals(column, e.column(), e.getMessage());
    assertTrue(e.getMessage().contains("definition level of " + level + ", above"), e.getMessage());
    VariantParquetException rows =
        assertThrows(VariantParquetException.class, () -> readRows(file));
    assertTrue(rows.getMessage().contains("definition level " + level), rows.getMessage());
  }

  private static Path write(Path file) throws IOException {
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .overwrite()
            .variantColumn("v", ShreddingPlan.parse("[int64]"))
            .codec(CompressionCodecName.UNCOMPRESSED)
            .build()) {
      for (int i = 0; i < ROWS; i++) {
        w.write(VariantRecord.builder().set("v", VariantJson.parse("[" + i + "]")).build());
      }
    }
    return file;
  }

  private static void readRows(Path file) throws IOException {
    try (VariantParquetReader reader = VariantParquetReader.builder(file).build()) {
      while (reader.read() != null) {
        // every row, to the end
      }
    }
  }

  private static long readAll(Path file) throws IOException {
    return readAll(file, 64);
  }

  private static long readAll(Path file, int batchSize) throws IOException {
    long rows = 0;
    try (BufferAllocator allocator = new RootAllocator();
        VariantBatchReader reader =
            VariantBatchReader.open(
                file, allocator, BatchOptions.defaults().withBatchSize(batchSize))) {
      while (reader.loadNextBatch()) {
        rows += reader.root().getRowCount();
      }
    }
    return rows;
  }
}
