// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import static io.variant.parquet.read.ForgedLevelFiles.A;
import static io.variant.parquet.read.ForgedLevelFiles.QTY;
import static io.variant.parquet.read.ForgedLevelFiles.SKU;
import static io.variant.parquet.read.ForgedLevelFiles.TAGS;
import static io.variant.parquet.read.ForgedLevelFiles.X;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.parquet.VariantParquetException;
import io.variant.parquet.read.ForgedLevelFiles;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files whose leaves disagree on their levels ({@link ForgedLevelFiles}) are refused by the batch
 * reader and by the row reader alike, in the same words and, but for the first case, naming the
 * same column: neither reads what one leaf says and makes up the rest. Unshredded batches, which
 * rebuild each row through the row reader's level reader, refuse them too.
 */
class ForgedLevelsAgreementTest {
  private static final String BESIDE = "the columns beside it hold";
  private static final String REPETITION = "where the entries before it allow at most";
  private static final String NULL_GROUP = "the field group is null";

  @TempDir Path dir;

  @Test
  void anElementThatOnlyOneColumnHoldsIsRefusedByBoth() throws IOException {
    // The batch reader compares each leaf with the first of its own struct, qty.value, which holds
    // the element; the row reader compares it with the first leaf of the list's elements.
    Refusals r = refusals(ForgedLevelFiles.elementInARowWithoutList(dir), BESIDE);
    assertEquals(QTY + ".typed_value", r.batch.column());
    assertEquals(QTY + ".value", r.row.column());
  }

  @Test
  void anElementThatOneColumnLacksIsRefusedByBoth() throws IOException {
    refusals(ForgedLevelFiles.elementMissingInOneColumn(dir), BESIDE)
        .sameColumn(SKU + ".typed_value");
  }

  @Test
  void aListContinuedWhereNoneStartedIsRefusedByBoth() throws IOException {
    refusals(ForgedLevelFiles.listContinuedWhereNoneStarted(dir), REPETITION)
        .sameColumn(QTY + ".typed_value");
  }

  @Test
  void aRepetitionLevelAboveTheColumnsIsRefusedByBoth() throws IOException {
    refusals(ForgedLevelFiles.repetitionAboveTheColumns(dir), REPETITION)
        .sameColumn(TAGS + ".typed_value");
  }

  @Test
  void aGroupThatItsFirstColumnSaysIsNullIsRefusedByBoth() throws IOException {
    for (String group : new String[] {A, X}) {
      refusals(ForgedLevelFiles.groupNullInItsFirstColumn(dir, group), NULL_GROUP)
          .sameColumn(group);
    }
  }

  private record Refusals(VariantParquetException row, VariantParquetException batch) {
    void sameColumn(String column) {
      assertEquals(column, row.column(), row.getMessage());
      assertEquals(column, batch.column(), batch.getMessage());
    }
  }

  /** Both readers' refusals of {@code file}, each saying {@code words}. */
  private static Refusals refusals(Path file, String words) throws IOException {
    VariantParquetException row =
        assertThrows(VariantParquetException.class, () -> BatchFiles.rowReader(file, "v"));
    VariantParquetException batch =
        assertThrows(VariantParquetException.class, () -> read(file, BatchOptions.defaults()));
    VariantParquetException unshredded =
        assertThrows(
            VariantParquetException.class,
            () -> read(file, BatchOptions.defaults().withUnshredded()));
    for (VariantParquetException e : new VariantParquetException[] {row, batch, unshredded}) {
      assertEquals(file.toString(), e.file(), e.getMessage());
      assertTrue(e.getMessage().contains(words), e.getMessage());
    }
    assertEquals(row.column(), unshredded.column(), unshredded.getMessage());
    return new Refusals(row, batch);
  }

  private static void read(Path file, BatchOptions options) throws IOException {
    try (BufferAllocator allocator = new RootAllocator();
        VariantBatchReader reader = VariantBatchReader.open(file, allocator, options)) {
      while (reader.loadNextBatch()) {
        // every batch, to the end
      }
    }
  }
}
