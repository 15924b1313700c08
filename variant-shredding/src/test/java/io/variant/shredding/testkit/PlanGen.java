// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.testkit;

import io.variant.shredding.ShreddedType;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.ShreddingPlan.Field;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Function;

/**
 * Seeded generator of arbitrary {@link ShreddingPlan}s for property tests. Every node kind appears:
 * {@code variant}, every {@link ShreddedType.Kind} (drawn from {@code Kind.values()}, so a new kind
 * is covered with no change here), decimals of every precision 1 to 38 and every scale 0 to
 * precision (the edges 1, 9, 10, 18, 19, 38 and scales 0 and P drawn more often), objects of 1 to 6
 * fields, arrays, and nesting of objects in arrays and arrays in objects. Keys include the empty
 * key, JSON-escaped characters, control characters, and non-ASCII keys from the BMP and beyond
 * (surrogate pairs); they are always valid Unicode.
 *
 * <pre>{@code
 * ShreddingPlan plan = PlanGen.plan(new Random(seed));
 * ShreddingPlan deep = PlanGen.plan(rnd, 6, r -> PlanGen.pick(r, "a", "b", "c")); // keys of your data
 * }</pre>
 *
 * Deterministic: the same {@code Random} state gives the same plan.
 */
public final class PlanGen {
  /** Default depth budget: nested objects and arrays below the root. */
  public static final int DEFAULT_DEPTH = 4;

  private static final int[] PRECISION_EDGES = {1, 9, 10, 18, 19, 38};

  private static final String[] PLAIN_KEYS = {
    "a", "b", "c", "A", "id", "name", "user", "tags", "price", "x_1", "ab", "abc"
  };

  private static final String[] SPECIAL_KEYS = {
    "",
    " ",
    "with space",
    "quote\"d",
    "back\\slash",
    "slash/",
    "tab\there",
    "line\nbreak",
    "ctl\u0001\u001f",
    "nul\u0000",
    "del\u007f",
    "é",
    "naïve",
    "日本語",
    "Ωmega",
    "emoji 😀",
    "𝄞 clef",
    "\uFFFF",
    "\uE000",
    "[*]",
    "$.a",
    "variant",
    "int64",
    "{}"
  };

  private PlanGen() {}

  /** An arbitrary plan with the {@link #DEFAULT_DEPTH default depth} and {@link #key} keys. */
  public static ShreddingPlan plan(Random rnd) {
    return plan(rnd, DEFAULT_DEPTH, PlanGen::key);
  }

  /**
   * An arbitrary plan nesting objects and arrays at most {@code maxDepth} levels below the root.
   */
  public static ShreddingPlan plan(Random rnd, int maxDepth) {
    return plan(rnd, maxDepth, PlanGen::key);
  }

  /**
   * An arbitrary plan whose object field names come from {@code keys}, so that a test can draw
   * plans that match the keys of its Variants. Keys that {@code keys} repeats within one object are
   * drawn again (at most a few times; an object may then have fewer fields).
   */
  public static ShreddingPlan plan(Random rnd, int maxDepth, Function<Random, String> keys) {
    int choice = rnd.nextInt(maxDepth > 0 ? 10 : 6);
    if (choice < 1) {
      return ShreddingPlan.residual();
    }
    if (choice < 6) {
      return ShreddingPlan.scalar(type(rnd));
    }
    if (choice < 8) {
      return new ShreddingPlan.ObjectPlan(fields(rnd, maxDepth - 1, keys));
    }
    return ShreddingPlan.array(plan(rnd, maxDepth - 1, keys));
  }

  private static List<Field> fields(Random rnd, int maxDepth, Function<Random, String> keys) {
    int n = 1 + rnd.nextInt(6);
    List<Field> fields = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (int tries = 0; fields.size() < n && tries < 3 * n; tries++) {
      String name = keys.apply(rnd);
      if (names.add(name)) {
        fields.add(new Field(name, plan(rnd, maxDepth, keys)));
      }
    }
    return fields;
  }

  /** Any scalar type: every kind, decimals with any valid precision and scale. */
  public static ShreddedType type(Random rnd) {
    ShreddedType.Kind[] kinds = ShreddedType.Kind.values();
    ShreddedType.Kind kind = kinds[rnd.nextInt(kinds.length)];
    return kind == ShreddedType.Kind.DECIMAL ? decimal(rnd) : ShreddedType.of(kind, 0, 0);
  }

  /** A decimal type; precision 1 to 38 and scale 0 to precision, edges drawn more often. */
  public static ShreddedType decimal(Random rnd) {
    int precision =
        rnd.nextBoolean()
            ? PRECISION_EDGES[rnd.nextInt(PRECISION_EDGES.length)]
            : 1 + rnd.nextInt(38);
    int scaleChoice = rnd.nextInt(4);
    int scale = scaleChoice == 0 ? 0 : scaleChoice == 1 ? precision : rnd.nextInt(precision + 1);
    return ShreddedType.decimal(precision, scale);
  }

  /**
   * A field name: usually a short ASCII name, sometimes a special one (empty, escapes, control
   * characters, non-ASCII, supplementary characters) or random code points. Always valid Unicode.
   */
  public static String key(Random rnd) {
    int choice = rnd.nextInt(10);
    if (choice < 5) {
      return PLAIN_KEYS[rnd.nextInt(PLAIN_KEYS.length)];
    }
    if (choice < 8) {
      return SPECIAL_KEYS[rnd.nextInt(SPECIAL_KEYS.length)];
    }
    StringBuilder sb = new StringBuilder();
    int length = 1 + rnd.nextInt(6);
    for (int i = 0; i < length; i++) {
      sb.appendCodePoint(codePoint(rnd));
    }
    return sb.toString();
  }

  /**
   * A code point from ASCII, Latin-1, Greek, CJK or the supplementary planes; never a surrogate.
   */
  private static int codePoint(Random rnd) {
    switch (rnd.nextInt(5)) {
      case 0:
        return rnd.nextInt(0x80);
      case 1:
        return 0xA0 + rnd.nextInt(0x60);
      case 2:
        return 0x391 + rnd.nextInt(0x30);
      case 3:
        return 0x4E00 + rnd.nextInt(0x5000);
      default:
        return 0x1F300 + rnd.nextInt(0x300);
    }
  }

  /** One of {@code choices}, uniformly. */
  @SafeVarargs
  public static <T> T pick(Random rnd, T... choices) {
    return choices[rnd.nextInt(choices.length)];
  }
}
