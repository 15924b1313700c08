// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.core.path.VariantPath;
import io.variant.shredding.ShreddingPlan;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * A kernel that fails names the row and leaves nothing allocated: each test's allocator fails its
 * close on a leak, after the kernel threw.
 */
class ErrorsReleaseMemoryTest {
  private static void assertFailsAtRow(int row, String action, Executable kernel) {
    var e = assertThrows(VariantVectorException.class, kernel);
    assertEquals(row, e.row(), e.getMessage());
    assertTrue(
        e.getMessage().startsWith("Cannot " + action + " at row " + row + ": "), e.getMessage());
  }

  /** Row 1 of an int64-shredded column holds both a residual and a typed value: invalid. */
  private static VariantVector invalidShredded(RootAllocator allocator) {
    VariantVector column = VariantVector.create("v", ShreddingPlan.parse("int64"), allocator);
    BigIntVector typed =
        (BigIntVector) column.getUnderlyingVector().getChild(StorageFields.TYPED_VALUE);
    Variant one = VariantJson.parse("1");
    for (int row = 0; row < 3; row++) {
      column.getUnderlyingVector().setIndexDefined(row);
      column.metadataVector().setSafe(row, one.metadataBytes());
      typed.setSafe(row, row);
    }
    column.valueVector().setSafe(1, one.valueBytes());
    column.setValueCount(3);
    return column;
  }

  /** Row 2's value is an object whose last bytes are cut off. */
  private static VariantVector truncated(RootAllocator allocator) {
    Variant object = VariantJson.parse("{\"a\": 1, \"b\": \"two\"}");
    byte[] value = object.valueBytes();
    VariantVector column = Columns.unshredded(List.of(object, object), allocator);
    column.getUnderlyingVector().setIndexDefined(2);
    column.metadataVector().setSafe(2, object.metadataBytes());
    column.valueVector().setSafe(2, Arrays.copyOf(value, value.length - 3));
    column.setValueCount(3);
    return column;
  }

  @Test
  void unshredOfAnInvalidSlotNamesTheRow() {
    try (RootAllocator allocator = new RootAllocator();
        VariantVector column = invalidShredded(allocator)) {
      assertFailsAtRow(1, "rebuild the Variant", () -> Unshred.unshred(column));
      assertFailsAtRow(1, "render the Variant as JSON", () -> JsonColumns.variantToJson(column));
    }
  }

  @Test
  void shredOfAMalformedValueNamesTheRow() {
    try (RootAllocator allocator = new RootAllocator();
        VariantVector column = truncated(allocator)) {
      ShreddingPlan plan = ShreddingPlan.parse("{\"a\": int64, \"b\": string}");
      assertFailsAtRow(2, "shred the Variant", () -> Shred.shred(column, plan));
    }
  }

  @Test
  void variantGetOfAMalformedValueNamesTheRow() {
    try (RootAllocator allocator = new RootAllocator();
        VariantVector column = truncated(allocator)) {
      ArrowType type = ArrowType.Utf8.INSTANCE;
      assertFailsAtRow(
          2,
          "read $.b",
          () -> VariantGet.variantGet(column, VariantPath.parse("$.b"), type, CastMode.LENIENT));
    }
  }

  @Test
  void jsonToVariantOfBadJsonNamesTheRow() {
    try (RootAllocator allocator = new RootAllocator();
        VarCharVector json = new VarCharVector("j", allocator)) {
      String[] rows = {"{\"a\": 1}", "[1, 2]", "{\"a\": }"};
      for (int i = 0; i < rows.length; i++) {
        json.setSafe(i, rows[i].getBytes(StandardCharsets.UTF_8));
      }
      json.setValueCount(rows.length);
      assertFailsAtRow(2, "parse JSON", () -> JsonColumns.jsonToVariant(json));
    }
  }
}
