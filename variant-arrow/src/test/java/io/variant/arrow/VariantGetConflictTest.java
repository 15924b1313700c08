// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.path.VariantPath;
import io.variant.shredding.ShreddedType;
import io.variant.shredding.ShreddingException;
import io.variant.shredding.ShreddingPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.Test;

/**
 * A typed scalar whose residual beside it is also set is invalid (only a partially shredded object
 * holds both: VariantShredding §Objects). {@link VariantGet} asked for the typed column's own type
 * had copied its value, in the copy of typed runs and row by row alike; it refuses the row as the
 * rebuild does (naming the path and the row), under either cast mode, since the data is damaged and
 * no cast failed.
 */
class VariantGetConflictTest {
  private static final ArrowType INT64 = new ArrowType.Int(64, true);
  private static final byte[] INT8_ONE = {0x0C, 0x01}; // primitive int8, 1

  @Test
  void aTypedFieldWithAResidualBesideItIsRefusedInARunAndRowByRow() {
    ShreddingPlan plan =
        ShreddingPlan.object(Map.of("a", ShreddingPlan.scalar(ShreddedType.INT64)));
    // rows 0..199 {"a": i}; conflicts in the middle of a run, at a word's first and last bits
    for (int bad : new int[] {130, 128, 191, 0, 199}) {
      try (BufferAllocator allocator = new RootAllocator();
          VariantVector column = shredded(objects(200), plan, allocator)) {
        StructVector a = field(column, "a");
        forge((VarBinaryVector) a.getChild(StorageFields.VALUE), bad, 200);
        refused(column, "$.a", bad, null);
        int[] around = IntStream.range(Math.max(0, bad - 70), Math.min(200, bad + 70)).toArray();
        refused(column, "$.a", bad, around);
        // the rows beside it still read
        int[] others = IntStream.range(0, 200).filter(r -> r != bad).toArray();
        try (FieldVector got =
            VariantGet.variantGet(
                column, VariantPath.parse("$.a"), INT64, CastMode.STRICT, others)) {
          for (int i = 0; i < others.length; i++) {
            assertEquals(others[i], ((BigIntVector) got).get(i));
          }
        }
      }
    }
  }

  @Test
  void aTypedTopLevelScalarWithAResidualIsRefused() {
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      rows.add(new VariantBuilder().appendLong(i).build());
    }
    ShreddingPlan plan = ShreddingPlan.scalar(ShreddedType.INT64);
    try (BufferAllocator allocator = new RootAllocator();
        VariantVector column = shredded(rows, plan, allocator)) {
      StructVector storage = column.getUnderlyingVector();
      forge((VarBinaryVector) storage.getChild(StorageFields.VALUE), 70, 100);
      refused(column, "$", 70, null);
    }
  }

  @Test
  void aTypedListElementWithAResidualIsRefused() {
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      rows.add(new VariantBuilder().startArray().appendLong(i).appendLong(-i).endArray().build());
    }
    ShreddingPlan plan = ShreddingPlan.array(ShreddingPlan.scalar(ShreddedType.INT64));
    try (BufferAllocator allocator = new RootAllocator();
        VariantVector column = shredded(rows, plan, allocator)) {
      ListVector list =
          (ListVector) column.getUnderlyingVector().getChild(StorageFields.TYPED_VALUE);
      StructVector element = (StructVector) list.getDataVector();
      forge((VarBinaryVector) element.getChild(StorageFields.VALUE), 2 * 6 + 1, 20); // row 6, [1]
      refused(column, "$[1]", 6, null);
      refused(column, "$[1]", 6, new int[] {6});
    }
  }

  /** {@code path} as int64 is refused at row {@code row} under either mode, as the rebuild says. */
  private static void refused(VariantVector column, String path, int row, int[] selection) {
    VariantPath p = VariantPath.parse(path);
    for (CastMode mode : CastMode.values()) {
      List<FieldVector> none = new ArrayList<>();
      VariantVectorException e =
          assertThrows(
              VariantVectorException.class,
              () ->
                  none.add(
                      selection == null
                          ? VariantGet.variantGet(column, p, INT64, mode)
                          : VariantGet.variantGet(column, p, INT64, mode, selection)),
              path + " " + mode);
      String at = path + " " + mode + ": " + e.getMessage();
      assertEquals(row, e.row(), at);
      assertTrue(e.getMessage().startsWith("Cannot read " + path + " at row " + row + ": "), at);
      ShreddingException cause = (ShreddingException) e.getCause();
      assertEquals(path, cause.path(), at);
      assertTrue(cause.getMessage().contains("conflicting value and typed_value"), at);
    }
  }

  private static List<Variant> objects(int n) {
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      rows.add(new VariantBuilder().startObject().key("a").appendLong(i).endObject().build());
    }
    return rows;
  }

  private static VariantVector shredded(
      List<Variant> rows, ShreddingPlan plan, BufferAllocator allocator) {
    try (VariantVector unshredded = Columns.unshredded(rows, allocator)) {
      return Shred.shred(unshredded, plan);
    }
  }

  private static StructVector field(VariantVector column, String name) {
    StructVector typed =
        (StructVector) column.getUnderlyingVector().getChild(StorageFields.TYPED_VALUE);
    return (StructVector) typed.getChild(name);
  }

  /** Sets row {@code row} of the all-null residual {@code value} (of {@code count} rows). */
  private static void forge(VarBinaryVector value, int row, int count) {
    for (int r = 0; r < count; r++) {
      assertTrue(value.isNull(r), "row " + r + " has a residual already");
    }
    value.setSafe(row, INT8_ONE);
    value.setValueCount(count); // the offsets of the null rows after it, filled
  }
}
