// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static io.variant.parquet.read.ForgedLevelFiles.A;
import static io.variant.parquet.read.ForgedLevelFiles.ELEMENT;
import static io.variant.parquet.read.ForgedLevelFiles.GROUPS_ROW;
import static io.variant.parquet.read.ForgedLevelFiles.ITEMS;
import static io.variant.parquet.read.ForgedLevelFiles.QTY;
import static io.variant.parquet.read.ForgedLevelFiles.ROWS;
import static io.variant.parquet.read.ForgedLevelFiles.SKU;
import static io.variant.parquet.read.ForgedLevelFiles.TAG;
import static io.variant.parquet.read.ForgedLevelFiles.TAGS;
import static io.variant.parquet.read.ForgedLevelFiles.TAG_LIST;
import static io.variant.parquet.read.ForgedLevelFiles.TAG_ROWS;
import static io.variant.parquet.read.ForgedLevelFiles.X;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.json.VariantJson;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.VariantRecord;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Leaves of one VARIANT column whose levels disagree, as only a damaged or hostile file has them
 * ({@link ForgedLevelFiles}): the row reader refuses the row, naming the column, where it had read
 * what one of the leaves said and made up the rest (an element in a row that has no list, a list
 * where its first column says there is none, a field read from a group that its first column says
 * is null). The batch reader refuses the same files ({@code variant-arrow}'s {@code
 * ForgedLevelsAgreementTest}), all but the last kind below.
 */
class DisagreeingLevelsTest {
  @TempDir Path dir;

  @Test
  void theIntactFilesReadAsWritten() throws IOException {
    try (VariantParquetReader r =
        VariantParquetReader.open(ForgedLevelFiles.items(dir.resolve("i")))) {
      for (String row : ROWS) {
        assertEquals(row, json(r.read()));
      }
      assertNull(r.read());
    }
  }

  @Test
  void anElementThatOnlyOneColumnHoldsIsRefused() throws IOException {
    Path file = ForgedLevelFiles.elementInARowWithoutList(dir);
    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      assertEquals(ROWS.get(0), json(r.read()));
      VariantParquetException e = assertThrows(VariantParquetException.class, r::read);
      assertEquals(QTY + ".value", e.column(), e.getMessage());
      assertEquals(1, e.row(), e.getMessage());
      assertTrue(
          e.getMessage()
              .contains(
                  "holds 1 elements of list "
                      + ITEMS
                      + " in this row where the"
                      + " columns beside it hold 0 (the file is damaged)"),
          e.getMessage());
      // every leaf read the whole row before it was refused: the next row reads as written
      assertEquals(ROWS.get(2), json(r.read()));
    }
  }

  @Test
  void anElementThatOneColumnLacksIsRefused() throws IOException {
    VariantParquetException e = refused(ForgedLevelFiles.elementMissingInOneColumn(dir), 3);
    assertEquals(SKU + ".typed_value", e.column(), e.getMessage());
    assertTrue(e.getMessage().contains("holds 0 elements"), e.getMessage());
    assertTrue(e.getMessage().contains("beside it hold 1"), e.getMessage());
  }

  @Test
  void aListContinuedWhereNoneStartedIsRefused() throws IOException {
    VariantParquetException e = refused(ForgedLevelFiles.listContinuedWhereNoneStarted(dir), 1);
    assertEquals(QTY + ".typed_value", e.column(), e.getMessage());
    assertTrue(
        e.getMessage()
            .contains(
                "has an entry of repetition level 1 where the entries before it allow at most 0"
                    + " (the page is damaged)"),
        e.getMessage());
  }

  @Test
  void aRepetitionLevelAboveTheColumnsIsRefused() throws IOException {
    VariantParquetException e = refused(ForgedLevelFiles.repetitionAboveTheColumns(dir), 0);
    assertEquals(TAGS + ".typed_value", e.column(), e.getMessage());
    assertTrue(
        e.getMessage().contains("repetition level 3 where the entries before it allow at most 2"),
        e.getMessage());
  }

  /** An inner list's columns count the elements of the lists around it too. */
  @Test
  void anOuterElementThatOnlyAnInnerListsColumnHoldsIsRefused() throws IOException {
    Path file = ForgedLevelFiles.outerElementInAnInnerListsColumn(dir);
    VariantParquetException e = refused(file, 1);
    assertEquals(TAGS + ".typed_value", e.column(), e.getMessage());
    assertTrue(e.getMessage().contains("holds 1 elements of list " + ITEMS), e.getMessage());
  }

  /**
   * A list that one column says is null where another holds it, empty: read, it was the list of the
   * column that holds it, an empty list where the row has none or the other way round.
   */
  @Test
  void aListThatOneColumnSaysIsNullWhereAnotherHoldsItIsRefused() throws IOException {
    String tags = ELEMENT + ".tags.typed_value"; // in the second item of row 0
    assertListRefused(
        ForgedLevelFiles.emptyListWhereTheOthersSayNull(dir), 1, QTY + ".typed_value", ITEMS, true);
    assertListRefused(
        ForgedLevelFiles.listNullInItsFirstColumn(dir), 0, TAGS + ".typed_value", tags, true);
    assertListRefused(
        ForgedLevelFiles.listNullInAColumnBesideIt(dir), 0, TAGS + ".typed_value", tags, false);
  }

  /**
   * The same in a list of scalars, whose rows are read as runs when rows are read whole and entry
   * by entry when the list is projected: row 1 has no tags, row 2 an empty list.
   */
  @Test
  void aListOfScalarsThatOneColumnSaysIsNullIsRefusedReadWholeOrProjected() throws IOException {
    for (String column : List.of(TAG + ".value", TAG + ".typed_value")) {
      for (boolean listNull : new boolean[] {false, true}) {
        int row = listNull ? 2 : 1;
        Path file = ForgedLevelFiles.tagListForged(dir, column, row, listNull);
        // the value column is the list's first: the typed one disagrees with it
        boolean typedHolds = column.endsWith(".value") == listNull;
        String what = column + " in row " + row;
        try (VariantParquetReader r = VariantParquetReader.open(file)) {
          for (int i = 0; i < row; i++) {
            assertEquals(TAG_ROWS.get(i), json(r.read()), what);
          }
          VariantParquetException e = assertThrows(VariantParquetException.class, r::read);
          assertEquals(row, e.row(), e.getMessage());
          assertListRefusal(e, TAG + ".typed_value", TAG_LIST, typedHolds);
          assertEquals(TAG_ROWS.get(row + 1), json(r.read()), what);
        }
        try (VariantParquetReader r = VariantParquetReader.open(file);
            VariantPathReader values = r.project("v", VariantPath.parse("$.tags"))) {
          for (int i = 0; i < row; i++) {
            assertEquals(i != 1, values.read().isPresent(), what); // row 1 has no tags
          }
          VariantParquetException e = assertThrows(VariantParquetException.class, values::read);
          assertEquals(row, e.row(), e.getMessage());
          assertListRefusal(e, TAG + ".typed_value", TAG_LIST, typedHolds);
          assertTrue(values.read().isPresent(), what);
        }
      }
    }
  }

  /**
   * Tags that one column puts in the next item's list: the row holds as many in every column, and
   * only the lists' own counts tell the columns apart.
   */
  @Test
  void anElementMovedToTheNextListOfItsRowIsRefused() throws IOException {
    VariantParquetException e = refused(ForgedLevelFiles.elementMovedToTheNextList(dir), 2);
    assertEquals(TAGS + ".typed_value", e.column(), e.getMessage());
    assertTrue(
        e.getMessage()
            .contains(
                "holds 1 elements of list "
                    + ELEMENT
                    + ".tags.typed_value in this row where the columns beside it hold 2"),
        e.getMessage());
  }

  @Test
  void aGroupThatItsFirstColumnSaysIsNullIsRefusedInAList() throws IOException {
    Path file = ForgedLevelFiles.groupNullInItsFirstColumn(dir, X);
    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      assertEquals(GROUPS_ROW, json(r.read()));
      VariantParquetException e = assertThrows(VariantParquetException.class, r::read);
      assertEquals(X, e.column(), e.getMessage());
      assertTrue(e.getMessage().contains("the field group is null"), e.getMessage());
      assertEquals(GROUPS_ROW, json(r.read()));
    }
  }

  @Test
  void aGroupThatItsFirstColumnSaysIsNullIsRefusedOutsideLists() throws IOException {
    Path file = ForgedLevelFiles.groupNullInItsFirstColumn(dir, A);
    assertEquals(A, refused(file, 1).column());
    for (String path : List.of("$.a", "$")) {
      try (VariantParquetReader r = VariantParquetReader.open(file);
          VariantPathReader values = r.project("v", VariantPath.parse(path))) {
        assertTrue(values.read().isPresent(), path);
        VariantParquetException e = assertThrows(VariantParquetException.class, values::read);
        assertEquals(A, e.column(), path + ": " + e.getMessage());
        assertTrue(e.getMessage().contains("the field group is null"), e.getMessage());
        assertTrue(values.read().isPresent(), path);
        assertNull(values.read(), path);
      }
    }
  }

  /**
   * {@code file} fails row {@code row}, {@code column} holding list {@code list} where its first
   * column says it is null ({@code holds}) or the other way round, and the next row reads as
   * written.
   */
  private void assertListRefused(Path file, int row, String column, String list, boolean holds)
      throws IOException {
    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      for (int i = 0; i < row; i++) {
        assertEquals(ROWS.get(i), json(r.read()));
      }
      VariantParquetException e = assertThrows(VariantParquetException.class, r::read);
      assertEquals(row, e.row(), e.getMessage());
      assertListRefusal(e, column, list, holds);
      assertEquals(ROWS.get(row + 1), json(r.read()));
    }
  }

  private static void assertListRefusal(
      VariantParquetException e, String column, String list, boolean holds) {
    assertEquals(column, e.column(), e.getMessage());
    String what =
        holds
            ? "holds list " + list + " in this row where the columns beside it say it is null"
            : "says list "
                + list
                + " is null in this row where the columns beside it hold the list";
    assertTrue(e.getMessage().contains(what + " (the file is damaged)"), e.getMessage());
  }

  /** Reads {@code file} up to the row that fails, which must be {@code row}. */
  static VariantParquetException refused(Path file, int row) throws IOException {
    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      for (int i = 0; i < row; i++) {
        r.read();
      }
      VariantParquetException e = assertThrows(VariantParquetException.class, r::read);
      assertEquals(row, e.row(), e.getMessage());
      assertEquals(file.toString(), e.file(), e.getMessage());
      return e;
    }
  }

  private static String json(VariantRecord record) {
    return VariantJson.toJson(record.variant("v"));
  }
}
