// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import static io.variant.parquet.read.ForgedLevelFiles.A;
import static io.variant.parquet.read.ForgedLevelFiles.ELEMENT;
import static io.variant.parquet.read.ForgedLevelFiles.ITEMS;
import static io.variant.parquet.read.ForgedLevelFiles.QTY;
import static io.variant.parquet.read.ForgedLevelFiles.SKU;
import static io.variant.parquet.read.ForgedLevelFiles.TAG;
import static io.variant.parquet.read.ForgedLevelFiles.TAGS;
import static io.variant.parquet.read.ForgedLevelFiles.TAG_LIST;
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
 * reader and by the row reader alike, in the same words, naming the same column and, where the
 * elements of a list disagree, the same row: neither reads what one leaf says and makes up the
 * rest. Unshredded batches, which rebuild each row through the row reader's level reader, refuse
 * them too.
 */
class ForgedLevelsAgreementTest {
  private static final String ELEMENTS = "elements of list";
  private static final String REPETITION = "where the entries before it allow at most";
  private static final String NULL_GROUP = "the field group is null";
  private static final String HELD = " in this row where the columns beside it say it is null";
  private static final String NULLED = " is null in this row where the columns beside it hold";

  @TempDir Path dir;

  @Test
  void anElementThatOnlyOneColumnHoldsIsRefusedByBoth() throws IOException {
    refusals(ForgedLevelFiles.elementInARowWithoutList(dir), ELEMENTS)
        .sameColumn(QTY + ".value")
        .sameRow(1);
  }

  @Test
  void anElementMovedToTheNextRowInOneColumnIsRefusedByBoth() throws IOException {
    // the batch holds as many elements in that column as in the others: only rows tell them apart
    refusals(ForgedLevelFiles.elementMovedToTheNextRow(dir), ELEMENTS)
        .sameColumn(SKU + ".typed_value")
        .sameRow(2);
  }

  @Test
  void anOuterElementThatOnlyAnInnerListsColumnHoldsIsRefusedByBoth() throws IOException {
    refusals(ForgedLevelFiles.outerElementInAnInnerListsColumn(dir), ELEMENTS + " " + ITEMS)
        .sameColumn(TAGS + ".typed_value")
        .sameRow(1);
  }

  @Test
  void anElementThatOneColumnLacksIsRefusedByBoth() throws IOException {
    refusals(ForgedLevelFiles.elementMissingInOneColumn(dir), ELEMENTS)
        .sameColumn(SKU + ".typed_value")
        .sameRow(3);
  }

  @Test
  void anElementMovedToTheNextListOfItsRowIsRefusedByBoth() throws IOException {
    // every column holds three tags in the row: only the lists' own counts tell them apart
    String tags = ELEMENT + ".tags.typed_value";
    refusals(
            ForgedLevelFiles.elementMovedToTheNextList(dir),
            "holds 1 elements of list " + tags + " in this row where the columns beside it hold 2")
        .sameColumn(TAGS + ".typed_value")
        .sameRow(2);
  }

  /** An empty list where the list's first column says it is null, or the other way round. */
  @Test
  void aListThatOneColumnSaysIsNullWhereAnotherHoldsItIsRefusedByBoth() throws IOException {
    String tags = ELEMENT + ".tags.typed_value";
    refusals(ForgedLevelFiles.emptyListWhereTheOthersSayNull(dir), "holds list " + ITEMS + HELD)
        .sameColumn(QTY + ".typed_value")
        .sameRow(1);
    refusals(ForgedLevelFiles.listNullInItsFirstColumn(dir), "holds list " + tags + HELD)
        .sameColumn(TAGS + ".typed_value")
        .sameRow(0);
    refusals(ForgedLevelFiles.listNullInAColumnBesideIt(dir), "says list " + tags + NULLED)
        .sameColumn(TAGS + ".typed_value")
        .sameRow(0);
    // a list of scalars (the row reader reads its rows as runs): row 1 has none, row 2 is empty
    for (String column : new String[] {TAG + ".value", TAG + ".typed_value"}) {
      for (boolean listNull : new boolean[] {false, true}) {
        int row = listNull ? 2 : 1;
        Path file = ForgedLevelFiles.tagListForged(dir, column, row, listNull);
        boolean typedHolds = column.endsWith(".value") == listNull; // value is the first column
        refusals(
                file,
                typedHolds ? "holds list " + TAG_LIST + HELD : "says list " + TAG_LIST + NULLED)
            .sameColumn(TAG + ".typed_value")
            .sameRow(row);
      }
    }
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
    Refusals sameColumn(String column) {
      assertEquals(column, row.column(), row.getMessage());
      assertEquals(column, batch.column(), batch.getMessage());
      return this;
    }

    void sameRow(long at) {
      assertEquals(at, row.row(), row.getMessage());
      assertEquals(at, batch.row(), batch.getMessage());
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
