// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantType;
import io.variant.core.path.Segment;
import io.variant.core.path.VariantPath;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.testkit.ShapePlans;
import io.variant.testkit.Gen;
import io.variant.testkit.Model;
import io.variant.testkit.Trials;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.compare.VectorEqualsVisitor;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.util.ValueVectorUtility;
import org.junit.jupiter.api.Test;

/**
 * {@link VariantGet}'s copy of typed runs ({@link TypedRuns}) gives the same vector as walking
 * every row down the path ({@link VariantGet#rowByRow}): long columns of generated rows in runs (so
 * that typed runs span validity bytes and buffer growth), paths that mostly end at a typed column
 * and ask for its type, every row or a selection with consecutive stretches, unshredded and
 * shredded.
 */
class TypedRunsPropertyTest {
  @Test
  void copyingTypedRunsGivesTheVectorOfTheRowByRowPath() {
    Trials.run(
        "copyingTypedRunsGivesTheVectorOfTheRowByRowPath",
        rnd -> {
          List<Variant> some = Columns.rows(rnd);
          long shapeSeed = rnd.nextLong();
          Variant shape = record(new Random(shapeSeed), rnd, 0).build();
          ShreddingPlan plan =
              rnd.nextInt(4) == 0 ? Columns.plan(rnd, some) : ShapePlans.planFor(rnd, shape);
          List<Variant> rows = inRuns(rnd, shapeSeed, some);
          VariantPath path =
              rnd.nextInt(4) == 0
                  ? VariantGetPropertyTest.path(rnd, List.of(shape), plan)
                  : typedPath(rnd, plan);
          ArrowType type = type(rnd, plan, path);
          int[] selection = rnd.nextBoolean() ? null : selection(rnd, rows.size());
          try (RootAllocator allocator = new RootAllocator();
              VariantVector unshredded = Columns.unshredded(rows, allocator);
              VariantVector shredded = Shred.shred(unshredded, plan)) {
            String context = "plan " + plan + " path " + path + " as " + type + ", ";
            for (CastMode mode : CastMode.values()) {
              check(unshredded, path, type, mode, selection, context + "unshredded, " + mode);
              check(shredded, path, type, mode, selection, context + "shredded, " + mode);
            }
          }
        });
  }

  private static void check(
      VariantVector column,
      VariantPath path,
      ArrowType type,
      CastMode mode,
      int[] selection,
      String context) {
    FieldVector expected;
    try {
      expected = VariantGet.rowByRow(column, path, type, mode, selection);
    } catch (VariantVectorException e) {
      VariantVectorException actual =
          assertThrows(
              VariantVectorException.class, () -> get(column, path, type, mode, selection).close());
      assertEquals(e.row(), actual.row(), context);
      return;
    }
    try (expected;
        FieldVector actual = get(column, path, type, mode, selection)) {
      assertEquals(expected.getValueCount(), actual.getValueCount(), context);
      for (int i = 0; i < expected.getValueCount(); i++) {
        assertEquals(text(expected, i), text(actual, i), context + " row " + i);
      }
      assertTrue(VectorEqualsVisitor.vectorEquals(expected, actual), context);
      if (expected instanceof BaseVariableWidthVector e) {
        ValueVectorUtility.validateFull(actual); // offsets that never decrease
        // null rows too: empty, as Arrow's own writes leave them
        int bytes = 4 * (e.getValueCount() + 1);
        assertEquals(
            e.getOffsetBuffer().slice(0, bytes).nioBuffer(),
            ((BaseVariableWidthVector) actual).getOffsetBuffer().slice(0, bytes).nioBuffer(),
            context + ": offsets");
      }
    }
  }

  private static String text(FieldVector v, int row) {
    Object o = v.getObject(row);
    return o instanceof byte[] b ? Arrays.toString(b) : String.valueOf(o);
  }

  private static FieldVector get(
      VariantVector column, VariantPath path, ArrowType type, CastMode mode, int[] selection) {
    return selection == null
        ? VariantGet.variantGet(column, path, type, mode)
        : VariantGet.variantGet(column, path, type, mode, selection);
  }

  /**
   * 0 to about 600 rows in runs of up to 40: most often records of the plan's shape ({@code
   * shapeSeed}) with values of their own, so that typed columns fill, else one of {@code some} or
   * SQL NULL.
   */
  static List<Variant> inRuns(Random rnd, long shapeSeed, List<Variant> some) {
    List<Variant> rows = new ArrayList<>();
    int runs = rnd.nextInt(16);
    for (int r = 0; r < runs; r++) {
      int pick = rnd.nextInt(some.size() + 4);
      Variant other = pick < 3 || pick == some.size() + 3 ? null : some.get(pick - 3);
      for (int k = 1 + rnd.nextInt(40); k > 0; k--) {
        rows.add(pick < 3 ? record(new Random(shapeSeed), rnd, 0).build() : other);
      }
    }
    return rows;
  }

  private static final List<VariantType> SCALARS = Gen.Config.defaults().scalarTypes();

  /**
   * An object of up to four fields, some of them objects in turn: its keys and types drawn from
   * {@code shape}, its values from {@code values} (one value in eight of another type).
   */
  static Model record(Random shape, Random values, int depth) {
    List<Model.Field> fields = new ArrayList<>();
    Set<String> keys = new HashSet<>();
    for (int n = 1 + shape.nextInt(4); n > 0; n--) {
      String key = Gen.key(shape);
      boolean nested = depth < 2 && shape.nextInt(4) == 0;
      VariantType type = SCALARS.get(shape.nextInt(SCALARS.size()));
      if (values.nextInt(8) == 0) {
        type = SCALARS.get(values.nextInt(SCALARS.size()));
      }
      if (keys.add(key)) {
        fields.add(
            new Model.Field(
                key, nested ? record(shape, values, depth + 1) : Gen.scalar(values, type)));
      }
    }
    return new Model.Obj(fields);
  }

  /** Stretches of consecutive rows and single rows anywhere, in any order. */
  private static int[] selection(Random rnd, int rows) {
    List<Integer> picked = new ArrayList<>();
    for (int s = rows == 0 ? 0 : rnd.nextInt(8); s > 0; s--) {
      int from = rnd.nextInt(rows);
      int length = rnd.nextInt(3) == 0 ? 1 : rnd.nextInt(rows - from) + 1;
      for (int k = 0; k < length; k++) {
        picked.add(from + k);
      }
    }
    return picked.stream().mapToInt(Integer::intValue).toArray();
  }

  /** A path down the plan's typed objects, to a typed column where there is one. */
  private static VariantPath typedPath(Random rnd, ShreddingPlan plan) {
    List<Segment> segments = new ArrayList<>();
    ShreddingPlan node = plan;
    while (node.shape() == ShreddingPlan.Shape.OBJECT && segments.size() < 4) {
      List<ShreddingPlan.Field> fields = node.asObject().fields();
      ShreddingPlan.Field f = fields.get(rnd.nextInt(fields.size()));
      segments.add(new Segment.Key(f.name()));
      node = f.plan();
    }
    return VariantPath.of(segments);
  }

  /** Mostly the typed column's own type where the path ends at one; else any target type. */
  private static ArrowType type(Random rnd, ShreddingPlan plan, VariantPath path) {
    for (int tries = 0; tries < 3; tries++) {
      ArrowType type = VariantGetPropertyTest.target(rnd, plan, path);
      if (rnd.nextInt(4) == 0) {
        return type;
      }
      ShreddingPlan node = plan;
      for (Segment s : path.segments()) {
        node =
            node != null && node.shape() == ShreddingPlan.Shape.OBJECT && s instanceof Segment.Key k
                ? node.asObject().field(k.name())
                : null;
      }
      if (node != null
          && node.shape() == ShreddingPlan.Shape.SCALAR
          && type.equals(StorageFields.arrowType(node.asScalar().type()))) {
        return type;
      }
    }
    return VariantGetPropertyTest.target(rnd, plan, path);
  }
}
