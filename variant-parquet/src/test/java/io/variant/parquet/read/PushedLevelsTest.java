// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static io.variant.parquet.read.HandMadeChunks.binary;
import static io.variant.parquet.read.HandMadeChunks.int64;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.json.VariantJson;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.schema.VariantSchema;
import io.variant.shredding.ShreddedType;
import io.variant.shredding.ShreddingPlan;
import java.time.Duration;
import java.util.Map;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.Test;

/**
 * The level reader's leaves on the push path ({@link LeafColumn} filling the column's slots, as a
 * projection reads): every definition level of a leaf outside lists reads as the slot it names, and
 * levels that no writer produces (above a leaf's maximum, a row that starts inside a list, a chunk
 * of fewer rows than its row group) fail naming the column instead of reading as another row.
 */
class PushedLevelsTest {
  // {"a": int64}, column v required: a.typed_value's levels are 0 (v.typed_value null), 1 (a's
  // group, both parts null: a missing) and 2 (a typed)
  private static final MessageType FIELD =
      schema(ShreddingPlan.object(Map.of("a", ShreddingPlan.scalar(ShreddedType.INT64))));
  // [int64] at the top of v: element.typed_value's levels are 0 (v.typed_value null), 1 (empty
  // list), 2 (an element, both parts null) and 3 (typed)
  private static final MessageType LIST =
      schema(ShreddingPlan.array(ShreddingPlan.scalar(ShreddedType.INT64)));
  private static final String A_VALUE = "v.typed_value.a.value";
  private static final String A_TYPED = "v.typed_value.a.typed_value";
  private static final String ELEMENT_VALUE = "v.typed_value.list.element.value";
  private static final String ELEMENT_TYPED = "v.typed_value.list.element.typed_value";
  private static final byte[] METADATA =
      new VariantBuilder().startObject().key("a").appendLong(0).endObject().build().metadataBytes();
  private static final byte[] INT8_7 = {0x0C, 0x07}; // int8 7

  private static MessageType schema(ShreddingPlan plan) {
    return new MessageType(
        "m", VariantSchema.toParquet("v", plan, ShreddingLayout.SPEC, Type.Repetition.REQUIRED));
  }

  /** Rows of {@link #FIELD}: each row's v.value level, a.value level, a.typed_value level. */
  private static HandMadeChunks fieldRows(int[]... rows) {
    HandMadeChunks c = new HandMadeChunks(FIELD);
    long x = 5;
    for (int[] r : rows) {
      c.entry("v.metadata", 0, 0, binary(METADATA));
      c.entry("v.value", 0, r[0], r[0] == 1 ? binary(INT8_7) : null);
      c.entry(A_VALUE, 0, r[1]);
      c.entry(A_TYPED, 0, r[2], r[2] == 2 ? int64(x++) : null);
    }
    return c;
  }

  private static Variant next(LevelRows reader) {
    reader.readRow();
    return (Variant) reader.columns().value(0);
  }

  private static String json(LevelRows reader) {
    return VariantJson.toJson(next(reader));
  }

  @Test
  void everyLevelOfAFieldReadsAsItsSlot() {
    // a residual (a.typed_value at 0), a missing (1), a typed (2), and each again after the others
    LevelRows reader =
        fieldRows(
                new int[] {1, 0, 0},
                new int[] {0, 1, 1},
                new int[] {0, 1, 2},
                new int[] {0, 1, 1},
                new int[] {1, 0, 0},
                new int[] {0, 1, 2})
            .open(false);
    assertEquals("7", json(reader));
    assertEquals("{}", json(reader));
    assertEquals("{\"a\":5}", json(reader));
    assertEquals("{}", json(reader));
    assertEquals("7", json(reader));
    assertEquals("{\"a\":6}", json(reader));
  }

  @Test
  void aFieldLevelAboveTheMaximumNamesItsColumn() {
    // a.typed_value's maximum is 2, stored in 2 bits: 3 fits in them
    LevelRows reader = fieldRows(new int[] {0, 1, 2}, new int[] {0, 1, 3}).open(false);
    assertEquals("{\"a\":5}", json(reader));
    var e = assertThrows(ParquetDecodingException.class, reader::readRow);
    assertEquals(
        "Cannot read column " + A_TYPED + ": definition level 3 is outside the column's 0 to 2",
        e.getMessage());
  }

  @Test
  void aFieldChunkOfFewerRowsThanItsRowGroupNamesItsColumn() {
    HandMadeChunks c = fieldRows(new int[] {0, 1, 2}, new int[] {0, 1, 2});
    c.entry("v.metadata", 0, 0, binary(METADATA)).entry("v.value", 0, 0).entry(A_VALUE, 0, 1);
    LevelRows reader = c.rows(3).open(false);
    next(reader);
    next(reader);
    var e = assertThrows(ParquetDecodingException.class, reader::readRow);
    assertEquals(
        "Cannot read column " + A_TYPED + ": it holds fewer rows than its row group",
        e.getMessage());
  }

  /** Rows of {@link #LIST}: each row's elements, all typed. */
  private static HandMadeChunks listRows(long[]... rows) {
    HandMadeChunks c = new HandMadeChunks(LIST);
    for (long[] row : rows) {
      c.entry("v.metadata", 0, 0, binary(METADATA)).entry("v.value", 0, 0);
      for (int i = 0; i < row.length; i++) {
        c.entry(ELEMENT_VALUE, i == 0 ? 0 : 1, 2);
        c.entry(ELEMENT_TYPED, i == 0 ? 0 : 1, 3, int64(row[i]));
      }
    }
    return c;
  }

  @Test
  void aListChunkThatStartsInsideAListNamesItsColumn() {
    for (boolean pull : new boolean[] {false, true}) {
      HandMadeChunks c = new HandMadeChunks(LIST);
      c.entry("v.metadata", 0, 0, binary(METADATA)).entry("v.value", 0, 0);
      c.entry(ELEMENT_VALUE, 0, 2).entry(ELEMENT_TYPED, 1, 3, int64(3)); // the chunk starts at 1
      LevelRows reader = c.rows(1).open(pull);
      // either of the row reader's two checks may see it first (an entry against the lists the
      // entries before it opened, or a row's first entry): both name the column and the level
      var e = assertThrows(RuntimeException.class, reader::readRow);
      assertTrue(
          e.getMessage().contains("column " + ELEMENT_TYPED)
              && e.getMessage().contains("repetition level 1"),
          "pull " + pull + ": " + e.getMessage());
    }
  }

  @Test
  void aListLevelAboveTheMaximumNamesItsColumn() {
    // {"xs": [int64]}: element.typed_value's maximum is 4, stored in 3 bits: 5 fits in them
    MessageType schema =
        schema(
            ShreddingPlan.object(
                Map.of("xs", ShreddingPlan.array(ShreddingPlan.scalar(ShreddedType.INT64)))));
    String xs = "v.typed_value.xs.";
    String typed = xs + "typed_value.list.element.typed_value";
    for (int first : new int[] {0, 1}) { // the row's first element, or its second
      for (boolean pull : new boolean[] {false, true}) {
        HandMadeChunks c = new HandMadeChunks(schema);
        c.entry("v.metadata", 0, 0, binary(METADATA)).entry("v.value", 0, 0);
        c.entry(xs + "value", 0, 1);
        c.entry(xs + "typed_value.list.element.value", 0, 3);
        c.entry(xs + "typed_value.list.element.value", 1, 3);
        c.entry(typed, 0, first == 0 ? 5 : 4, int64(1));
        c.entry(typed, 1, first == 1 ? 5 : 4, int64(2));
        LevelRows reader = c.open(pull);
        var e = assertThrows(ParquetDecodingException.class, reader::readRow);
        assertEquals(
            "Cannot read column " + typed + ": definition level 5 is above the column's 4",
            e.getMessage(),
            "element " + first + ", pull " + pull);
      }
    }
  }

  @Test
  void aListChunkOfFewerRowsThanItsRowGroupNamesItsColumn() {
    for (boolean pull : new boolean[] {false, true}) {
      HandMadeChunks c = listRows(new long[] {1, 2}, new long[] {3});
      c.entry("v.metadata", 0, 0, binary(METADATA)).entry("v.value", 0, 0);
      c.entry(ELEMENT_VALUE, 0, 2); // element.typed_value has no entry for the third row
      LevelRows reader = c.rows(3).open(pull);
      assertEquals("[1,2]", json(reader));
      assertEquals("[3]", json(reader));
      var e = assertThrows(ParquetDecodingException.class, reader::readRow);
      assertEquals(
          "Cannot read column " + ELEMENT_TYPED + ": it holds fewer rows than its row group",
          e.getMessage(),
          "pull " + pull);
    }
  }

  @Test
  void aListFieldWithoutAResidualColumnStartsItsObject() {
    // xs has no value column: the list's leaves are the first of the row to reach xs's group
    MessageType schema =
        MessageTypeParser.parseMessageType(
            "message m { required group v (VARIANT(1)) { required binary metadata;"
                + " optional binary value; optional group typed_value { required group xs {"
                + " optional group typed_value (LIST) { repeated group list { required group element {"
                + " optional binary value; optional int64 typed_value; } } } } } } }");
    byte[] metadata =
        new VariantBuilder()
            .startObject()
            .key("xs")
            .appendLong(0)
            .endObject()
            .build()
            .metadataBytes();
    String value = "v.typed_value.xs.typed_value.list.element.value";
    String typed = "v.typed_value.xs.typed_value.list.element.typed_value";
    for (boolean pull : new boolean[] {false, true}) {
      HandMadeChunks c = new HandMadeChunks(schema);
      for (int row = 0; row < 3; row++) {
        c.entry("v.metadata", 0, 0, binary(metadata)).entry("v.value", 0, 0);
        if (row == 1) { // an empty list
          c.entry(value, 0, 2).entry(typed, 0, 2);
          continue;
        }
        for (int i = 0; i < 2; i++) {
          c.entry(value, i, 3).entry(typed, i, 4, int64(10 * row + i));
        }
      }
      LevelRows reader = c.open(pull);
      assertEquals("{\"xs\":[0,1]}", json(reader), "pull " + pull);
      assertEquals("{\"xs\":[]}", json(reader), "pull " + pull);
      assertEquals("{\"xs\":[20,21]}", json(reader), "pull " + pull);
    }
  }

  @Test
  void aRepeatedEntryWithoutAnElementIsSkipped() {
    // (r 1, d 1): the list again, but no element, which no writer produces; the fast path for
    // further elements must not take it, or it reads a run of none there for ever
    for (boolean pull : new boolean[] {false, true}) {
      HandMadeChunks c = listRows(new long[] {1, 2});
      c.entry(ELEMENT_VALUE, 1, 1).entry(ELEMENT_TYPED, 1, 1);
      c.entry("v.metadata", 0, 0, binary(METADATA)).entry("v.value", 0, 0);
      c.entry(ELEMENT_VALUE, 0, 2).entry(ELEMENT_TYPED, 0, 3, int64(3));
      LevelRows reader = c.open(pull);
      assertTimeoutPreemptively(
          Duration.ofSeconds(30),
          () -> {
            assertEquals("[1,2]", json(reader), "pull " + pull);
            assertEquals("[3]", json(reader), "pull " + pull);
          });
    }
  }

  @Test
  void objectFieldsWithoutResidualColumnsReadPulledAndPushed() {
    // o: a typed object whose field k is a typed int64, no value columns (a leaf outside lists
    // under o, so the column is pulled); p: the same around a list, ys (no such leaf: pushed)
    String typedOnly =
        "message m { required group v (VARIANT(1)) { required binary metadata;"
            + " optional binary value; optional group typed_value {"
            + " required group o { optional group typed_value { required group k {"
            + " optional int64 typed_value; } } }%s } } }";
    String p =
        " required group p { optional group typed_value { required group ys {"
            + " optional group typed_value (LIST) { repeated group list { required group element {"
            + " optional binary value; optional int64 typed_value; } } } } } }";
    byte[] metadata =
        new VariantBuilder()
            .startObject()
            .key("k")
            .appendLong(0)
            .key("o")
            .appendLong(0)
            .key("p")
            .appendLong(0)
            .key("ys")
            .appendLong(0)
            .endObject()
            .build()
            .metadataBytes();
    for (String fields : new String[] {"", p}) {
      MessageType schema = MessageTypeParser.parseMessageType(String.format(typedOnly, fields));
      for (boolean pull : new boolean[] {false, true}) {
        HandMadeChunks c = new HandMadeChunks(schema);
        for (int row = 0; row < 2; row++) {
          c.entry("v.metadata", 0, 0, binary(metadata)).entry("v.value", 0, 0);
          // row 0: o.k is 7; row 1: o's typed object is null (o missing)
          c.entry(
              "v.typed_value.o.typed_value.k.typed_value",
              0,
              row == 0 ? 3 : 1,
              row == 0 ? int64(7) : null); // a null entry has no value in the page
          c.entry("v.typed_value.p.typed_value.ys.typed_value.list.element.value", 0, 4);
          c.entry(
              "v.typed_value.p.typed_value.ys.typed_value.list.element.typed_value",
              0,
              5,
              int64(1));
        }
        LevelRows reader = c.open(pull);
        String where = (fields.isEmpty() ? "o" : "o and p") + ", pull " + pull;
        String ys = fields.isEmpty() ? "" : ",\"p\":{\"ys\":[1]}";
        assertEquals("{\"o\":{\"k\":7}" + ys + "}", json(reader), where);
        assertEquals("{" + ys.substring(Math.min(1, ys.length())) + "}", json(reader), where);
      }
    }
  }
}
