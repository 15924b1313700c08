// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.variant.core.Variant;
import io.variant.shredding.Rebuilder;
import io.variant.shredding.ShreddedSource;
import io.variant.shredding.ShreddedType;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.SplitOptions;
import io.variant.shredding.Splitter;
import io.variant.shredding.testkit.DatasetGen;
import io.variant.shredding.testkit.PlanGen;
import io.variant.shredding.testkit.ShapePlans;
import io.variant.shredding.testkit.ShreddedTree;
import io.variant.testkit.Gen;
import io.variant.testkit.Model;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;

/** Test helpers: generated rows, columns of them, and slot-by-slot comparison of two sources. */
final class Columns {
  private Columns() {}

  /**
   * 0 to 11 generated Variants, about one in eight SQL NULL ({@code null}): half the time
   * independent values, half the time rows of one shape (paths recur, so typed columns fill).
   */
  static List<Variant> rows(Random rnd) {
    if (rnd.nextBoolean()) {
      List<Variant> rows = new ArrayList<>();
      for (Model m : DatasetGen.rows(rnd)) {
        if (rows.size() == 12) {
          break;
        }
        rows.add(rnd.nextInt(8) == 0 ? null : m.build());
      }
      return rows;
    }
    int n = rnd.nextInt(8);
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      rows.add(rnd.nextInt(8) == 0 ? null : Gen.variant(rnd));
    }
    return rows;
  }

  /** A plan drawn independently of the rows, or shaped like one of them (typed slots then hit). */
  static ShreddingPlan plan(Random rnd, List<Variant> rows) {
    List<Variant> present = rows.stream().filter(v -> v != null).toList();
    if (present.isEmpty() || rnd.nextInt(3) == 0) {
      return PlanGen.plan(rnd);
    }
    return ShapePlans.planFor(rnd, present.get(rnd.nextInt(present.size())));
  }

  /** The row path's result: {@code v} split by {@code plan}, then rebuilt by the Rebuilder. */
  static Variant rebuild(Variant v, ShreddingPlan plan) {
    ShreddedTree split = new ShreddedTree();
    Splitter.of(plan, SplitOptions.defaults()).split(v, split);
    return Rebuilder.of(plan).rebuild(v.metadata(), split.root());
  }

  /** An unshredded column of {@code rows}. */
  static VariantVector unshredded(List<Variant> rows, BufferAllocator allocator) {
    VariantVector column = VariantVector.create("v", ShreddingPlan.residual(), allocator);
    for (int i = 0; i < rows.size(); i++) {
      column.setSafe(i, rows.get(i));
    }
    column.setValueCount(rows.size());
    return column;
  }

  /**
   * The two sources hold the same slots under {@code plan}: the same residual bytes, the same typed
   * values, field by field and element by element.
   */
  static void assertSameSlots(
      ShreddingPlan plan, ShreddedSource expected, ShreddedSource actual, String at) {
    Variant er = expected.residual();
    Variant ar = actual.residual();
    if (er == null) {
      assertNull(ar, at + ": residual");
    } else {
      assertArrayEquals(er.valueBytes(), ar.valueBytes(), at + ": residual");
    }
    assertEquals(expected.hasTyped(), actual.hasTyped(), at + ": typed part present");
    if (!expected.hasTyped()) {
      return;
    }
    switch (plan.shape()) {
      case RESIDUAL -> {}
      case SCALAR -> assertSameScalar(plan.asScalar().type(), expected, actual, at);
      case OBJECT -> {
        List<ShreddingPlan.Field> fields = plan.asObject().fields();
        for (int i = 0; i < fields.size(); i++) {
          ShreddingPlan.Field f = fields.get(i);
          assertSameSlots(f.plan(), expected.field(i), actual.field(i), at + "." + f.name());
        }
      }
      case ARRAY -> {
        assertEquals(expected.elementCount(), actual.elementCount(), at + ": element count");
        for (int i = 0; i < expected.elementCount(); i++) {
          assertSameSlots(
              plan.asArray().element(), expected.element(i), actual.element(i), at + "[" + i + "]");
        }
      }
    }
  }

  private static void assertSameScalar(
      ShreddedType type, ShreddedSource e, ShreddedSource a, String at) {
    String where = at + " (" + type + ")";
    switch (type.kind().slotValue()) {
      case BOOLEAN -> assertEquals(e.typedBoolean(), a.typedBoolean(), where);
      case INTEGER, DATE, TEMPORAL -> assertEquals(e.typedLong(), a.typedLong(), where);
      case FLOAT ->
          assertEquals(
              Float.floatToIntBits(e.typedFloat()), Float.floatToIntBits(a.typedFloat()), where);
      case DOUBLE ->
          assertEquals(
              Double.doubleToLongBits(e.typedDouble()),
              Double.doubleToLongBits(a.typedDouble()),
              where);
      case DECIMAL -> assertEquals(e.typedDecimal(), a.typedDecimal(), where);
      case BINARY, STRING, UUID -> assertEquals(e.typedBytes(), a.typedBytes(), where);
    }
  }
}
