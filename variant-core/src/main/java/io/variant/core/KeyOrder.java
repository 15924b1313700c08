// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * Which order of object keys a check demands. The spec stores an object's fields sorted by key
 * (unsigned UTF-8 bytes, no duplicates), and everything this library writes is in that order. Other
 * writers are not always: DuckDB 2.0 keeps insertion order in unshredded objects, Spark 4.2 sorts
 * by UTF-16 code units (so {@code "\uFF01"} comes before {@code "\uD83D\uDE00"}). Reading never
 * depends on the order: lookups, paths, equality, hashing, rendering, rebuild and projection give
 * the same answers for the same fields in any order. Only validation asks which order to demand.
 *
 * <p><b>Accepted</b> under {@link #ANY} (the default of {@link Variant#validate()}): fields in any
 * order, values laid out in any order. <b>Rejected</b> in both modes: duplicate keys in one object
 * (the spec's unique-key rule; a lookup could not say which value is meant), field ids outside the
 * dictionary, and every other malformation {@link Variant#validate()} names.
 */
public enum KeyOrder {
  /**
   * The spec's order, strictly increasing unsigned UTF-8 bytes: what {@link VariantBuilder} and
   * this library's Parquet writer guarantee. Use it to check that a file is spec-clean.
   */
  SPEC,
  /** Any order of unique keys: how files from other engines are read. */
  ANY;

  /**
   * The indexes of object {@code object}'s fields sorted by key (unsigned UTF-8 bytes), or {@code
   * null} when they are stored in that order (the check costs O(n) integer comparisons under a
   * sorted dictionary). Renderers use it to write every object in one order, whoever wrote it.
   *
   * @throws VariantTypeException if {@code object} is not an object
   */
  public static int[] fieldsInKeyOrder(Variant object) {
    object.fieldCount(); // an object, with tables inside its data
    return FieldLookup.sortedIndexes(object);
  }

  /**
   * {@code v} itself if every object in it lists its fields in the spec's order, else a canonical
   * copy (as {@link VariantBuilder#canonicalize} makes it, over a dictionary of its own). Writers
   * call it so that what they write is in {@link #SPEC} order whoever made the value. O(1) for
   * values a {@link VariantBuilder} built from scratch; else one walk over the distinct containers,
   * O(fields) integer comparisons under a sorted dictionary.
   *
   * @throws VariantFormatException if {@code v} is malformed where the walk or the copy reads it
   * @throws VariantLimitException past {@link Limits#maxDepth()} levels, or if the re-encoding of a
   *     value out of order would expand shared sub-values past {@link Limits#maxExpansion()}
   */
  public static Variant toSpecOrder(Variant v) {
    if (v.isKnownSpecOrdered() || inSpecOrder(v)) {
      return v;
    }
    return VariantBuilder.canonicalize(v);
  }

  /** Containers a walk may visit per byte of the value before it must be sharing sub-values. */
  private static final int VISITS_PER_BYTE = 1;

  /**
   * True if every object under {@code v} is in key order. Without shared sub-values a value holds
   * fewer containers than bytes, so the walk first goes without remembering what it visited (a set
   * of positions per row took 7% of writing Variants read from Arrow batches), and only a value
   * that visits more containers than it has bytes is walked again remembering them. The first walk
   * reads in place through one cursor per level: no view is made of a field or an element.
   */
  static boolean inSpecOrder(Variant v) {
    if (!v.isObject() && !v.isArray()) {
      return true;
    }
    CursorWalk walk = new CursorWalk(VISITS_PER_BYTE * v.valueSize());
    ValueCursor root = walk.cursor(0);
    root.open(v);
    int tree = walk.inSpecOrder(root, 0);
    return tree < 0 ? inSpecOrderVisitingOnce(v) : tree == 1;
  }

  /** {@link #inSpecOrder(Variant)} visiting each distinct container once, however shared. */
  static boolean inSpecOrderVisitingOnce(Variant v) {
    return inSpecOrder(v, 0, new HashSet<>());
  }

  /** The walk of {@link #inSpecOrder(Variant)}: its cursors, one per level, and visits left. */
  private static final class CursorWalk {
    private ValueCursor[] cursors = new ValueCursor[8];
    private int visitsLeft;

    CursorWalk(int visits) {
      this.visitsLeft = visits;
    }

    ValueCursor cursor(int depth) {
      if (depth >= cursors.length) {
        cursors = Arrays.copyOf(cursors, 2 * depth);
      }
      ValueCursor c = cursors[depth];
      if (c == null) {
        c = new ValueCursor();
        cursors[depth] = c;
      }
      return c;
    }

    /**
     * 1 if every object under the container open in {@code c} is in key order, 0 if one is not, -1
     * if the walk ran out of visits (sub-values are shared).
     */
    int inSpecOrder(ValueCursor c, int depth) {
      checkDepth(depth);
      if (--visitsLeft < 0) {
        return -1;
      }
      int n = c.count();
      if (c.isObjectOpen() && !fieldsInOrder(c, n)) {
        return 0;
      }
      for (int i = 0; i < n; i++) {
        c.select(i);
        if (!c.isContainer()) {
          continue;
        }
        ValueCursor child = cursor(depth + 1);
        child.open(c);
        int tree = inSpecOrder(child, depth + 1);
        if (tree != 1) {
          return tree;
        }
      }
      return 1;
    }

    /** As {@link FieldLookup#firstUnordered} finds no field out of order, for the open object. */
    private static boolean fieldsInOrder(ValueCursor c, int n) {
      if (n < 2) {
        return true;
      }
      VariantMetadata m = c.metadata();
      boolean byIds = m.isSorted();
      int previous = c.fieldId(0);
      for (int i = 1; i < n; i++) {
        int id = c.fieldId(i);
        if (!(byIds && id > previous) && m.compareKeys(previous, id) >= 0) {
          return false;
        }
        previous = id;
      }
      return true;
    }
  }

  private static void checkDepth(int depth) {
    if (depth > Limits.defaults().maxDepth()) {
      throw new VariantLimitException(
          "Cannot check the key order of the value: nesting deeper than "
              + Limits.defaults().maxDepth()
              + " levels (Limits.maxDepth)");
    }
  }

  /**
   * True if every object under {@code v} is in key order. A container is checked once per start
   * byte ({@code checked}): the order depends on its bytes only, so offsets that share sub-values
   * cost no more than the bytes they point to.
   */
  private static boolean inSpecOrder(Variant v, int depth, Set<Integer> checked) {
    if (!v.isObject() && !v.isArray()) {
      return true;
    }
    checkDepth(depth);
    if (!checked.add(v.position())) {
      return true;
    }
    boolean object = v.isObject();
    if (object && !FieldLookup.isSorted(v)) {
      return false;
    }
    for (int i = 0, n = object ? v.fieldCount() : v.size(); i < n; i++) {
      if (!inSpecOrder(object ? v.fieldValue(i) : v.element(i), depth + 1, checked)) {
        return false;
      }
    }
    return true;
  }
}
