// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import io.variant.shredding.PlanText;
import java.util.HashMap;
import java.util.Map;

/**
 * Counters for one path of the sample: how many values it held, of which families, the exact
 * numeric range, and its child paths. A node of {@link PlanInference}'s tracking tree; mutable, one
 * thread.
 */
final class PathStats {
  final String path;
  final String key; // the field name for object fields; null for the root and array elements
  final int level; // objects and arrays above this path
  long present;
  final long[] families = new long[TypeFamily.values().size()];
  final ExactNumericRange numbers = new ExactNumericRange();
  final DistinctValues strings = new DistinctValues();
  long stringBytes; // encoded sizes of the string values, headers included
  long stringsRepeated; // string values containing, or contained in, a sibling string
  long trues; // boolean values that are true
  long fieldEntries; // fields summed over the objects at this path
  long objectBytes; // encoded sizes of the objects at this path, headers included
  final Map<String, PathStats> fields = new HashMap<>();
  int mapKeys; // distinct keys when MapObjects recognized this object path as a map; else 0
  PathStats element; // null until an array here has an element
  private Map<Integer, long[]> arrayLengths; // lists of each length: null until an array here

  private PathStats(String path, String key, int level) {
    this.path = path;
    this.key = key;
    this.level = level;
  }

  static PathStats root() {
    return new PathStats("$", null, 0);
  }

  /** A new child for field {@code name}; the caller registers it. */
  PathStats newField(String name) {
    return new PathStats(path + PlanText.fieldSegment(name), name, level + 1);
  }

  /** A new child for the elements of arrays at this path. */
  PathStats newElement() {
    return new PathStats(path + "[*]", null, level + 1);
  }

  /** True if this object path is a map none of whose keys is kept ({@link MapObjects}). */
  boolean keylessMap() {
    return mapKeys > 0 && fields.isEmpty();
  }

  /** Counts an array of {@code length} elements at this path. */
  void countArray(int length) {
    if (arrayLengths == null) {
      arrayLengths = new HashMap<>();
    }
    arrayLengths.computeIfAbsent(length, k -> new long[1])[0]++;
  }

  /** Shannon entropy in bits of the lengths of the arrays at this path (0 if none). */
  double lengthEntropyBits() {
    if (arrayLengths == null) {
      return 0;
    }
    long arrays = 0;
    for (long[] n : arrayLengths.values()) {
      arrays += n[0];
    }
    double h = 0;
    for (long[] n : arrayLengths.values()) {
      double p = (double) n[0] / arrays;
      h -= p * Math.log(p) / Math.log(2);
    }
    return Math.max(h, 0);
  }

  long count(TypeFamily family) {
    return families[family.ordinal()];
  }

  /** Mean count of fields of the objects at this path (0 if none). */
  double meanFields() {
    long objects = count(TypeFamily.OBJECT);
    return objects == 0 ? 0 : (double) fieldEntries / objects;
  }

  /** Mean encoded size of the objects at this path (0 if none). */
  double meanObjectBytes() {
    long objects = count(TypeFamily.OBJECT);
    return objects == 0 ? 0 : (double) objectBytes / objects;
  }

  /** The cost model's class of this path's values of {@code family}, typed as a leaf. */
  CostModel.Kind costKind(TypeFamily family) {
    if (constant(family)) {
      return CostModel.Kind.CONSTANT;
    }
    if (family.group() != TypeFamily.Group.SCALAR) {
      return CostModel.Kind.NUMBER; // exact numerics
    }
    return switch (family.scalarType().kind()) {
      case BOOLEAN -> CostModel.Kind.BOOLEAN;
      case STRING -> CostModel.stringKind(count(family), strings.count(), stringsRepeated);
      case BINARY -> CostModel.Kind.STRING;
      default -> CostModel.Kind.NUMBER;
    };
  }

  /**
   * True if this path's values of {@code family} are all one value ({@link
   * CostModel.Kind#CONSTANT}).
   */
  private boolean constant(TypeFamily family) {
    long n = count(family);
    if (family == PlanInference.STRINGS) {
      return strings.count() == 1;
    }
    if (family == PlanInference.BOOLEANS) {
      return trues == 0 || trues == n;
    }
    return family == TypeFamily.EXACT_NUMERIC && numbers.constant();
  }

  /**
   * Unicode code point order, which is the unsigned UTF-8 byte order Variant objects sort keys by.
   */
  static int compareCodePoints(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      int ca = a.codePointAt(i);
      int cb = b.codePointAt(j);
      if (ca != cb) {
        return Integer.compare(ca, cb);
      }
      i += Character.charCount(ca);
      j += Character.charCount(cb);
    }
    return Boolean.compare(i < a.length(), j < b.length());
  }
}
