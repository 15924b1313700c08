// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.testkit;

import io.variant.core.VariantType;
import io.variant.testkit.Gen;
import io.variant.testkit.Model;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Seeded generator of datasets that look like real semi-structured data: rows drawn from one random
 * <i>shape</i>, so that paths recur across rows with a usual type, occasional other types ("n/a"
 * among numbers), nulls, and optional fields. Shares are drawn near the inference thresholds
 * (presence 0.05 to 1, main-type share 0.5 to 1), so properties meet both sides of them.
 *
 * <pre>{@code
 * List<Model> rows = DatasetGen.rows(rnd); // 1 to 150 rows; Model.build() encodes one
 * }</pre>
 */
public final class DatasetGen {
  /** What a path usually holds: one of a few scalar types, an object, or an array. */
  public sealed interface Shape permits Leaf, ObjectShape, ArrayShape {}

  /**
   * Scalars drawn from {@code types}, e.g. int8 alone, or int8 with decimal4 (one exact numeric
   * family).
   */
  public record Leaf(List<VariantType> types) implements Shape {}

  public record ObjectShape(List<FieldShape> fields) implements Shape {}

  /** Arrays of 0 to {@code maxLength} elements. */
  public record ArrayShape(Slot element, int maxLength) implements Shape {}

  /** A field present in about {@code presence} of its objects. */
  public record FieldShape(String key, double presence, Slot slot) {}

  /**
   * A value: null with {@code nullShare}, else {@code main} with {@code mainShare}, else something
   * else.
   */
  public record Slot(Shape main, double mainShare, double nullShare) {}

  private static final double[] MAIN_SHARES = {1.0, 1.0, 0.97, 0.92, 0.9, 0.85, 0.6};
  private static final double[] NULL_SHARES = {0, 0, 0, 0.05, 0.3, 1.0};
  private static final double[] PRESENCES = {1.0, 1.0, 0.9, 0.5, 0.15, 0.1, 0.05};
  private static final List<List<VariantType>> NUMERIC_MIXES =
      List.of(
          List.of(VariantType.INT8, VariantType.INT16),
          List.of(VariantType.INT8, VariantType.INT64),
          List.of(VariantType.INT32, VariantType.DECIMAL4),
          List.of(VariantType.DECIMAL4, VariantType.DECIMAL8),
          List.of(VariantType.INT16, VariantType.DECIMAL16),
          List.of(VariantType.TIMESTAMP_MICROS, VariantType.TIMESTAMP_NANOS));

  private DatasetGen() {}

  /** 1 to 150 rows of one random shape (usually an object at the root). */
  public static List<Model> rows(Random rnd) {
    Slot root =
        new Slot(
            rnd.nextInt(6) == 0 ? shape(rnd, 2) : object(rnd, 3),
            pick(rnd, MAIN_SHARES),
            rnd.nextInt(8) == 0 ? 0.1 : 0);
    return rows(rnd, root, 1 + rnd.nextInt(150));
  }

  /** {@code n} rows of {@code root}. */
  public static List<Model> rows(Random rnd, Slot root, int n) {
    List<Model> rows = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      rows.add(value(rnd, root));
    }
    return rows;
  }

  /** A random shape nesting objects and arrays at most {@code depth} levels. */
  public static Shape shape(Random rnd, int depth) {
    int choice = rnd.nextInt(depth > 0 ? 6 : 4);
    if (choice < 4) {
      return leaf(rnd);
    }
    return choice == 4
        ? object(rnd, depth)
        : new ArrayShape(slot(rnd, depth - 1), rnd.nextInt(8) == 0 ? 0 : 1 + rnd.nextInt(4));
  }

  /**
   * Rows that are JSON arrays of scalars, as product listings are: strings mostly, with a number or
   * another type among them in {@code 1 - mainShare} of the elements.
   */
  public static Shape scalarArrays(Random rnd) {
    Slot element = new Slot(new Leaf(List.of(VariantType.STRING)), pick(rnd, MAIN_SHARES), 0);
    return new ArrayShape(element, 3 + rnd.nextInt(6));
  }

  /**
   * An object of sparse row families: a field in every row, then 10 to 30 fields each in at most
   * one row in ten.
   */
  public static ObjectShape sparseFamilies(Random rnd) {
    List<FieldShape> fields = new ArrayList<>();
    fields.add(new FieldShape("id", 1.0, new Slot(new Leaf(List.of(VariantType.INT64)), 1, 0)));
    for (int i = 0, n = 10 + rnd.nextInt(21); i < n; i++) {
      double presence = new double[] {0.005, 0.02, 0.05, 0.1}[rnd.nextInt(4)];
      fields.add(new FieldShape("f" + i, presence, slot(rnd, 1)));
    }
    return new ObjectShape(fields);
  }

  /**
   * {@code s} with the types of about half its leaves changed, as a file whose fields change type
   * halfway through: the same keys and nesting, other values.
   */
  public static Shape drifted(Random rnd, Shape s) {
    if (s instanceof Leaf l) {
      return rnd.nextBoolean() ? leaf(rnd) : l;
    }
    if (s instanceof ObjectShape o) {
      List<FieldShape> fields = new ArrayList<>();
      for (FieldShape f : o.fields()) {
        fields.add(new FieldShape(f.key(), f.presence(), drifted(rnd, f.slot())));
      }
      return new ObjectShape(fields);
    }
    ArrayShape a = (ArrayShape) s;
    return new ArrayShape(drifted(rnd, a.element()), a.maxLength());
  }

  private static Slot drifted(Random rnd, Slot s) {
    return new Slot(drifted(rnd, s.main()), s.mainShare(), s.nullShare());
  }

  private static Leaf leaf(Random rnd) {
    if (rnd.nextInt(4) == 0) {
      return new Leaf(NUMERIC_MIXES.get(rnd.nextInt(NUMERIC_MIXES.size())));
    }
    VariantType t;
    do {
      t = VariantType.values()[rnd.nextInt(VariantType.values().length)];
    } while (!t.isPrimitive());
    return new Leaf(List.of(t));
  }

  private static ObjectShape object(Random rnd, int depth) {
    int n = 1 + rnd.nextInt(5);
    Set<String> keys = new HashSet<>();
    List<FieldShape> fields = new ArrayList<>();
    while (fields.size() < n) {
      String key = PlanGen.key(rnd);
      if (keys.add(key)) {
        fields.add(new FieldShape(key, pick(rnd, PRESENCES), slot(rnd, depth - 1)));
      }
    }
    return new ObjectShape(fields);
  }

  private static Slot slot(Random rnd, int depth) {
    return new Slot(shape(rnd, depth), pick(rnd, MAIN_SHARES), pick(rnd, NULL_SHARES));
  }

  private static Model value(Random rnd, Slot slot) {
    if (rnd.nextDouble() < slot.nullShare()) {
      return Values.nul();
    }
    return rnd.nextDouble() < slot.mainShare() ? value(rnd, slot.main()) : other(rnd);
  }

  private static Model value(Random rnd, Shape shape) {
    if (shape instanceof Leaf leaf) {
      return Gen.scalar(rnd, leaf.types().get(rnd.nextInt(leaf.types().size())));
    }
    if (shape instanceof ObjectShape o) {
      List<Model.Field> fields = new ArrayList<>();
      for (FieldShape f : o.fields()) {
        if (rnd.nextDouble() < f.presence()) {
          fields.add(new Model.Field(f.key(), value(rnd, f.slot())));
        }
      }
      return new Model.Obj(fields);
    }
    ArrayShape a = (ArrayShape) shape;
    int n = a.maxLength() == 0 ? 0 : rnd.nextInt(a.maxLength() + 1);
    List<Model> elements = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      elements.add(value(rnd, a.element()));
    }
    return new Model.Arr(elements);
  }

  /** An off-shape value: usually a scalar of any type, sometimes a small object or array. */
  private static Model other(Random rnd) {
    return switch (rnd.nextInt(10)) {
      case 0 -> Values.obj("other", Values.int8(1));
      case 1 -> Values.arr(Values.str("other"));
      case 2 -> Values.str("n/a");
      default -> value(rnd, leaf(rnd));
    };
  }

  private static double pick(Random rnd, double[] choices) {
    return choices[rnd.nextInt(choices.length)];
  }
}
