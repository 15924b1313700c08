// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.math.BigDecimal;
import java.time.temporal.ChronoUnit;

/**
 * The two comparisons the spec leaves to implementations:
 *
 * <ul>
 *   <li><b>logical</b>: values compare by equivalence class. Exact numerics (int8 to int64,
 *       decimals) compare by value ({@code 1 == 1.00}); timestamps by instant at the finer unit
 *       (micros vs nanos); short and long strings by text; objects as key→value maps; arrays
 *       element by element. Float and double compare bit-exactly after NaN canonicalisation, so
 *       {@code -0.0 != 0.0}.
 *   <li><b>physical</b>: logical, and every primitive has the same type id; short and long strings
 *       still count as the same type.
 * </ul>
 *
 * Neither looks at widths, offsets, value layout or which dictionary ids encode the keys.
 */
public final class VariantEquality {
  private VariantEquality() {}

  /**
   * Logical equality (see the class comment). O(encoded size of both values).
   *
   * @throws VariantFormatException if either value is malformed where the comparison reads it
   * @throws VariantLimitException if either value nests deeper than {@link Limits#maxDepth()} or
   *     its offsets share sub-values so that comparing would take more than {@link
   *     Limits#maxExpansion()} times their encoded size in work (default limits)
   */
  public static boolean logical(Variant a, Variant b) {
    return logical(a, b, Limits.defaults());
  }

  /** {@link #logical(Variant, Variant)} with explicit depth and expansion limits. */
  public static boolean logical(Variant a, Variant b, Limits limits) {
    return equal(a, b, false, budget("compare", a, b, limits), limits.maxDepth());
  }

  /**
   * Physical equality: logical equality plus identical primitive type ids. Throws as {@link
   * #logical}.
   */
  public static boolean physical(Variant a, Variant b) {
    return physical(a, b, Limits.defaults());
  }

  /** {@link #physical(Variant, Variant)} with explicit depth and expansion limits. */
  public static boolean physical(Variant a, Variant b, Limits limits) {
    return equal(a, b, true, budget("compare", a, b, limits), limits.maxDepth());
  }

  private static WalkBudget budget(String action, Variant a, Variant b, Limits limits) {
    return new WalkBudget(action, (long) a.valueSize() + (b == null ? 0 : b.valueSize()), limits);
  }

  /**
   * Compares two trees with an explicit stack rather than recursion: at {@link Limits#maxDepth()}
   * levels a recursive comparison needed up to ~770 bytes of stack per level before JIT
   * compilation, too close to a default 1 MiB thread stack.
   */
  private static boolean equal(
      Variant a, Variant b, boolean physical, WalkBudget budget, int maxDepth) {
    Frame top = null;
    int depth = 0;
    while (true) {
      budget.checkDepth(depth, maxDepth);
      budget.charge(a);
      budget.charge(b);
      VariantType ta = a.type();
      VariantType tb = b.type();
      if (ta.equivalenceClass() != tb.equivalenceClass() || (physical && ta != tb)) {
        return false;
      }
      if (ta == VariantType.OBJECT || ta == VariantType.ARRAY) {
        boolean object = ta == VariantType.OBJECT;
        int n = object ? a.fieldCount() : a.size();
        if (n != (object ? b.fieldCount() : b.size())) {
          return false;
        }
        if (n > 0) {
          // fields out of key order pair by name
          int[] pair = object ? FieldLookup.pairing(a, b) : null;
          if (pair == FieldLookup.UNMATCHED) {
            return false;
          }
          top = new Frame(a, b, object, n, pair, top);
          depth++;
        }
      } else if (!scalarsEqual(a, ta, b, tb)) {
        return false;
      }
      // Next pair: the next child of the innermost unfinished container.
      while (top != null && top.next == top.count) {
        top = top.parent;
        depth--;
      }
      if (top == null) {
        return true;
      }
      int i = top.next++;
      if (top.object && top.pair != null) {
        a = top.a.fieldValue(i); // pairing() matched the keys
        b = top.b.fieldValue(top.pair[i]);
      } else if (top.object) {
        // Both objects list fields in key order, so keys pair up by index.
        if (!top.a.fieldName(i).equals(top.b.fieldName(i))) {
          return false;
        }
        a = top.a.fieldValue(i);
        b = top.b.fieldValue(i);
      } else {
        a = top.a.element(i);
        b = top.b.element(i);
      }
    }
  }

  /** One open container pair of {@link #equal}. */
  private static final class Frame {
    final Variant a;
    final Variant b;
    final boolean object;
    final int count;
    final int[] pair; // objects out of key order: b's index of a's i-th key; null: by index
    final Frame parent;
    int next;

    Frame(Variant a, Variant b, boolean object, int count, int[] pair, Frame parent) {
      this.a = a;
      this.b = b;
      this.object = object;
      this.count = count;
      this.pair = pair;
      this.parent = parent;
    }
  }

  private static boolean scalarsEqual(Variant a, VariantType ta, Variant b, VariantType tb) {
    return switch (ta.equivalenceClass()) { // exhaustive: a new class stops the build here
      case NULL -> true;
      case BOOLEAN -> ta == tb;
      case EXACT_NUMERIC -> a.decimalValue().compareTo(b.decimalValue()) == 0;
      case DOUBLE ->
          Double.doubleToLongBits(a.doubleValue()) == Double.doubleToLongBits(b.doubleValue());
      case FLOAT -> Float.floatToIntBits(a.floatValue()) == Float.floatToIntBits(b.floatValue());
      case DATE -> a.epochDay() == b.epochDay();
      case TIMESTAMP, TIMESTAMP_NTZ -> nanosExact(a, ta).compareTo(nanosExact(b, tb)) == 0;
      case TIME_NTZ -> a.temporalValue() == b.temporalValue();
      case BINARY -> a.binaryBuffer().equals(b.binaryBuffer());
      case STRING -> a.stringUtf8().equals(b.stringUtf8());
      case UUID -> a.uuidValue().equals(b.uuidValue());
      case OBJECT, ARRAY -> throw new AssertionError(ta); // containers: equal() walks them
    };
  }

  /** Nanoseconds since the epoch as an exact BigDecimal (micros × 1000 may not fit a long). */
  private static BigDecimal nanosExact(Variant v, VariantType t) {
    BigDecimal raw = BigDecimal.valueOf(v.temporalValue());
    return t.temporalUnit() == ChronoUnit.NANOS ? raw : raw.scaleByPowerOfTen(3);
  }

  /** A hash consistent with {@link #logical}. O(encoded size); throws as {@link #logical}. */
  public static int logicalHash(Variant v) {
    return logicalHash(v, Limits.defaults());
  }

  /** {@link #logicalHash(Variant)} with explicit depth and expansion limits. */
  public static int logicalHash(Variant v, Limits limits) {
    return hash(v, budget("hash", v, null, limits), 0, limits.maxDepth());
  }

  private static int hash(Variant v, WalkBudget budget, int depth, int maxDepth) {
    budget.checkDepth(depth, maxDepth);
    budget.charge(v);
    VariantType t = v.type();
    if (t == VariantType.OBJECT) {
      int h = 1;
      int[] order =
          FieldLookup.sortedIndexes(
              v); // in key order whatever the stored order; null: stored in order
      for (int k = 0, n = v.fieldCount(); k < n; k++) {
        int i = order == null ? k : order[k];
        h =
            31 * h
                + (v.fieldName(i).hashCode() ^ hash(v.fieldValue(i), budget, depth + 1, maxDepth));
      }
      return h;
    }
    if (t == VariantType.ARRAY) {
      int h = 2;
      for (int i = 0, n = v.size(); i < n; i++) {
        h = 31 * h + hash(v.element(i), budget, depth + 1, maxDepth);
      }
      return h;
    }
    return scalarHash(v, t); // kept out of the recursive frame, as in equal()
  }

  private static int scalarHash(Variant v, VariantType t) {
    return switch (t.equivalenceClass()) { // exhaustive: a new class stops the build here
      case NULL -> 0;
      case BOOLEAN -> t == VariantType.BOOLEAN_TRUE ? 1231 : 1237;
      case EXACT_NUMERIC -> {
        BigDecimal d = v.decimalValue();
        yield d.signum() == 0 ? 0 : d.stripTrailingZeros().hashCode();
      }
      case DOUBLE -> Double.hashCode(v.doubleValue());
      case FLOAT -> Float.hashCode(v.floatValue()) * 31;
      case DATE -> v.epochDay();
      case TIMESTAMP, TIMESTAMP_NTZ ->
          nanosExact(v, t).stripTrailingZeros().hashCode() * 7 + t.equivalenceClass().ordinal();
      case TIME_NTZ -> Long.hashCode(v.temporalValue()) * 17;
      case BINARY -> v.binaryBuffer().hashCode() * 3;
      case STRING -> v.stringUtf8().hashCode();
      case UUID -> v.uuidValue().hashCode();
      case OBJECT, ARRAY -> throw new AssertionError(t); // containers: hash() recurses
    };
  }
}
