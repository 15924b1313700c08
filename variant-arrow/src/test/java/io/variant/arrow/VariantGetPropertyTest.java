// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.core.path.Segment;
import io.variant.core.path.VariantPath;
import io.variant.shredding.Rebuilder;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.testkit.PlanGen;
import io.variant.testkit.Trials;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.Test;

/**
 * {@link VariantGet} over a column equals the row path: {@link VariantPath#extract} from the row
 * (for a shredded column, the row {@link Rebuilder} rebuilds from its split), then the cast; under
 * {@link CastMode#STRICT} it fails at the first row whose value does not cast.
 */
class VariantGetPropertyTest {
  private static final ArrowType[] TARGETS = {
    ArrowType.Utf8.INSTANCE,
    ArrowType.Bool.INSTANCE,
    new ArrowType.Int(8, true),
    new ArrowType.Int(32, true),
    new ArrowType.Int(64, true),
    new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE),
    new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE),
    new ArrowType.Decimal(9, 2, 128),
    new ArrowType.Decimal(38, 10, 128),
    ArrowType.Binary.INSTANCE,
    new ArrowType.Date(DateUnit.DAY),
    new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"),
    new ArrowType.Timestamp(TimeUnit.MICROSECOND, null),
  };

  @Test
  void variantGetEqualsExtractingFromTheRebuiltRow() {
    Trials.run(
        "variantGetEqualsExtractingFromTheRebuiltRow",
        rnd -> {
          List<Variant> rows = Columns.rows(rnd);
          ShreddingPlan plan = Columns.plan(rnd, rows);
          VariantPath path = path(rnd, rows, plan);
          ArrowType type = target(rnd, plan, path);
          try (RootAllocator allocator = new RootAllocator();
              VariantVector column = Columns.unshredded(rows, allocator);
              VariantVector shredded = Shred.shred(column, plan)) {
            String context = "plan " + plan + " path " + path + " as " + type;
            check(column, rows, path, type, allocator, "unshredded, " + context);
            check(shredded, rebuilt(rows, plan), path, type, allocator, "shredded, " + context);
          }
        });
  }

  @Test
  void variantGetAsVariantEqualsExtractingFromTheRebuiltRow() {
    Trials.run(
        "variantGetAsVariantEqualsExtractingFromTheRebuiltRow",
        rnd -> {
          List<Variant> rows = Columns.rows(rnd);
          ShreddingPlan plan = Columns.plan(rnd, rows);
          VariantPath path = path(rnd, rows, plan);
          try (RootAllocator allocator = new RootAllocator();
              VariantVector column = Columns.unshredded(rows, allocator);
              VariantVector shredded = Shred.shred(column, plan)) {
            String context = "plan " + plan + " path " + path;
            checkVariant(column, rows, path, "unshredded, " + context);
            checkVariant(shredded, rebuilt(rows, plan), path, "shredded, " + context);
          }
        });
  }

  @Test
  void aSelectionGivesThoseRowsOfTheWholeResult() {
    Trials.run(
        "aSelectionGivesThoseRowsOfTheWholeResult",
        rnd -> {
          List<Variant> rows = Columns.rows(rnd);
          ShreddingPlan plan = Columns.plan(rnd, rows);
          VariantPath path = path(rnd, rows, plan);
          ArrowType type = target(rnd, plan, path);
          int[] selection = new int[rows.isEmpty() ? 0 : rnd.nextInt(rows.size() + 3)];
          for (int i = 0; i < selection.length; i++) {
            selection[i] = rnd.nextInt(rows.size()); // any order, repeats too
          }
          try (RootAllocator allocator = new RootAllocator();
              VariantVector unshredded = Columns.unshredded(rows, allocator);
              VariantVector column = Shred.shred(unshredded, plan);
              FieldVector whole = VariantGet.variantGet(column, path, type, CastMode.LENIENT);
              FieldVector some =
                  VariantGet.variantGet(column, path, type, CastMode.LENIENT, selection);
              VariantVector wholeVariants = VariantGet.variantGet(column, path);
              VariantVector someVariants = VariantGet.variantGet(column, path, selection)) {
            String context = "plan " + plan + " path " + path + " as " + type;
            assertEquals(selection.length, some.getValueCount(), context);
            assertEquals(selection.length, someVariants.getValueCount(), context);
            int firstFailure = -1;
            for (int i = 0; i < selection.length; i++) {
              int row = selection[i];
              assertEquals(value(whole, row), value(some, i), context + " row " + i);
              assertEquals(
                  wholeVariants.getObject(row), someVariants.getObject(i), context + " row " + i);
              Variant at = wholeVariants.getObject(row);
              if (firstFailure < 0 && at != null && !at.isNull() && some.isNull(i)) {
                firstFailure = row; // lenient gave null for a value: strict fails here
              }
            }
            if (firstFailure >= 0) {
              var e =
                  assertThrows(
                      VariantVectorException.class,
                      () ->
                          VariantGet.variantGet(column, path, type, CastMode.STRICT, selection)
                              .close(),
                      context);
              assertEquals(firstFailure, e.row(), context + ": " + e.getMessage());
            } else {
              VariantGet.variantGet(column, path, type, CastMode.STRICT, selection).close();
            }
          }
        });
  }

  /**
   * Row by row the value at the path, as a Variant (a Variant null kept as one), or SQL NULL where
   * the row path extracts nothing; equal by value and in its JSON text.
   */
  private static void checkVariant(
      VariantVector input, List<Variant> rebuilt, VariantPath path, String context) {
    try (VariantVector values = VariantGet.variantGet(input, path)) {
      assertEquals(rebuilt.size(), values.getValueCount(), context);
      assertEquals(false, values.isShredded(), context);
      for (int row = 0; row < rebuilt.size(); row++) {
        Variant v = rebuilt.get(row);
        Variant expected = v == null ? null : path.extract(v);
        Variant actual = values.getObject(row);
        String at = context + " row " + row;
        assertEquals(expected, actual, at);
        if (expected != null) {
          assertEquals(VariantJson.toJson(expected), VariantJson.toJson(actual), at);
        }
      }
    }
  }

  private static void check(
      VariantVector input,
      List<Variant> rebuilt,
      VariantPath path,
      ArrowType type,
      BufferAllocator allocator,
      String context) {
    CastTarget target = CastTarget.of(type);
    int firstFailure = -1;
    try (FieldVector expected = target.newVector("v", allocator)) {
      for (int row = 0; row < rebuilt.size(); row++) {
        Variant v = rebuilt.get(row);
        Variant at = v == null ? null : path.extract(v);
        if (at != null && !at.isNull() && !target.write(expected, row, at) && firstFailure < 0) {
          firstFailure = row;
        }
      }
      expected.setValueCount(rebuilt.size());
      try (FieldVector lenient = VariantGet.variantGet(input, path, type, CastMode.LENIENT)) {
        assertEquals(type, lenient.getField().getType(), context);
        for (int row = 0; row < rebuilt.size(); row++) {
          assertEquals(value(expected, row), value(lenient, row), context + " row " + row);
        }
      }
      if (firstFailure >= 0) {
        var e =
            assertThrows(
                VariantVectorException.class,
                () -> VariantGet.variantGet(input, path, type, CastMode.STRICT).close(),
                context);
        assertEquals(firstFailure, e.row(), context + ": " + e.getMessage());
      } else {
        VariantGet.variantGet(input, path, type, CastMode.STRICT).close();
      }
    }
  }

  /**
   * Half the time, when the path ends at a typed column of a type variant_get supports, that type
   * (its values are copied); else any supported type.
   */
  static ArrowType target(Random rnd, ShreddingPlan plan, VariantPath path) {
    ShreddingPlan node = plan;
    for (Segment s : path.segments()) {
      if (node.shape() == ShreddingPlan.Shape.OBJECT && s instanceof Segment.Key k) {
        node = node.asObject().field(k.name());
      } else if (node.shape() == ShreddingPlan.Shape.ARRAY && s instanceof Segment.Index) {
        node = node.asArray().element();
      } else {
        node = null;
      }
      if (node == null) {
        break;
      }
    }
    if (node != null && node.shape() == ShreddingPlan.Shape.SCALAR && rnd.nextBoolean()) {
      ArrowType typed = StorageFields.arrowType(node.asScalar().type());
      if (Arrays.asList(TARGETS).contains(typed)) {
        return typed;
      }
    }
    return TARGETS[rnd.nextInt(TARGETS.length)];
  }

  private static Object value(FieldVector v, int row) {
    Object o = v.getObject(row);
    return o instanceof byte[] b ? Arrays.toString(b) : o == null ? null : o.toString();
  }

  private static List<Variant> rebuilt(List<Variant> rows, ShreddingPlan plan) {
    List<Variant> out = new ArrayList<>();
    for (Variant v : rows) {
      if (v == null) {
        out.add(null);
        continue;
      }
      out.add(Columns.rebuild(v, plan));
    }
    return out;
  }

  /**
   * A path of up to four steps, each drawn from a row's value, the plan, or at random (so that it
   * also reaches missing fields, indexes past the end and steps into scalars).
   */
  static VariantPath path(Random rnd, List<Variant> rows, ShreddingPlan plan) {
    Variant value = rows.isEmpty() ? null : rows.get(rnd.nextInt(rows.size()));
    ShreddingPlan node = plan;
    List<Segment> segments = new ArrayList<>();
    while (segments.size() < 4 && rnd.nextInt(5) != 0) {
      int choice = rnd.nextInt(10);
      if (value != null && value.isObject() && value.fieldCount() > 0 && choice < 5) {
        int i = rnd.nextInt(value.fieldCount());
        segments.add(new Segment.Key(value.fieldName(i)));
        value = value.fieldValue(i);
      } else if (value != null && value.isArray() && choice < 5) {
        int i = rnd.nextInt(value.size() + 1);
        segments.add(new Segment.Index(i));
        value = i < value.size() ? value.element(i) : null;
      } else if (node != null && node.shape() == ShreddingPlan.Shape.OBJECT && choice < 8) {
        List<ShreddingPlan.Field> fields = node.asObject().fields();
        ShreddingPlan.Field f = fields.get(rnd.nextInt(fields.size()));
        segments.add(new Segment.Key(f.name()));
        value = value != null && value.isObject() ? value.field(f.name()) : null;
        node = f.plan();
        continue;
      } else if (node != null && node.shape() == ShreddingPlan.Shape.ARRAY && choice < 8) {
        int i = rnd.nextInt(3);
        segments.add(new Segment.Index(i));
        value = value != null && value.isArray() && i < value.size() ? value.element(i) : null;
        node = node.asArray().element();
        continue;
      } else if (rnd.nextBoolean()) {
        segments.add(new Segment.Key(PlanGen.key(rnd)));
        value = null;
      } else {
        segments.add(new Segment.Index(rnd.nextInt(3)));
        value = null;
      }
      node = null;
    }
    return VariantPath.of(segments);
  }
}
