// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static io.variant.parquet.read.HandMadeChunks.binary;
import static io.variant.parquet.read.HandMadeChunks.id;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.json.VariantJson;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.schema.VariantSchema;
import io.variant.shredding.ShreddedType;
import io.variant.shredding.ShreddingPlan;
import java.util.Map;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.Test;

/**
 * A value that cannot be decoded (a dictionary id outside the dictionary) fails its row, and every
 * later row of its row group fails too, naming the same cause: the failing leaf stops inside its
 * row, so the leaves no longer agree on which entries make a row, and reading on would hand each
 * later row another row's values. The next row group reads again.
 */
class UndecodableValueTest {
  private static final MessageType FIELD =
      new MessageType(
          "m",
          VariantSchema.toParquet(
              "v",
              ShreddingPlan.object(Map.of("a", ShreddingPlan.scalar(ShreddedType.INT64))),
              ShreddingLayout.SPEC,
              Type.Repetition.REQUIRED));
  private static final String A_TYPED = "v.typed_value.a.typed_value";
  private static final byte[] METADATA =
      new VariantBuilder().startObject().key("a").appendLong(0).endObject().build().metadataBytes();

  /**
   * Rows of {"a": int64} whose a.typed_value holds dictionary ids of {7, 8, 9}: each row's id, or
   * -1 for a missing a.
   */
  private static HandMadeChunks rows(int... ids) {
    HandMadeChunks c = new HandMadeChunks(FIELD).dictionary(A_TYPED, 7, 8, 9);
    for (int i : ids) {
      c.entry("v.metadata", 0, 0, binary(METADATA)).entry("v.value", 0, 0);
      c.entry("v.typed_value.a.value", 0, 1);
      c.entry(A_TYPED, 0, i < 0 ? 1 : 2, i < 0 ? null : id(i));
    }
    return c;
  }

  private static String json(LevelRows reader) {
    reader.readRow();
    return VariantJson.toJson((Variant) reader.columns().value(0));
  }

  @Test
  void theRowsAfterAnUndecodableValueFailInsteadOfReadingShifted() {
    for (boolean pull : new boolean[] {false, true}) {
      String where = "pull " + pull;
      // id 3 is outside the dictionary (and fits the ids' 2 bits); a is missing in the row after
      LevelRows reader = rows(0, 1, 3, -1, 2, 0).open(pull);
      assertEquals("{\"a\":7}", json(reader), where);
      assertEquals("{\"a\":8}", json(reader), where);
      var e = assertThrows(ParquetDecodingException.class, reader::readRow, where);
      assertTrue(e.getMessage().contains("dictionary id 3 outside its 3"), e.getMessage());
      for (int row = 3; row < 6; row++) {
        var later = assertThrows(ParquetDecodingException.class, reader::readRow, where);
        assertSame(e, later.getCause(), where);
        assertEquals(
            "Cannot read row " + row + " of the row group: row 2 could not be decoded",
            later.getMessage(),
            where);
      }
    }
  }

  @Test
  void theNextRowGroupReadsAgain() {
    HandMadeChunks bad = rows(3, 0);
    LevelRows reader = bad.open(true);
    assertThrows(ParquetDecodingException.class, reader::readRow);
    assertThrows(ParquetDecodingException.class, reader::readRow);
    reader.open(rows(2, -1, 0).store());
    assertEquals("{\"a\":9}", json(reader));
    assertEquals("{}", json(reader));
    assertEquals("{\"a\":7}", json(reader));
  }
}
