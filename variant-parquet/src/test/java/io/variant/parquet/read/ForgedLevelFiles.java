// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * Files whose leaves disagree on their levels ({@link LevelForgery}), for the tests of both
 * readers: each starts from an intact file of column {@code v} and changes one leaf's levels as a
 * hostile writer could, page checksums intact.
 */
public final class ForgedLevelFiles {
  public static final String ITEMS = "v.typed_value.items.typed_value";
  public static final String ELEMENT = ITEMS + ".list.element.typed_value";
  public static final String SKU = ELEMENT + ".sku";
  public static final String QTY = ELEMENT + ".qty";
  public static final String TAGS = ELEMENT + ".tags.typed_value.list.element";

  /** Rows 0 to 3 of the items file: two items, none, two items, one item (without tags). */
  public static final List<String> ROWS =
      List.of(
          "{\"items\":[{\"qty\":1,\"sku\":\"a\",\"tags\":[\"x\"]},{\"qty\":2,\"sku\":\"b\",\"tags\":[]}]}",
          "{\"n\":0}",
          "{\"items\":[{\"qty\":3,\"sku\":\"c\",\"tags\":[\"y\",\"z\"]},"
              + "{\"qty\":4,\"sku\":\"d\",\"tags\":[\"w\"]}]}",
          "{\"items\":[{\"qty\":5,\"sku\":\"e\"}]}");

  /** The list of strings of the tags file ({@link #tags}), a field of the column's object. */
  public static final String TAG_LIST = "v.typed_value.tags.typed_value";

  /** The element of {@link #TAG_LIST}, whose {@code value} column is the list's first. */
  public static final String TAG = TAG_LIST + ".list.element";

  /** Rows 0 to 3 of the tags file: one tag, no tags field, an empty list, two tags. */
  public static final List<String> TAG_ROWS =
      List.of(
          "{\"n\":0,\"tags\":[\"a\"]}",
          "{\"n\":1}",
          "{\"n\":2,\"tags\":[]}",
          "{\"n\":3,\"tags\":[\"b\",\"c\"]}");

  /** A field group inside list elements, {@code optional} where the spec layout requires it. */
  public static final MessageType OPTIONAL_GROUPS =
      MessageTypeParser.parseMessageType(
          "message m { required int64 id;"
              + " optional group v (VARIANT(1)) { required binary metadata; optional binary value;"
              + "   optional group typed_value {"
              + "     optional group a { optional binary value; optional int64 typed_value; }"
              + "     optional group l { optional binary value; optional group typed_value (LIST) {"
              + "       repeated group list { required group element { optional binary value;"
              + "         optional group typed_value {"
              + "           optional group x { optional binary value; optional int64 typed_value; }"
              + "         } } } } } } } }");

  /** The optional field group outside lists of {@link #OPTIONAL_GROUPS}. */
  public static final String A = "v.typed_value.a";

  /** The optional field group inside list elements of {@link #OPTIONAL_GROUPS}. */
  public static final String X = "v.typed_value.l.typed_value.list.element.typed_value.x";

  /** Each row of the optional-groups file. */
  public static final String GROUPS_ROW = "{\"a\":7,\"l\":[{\"x\":1}]}";

  private ForgedLevelFiles() {}

  /** Our writer's file of {@link #ROWS}: one row group, uncompressed. */
  public static Path items(Path file) throws IOException {
    ShreddingPlan plan =
        ShreddingPlan.parse("{\"items\": [{\"sku\": string, \"qty\": int64, \"tags\": [string]}]}");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .overwrite()
            .variantColumn("v", plan)
            .codec(CompressionCodecName.UNCOMPRESSED)
            .build()) {
      for (String row : ROWS) {
        w.write(VariantRecord.builder().set("v", VariantJson.parse(row)).build());
      }
    }
    return file;
  }

  /** Our writer's file of {@link #TAG_ROWS}: one row group, uncompressed. */
  public static Path tags(Path file) throws IOException {
    ShreddingPlan plan = ShreddingPlan.parse("{\"n\": int64, \"tags\": [string]}");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .overwrite()
            .variantColumn("v", plan)
            .codec(CompressionCodecName.UNCOMPRESSED)
            .build()) {
      for (String row : TAG_ROWS) {
        w.write(VariantRecord.builder().set("v", VariantJson.parse(row)).build());
      }
    }
    return file;
  }

  /**
   * The items file with the residual of {@code qty} holding an element in row 1, which has no list:
   * the other columns of the elements hold none there.
   */
  public static Path elementInARowWithoutList(Path dir) throws IOException {
    LevelForgery f = LevelForgery.of(items(dir.resolve("items.parquet")));
    f.levels(QTY + ".value", f.firstOfRow(QTY + ".value", 1), 0, elementLevel(f));
    return f.write(dir.resolve("element-in-row-1.parquet"));
  }

  /** The items file with {@code sku}'s typed column holding an empty list in row 3. */
  public static Path elementMissingInOneColumn(Path dir) throws IOException {
    LevelForgery f = LevelForgery.of(items(dir.resolve("items.parquet")));
    int empty = f.schema().getMaxDefinitionLevel(ITEMS.split("\\."));
    f.levels(SKU + ".typed_value", f.firstOfRow(SKU + ".typed_value", 3), 0, empty);
    return f.write(dir.resolve("empty-in-row-3.parquet"));
  }

  /**
   * The items file with {@code qty}'s typed column continuing, in row 1, a list that row 1 does not
   * have: row 2's first element moved into row 1, its second starting row 2.
   */
  public static Path listContinuedWhereNoneStarted(Path dir) throws IOException {
    LevelForgery f = LevelForgery.of(items(dir.resolve("items.parquet")));
    String typed = QTY + ".typed_value";
    int first = f.firstOfRow(typed, 2);
    int max = f.schema().getColumnDescription(typed.split("\\.")).getMaxDefinitionLevel();
    f.levels(typed, first, 1, max).levels(typed, first + 1, 0, max);
    return f.write(dir.resolve("continued.parquet"));
  }

  /**
   * The items file with the typed column of {@code tags}' elements at repetition level 3, above its
   * 2, in row 0's second entry (the second item, whose tags are empty).
   */
  public static Path repetitionAboveTheColumns(Path dir) throws IOException {
    LevelForgery f = LevelForgery.of(items(dir.resolve("items.parquet")));
    String typed = TAGS + ".typed_value";
    int second = f.firstOfRow(typed, 0) + 1;
    f.levels(typed, second, 3, f.entries(typed).get(second).d());
    return f.write(dir.resolve("repetition-3.parquet"));
  }

  /**
   * The items file with the typed column of {@code tags}' elements holding an item (without tags)
   * in row 1, which has no items: the items' own columns hold none there.
   */
  public static Path outerElementInAnInnerListsColumn(Path dir) throws IOException {
    LevelForgery f = LevelForgery.of(items(dir.resolve("items.parquet")));
    String typed = TAGS + ".typed_value";
    f.levels(typed, f.firstOfRow(typed, 1), 0, elementLevel(f));
    return f.write(dir.resolve("outer-element.parquet"));
  }

  /**
   * The items file with {@code sku}'s typed column moving row 2's second element to the start of
   * row 3: rows 2 and 3 hold one and two elements there, two and one in the other columns, and the
   * file's count of elements stays.
   */
  public static Path elementMovedToTheNextRow(Path dir) throws IOException {
    LevelForgery f = LevelForgery.of(items(dir.resolve("items.parquet")));
    String typed = SKU + ".typed_value";
    int second = f.firstOfRow(typed, 2) + 1;
    int next = f.firstOfRow(typed, 3);
    f.levels(typed, second, 0, f.entries(typed).get(second).d())
        .levels(typed, next, 1, f.entries(typed).get(next).d());
    return f.write(dir.resolve("moved-to-row-3.parquet"));
  }

  /**
   * The items file with the residual of {@code tags}' elements, the first column of that list,
   * saying in row 0 that the second item's tags are null, where the typed column holds them as an
   * empty list.
   */
  public static Path listNullInItsFirstColumn(Path dir) throws IOException {
    LevelForgery f = LevelForgery.of(items(dir.resolve("items.parquet")));
    String value = TAGS + ".value";
    int second = f.firstOfRow(value, 0) + 1;
    int listNull =
        f.schema().getMaxDefinitionLevel((ELEMENT + ".tags.typed_value").split("\\.")) - 1;
    f.levels(value, second, f.entries(value).get(second).r(), listNull);
    return f.write(dir.resolve("tags-null-in-row-0.parquet"));
  }

  /**
   * The items file with the typed column of {@code tags}' elements saying in row 0 that the second
   * item's tags are null, where the residual, the list's first column, holds them as an empty list.
   */
  public static Path listNullInAColumnBesideIt(Path dir) throws IOException {
    LevelForgery f = LevelForgery.of(items(dir.resolve("items.parquet")));
    String typed = TAGS + ".typed_value";
    int second = f.firstOfRow(typed, 0) + 1;
    int listNull =
        f.schema().getMaxDefinitionLevel((ELEMENT + ".tags.typed_value").split("\\.")) - 1;
    f.levels(typed, second, f.entries(typed).get(second).r(), listNull);
    return f.write(dir.resolve("tags-null-beside-in-row-0.parquet"));
  }

  /**
   * The items file with the typed column of {@code qty} holding an empty list of items in row 1,
   * where the other columns of the elements say the list is null (the row has no {@code items}).
   */
  public static Path emptyListWhereTheOthersSayNull(Path dir) throws IOException {
    LevelForgery f = LevelForgery.of(items(dir.resolve("items.parquet")));
    String typed = QTY + ".typed_value";
    int empty = f.schema().getMaxDefinitionLevel(ITEMS.split("\\."));
    f.levels(typed, f.firstOfRow(typed, 1), 0, empty);
    return f.write(dir.resolve("items-empty-in-row-1.parquet"));
  }

  /**
   * The items file with the typed column of {@code tags}' elements moving, in row 2, the first
   * item's second tag to the second item: each column holds three tags in the row, in lists of two
   * and one, or of one and two.
   */
  public static Path elementMovedToTheNextList(Path dir) throws IOException {
    LevelForgery f = LevelForgery.of(items(dir.resolve("items.parquet")));
    String typed = TAGS + ".typed_value";
    int first = f.firstOfRow(typed, 2);
    int d = f.entries(typed).get(first).d();
    f.levels(typed, first + 1, 1, d).levels(typed, first + 2, 2, d); // y | z w, not y z | w
    return f.write(dir.resolve("tag-moved-in-row-2.parquet"));
  }

  /**
   * The tags file with {@code column} (a column of {@link #TAG}) saying in {@code row} that the
   * list is null ({@code listNull}) or empty, where the other column says the opposite.
   */
  public static Path tagListForged(Path dir, String column, int row, boolean listNull)
      throws IOException {
    LevelForgery f = LevelForgery.of(tags(dir.resolve("tags.parquet")));
    int empty = f.schema().getMaxDefinitionLevel(TAG_LIST.split("\\."));
    f.levels(column, f.firstOfRow(column, row), 0, listNull ? empty - 1 : empty);
    String name = column.substring(column.lastIndexOf('.') + 1);
    return f.write(dir.resolve("tags-" + name + "-" + row + "-" + listNull + ".parquet"));
  }

  /** The definition level at which an element of the items list exists. */
  private static int elementLevel(LevelForgery f) {
    return f.schema().getMaxDefinitionLevel((ITEMS + ".list").split("\\."));
  }

  /**
   * Rows 0 to 2 of {@link #OPTIONAL_GROUPS}, each {@link #GROUPS_ROW}, with the residual of {@code
   * group} ({@link #A} or {@link #X}: the group's first column) saying in row 1 that the group is
   * null, where its typed column holds the value.
   */
  public static Path groupNullInItsFirstColumn(Path dir, String group) throws IOException {
    byte[] metadata = VariantJson.parse("{\"a\": 0, \"l\": 0, \"x\": 0}").metadataBytes();
    SimpleGroupFactory f = new SimpleGroupFactory(OPTIONAL_GROUPS);
    List<Group> rows = new ArrayList<>();
    for (long id = 0; id < 3; id++) {
      Group row = f.newGroup().append("id", id);
      Group typed =
          row.addGroup("v")
              .append("metadata", Binary.fromConstantByteArray(metadata))
              .addGroup("typed_value");
      typed.addGroup("a").append("typed_value", 7L);
      typed
          .addGroup("l")
          .addGroup("typed_value")
          .addGroup("list")
          .addGroup("element")
          .addGroup("typed_value")
          .addGroup("x")
          .append("typed_value", 1L);
      rows.add(row);
    }
    Path intact = dir.resolve("groups.parquet");
    TestFileWriter.writeRaw(intact, OPTIONAL_GROUPS, rows);
    LevelForgery forged = LevelForgery.of(intact);
    String value = group + ".value";
    int groupNull = OPTIONAL_GROUPS.getMaxDefinitionLevel(group.split("\\.")) - 1;
    forged.levels(value, forged.firstOfRow(value, 1), 0, groupNull);
    return forged.write(dir.resolve("null-" + group + ".parquet"));
  }
}
