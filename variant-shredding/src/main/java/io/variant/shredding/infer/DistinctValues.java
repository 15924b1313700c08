package io.variant.shredding.infer;

import java.util.HashSet;
import java.util.Set;

/**
 * Counts distinct string values at one path up to {@value #CAP}, by a 64-bit hash of their text:
 * enough to tell a column that Parquet's dictionary encoding turns into small indexes (a few
 * hundred values: types, states, countries) from one of unique values (ids, texts), which it
 * cannot. Bounded memory: at most {@value #CAP} hashes per path.
 */
final class DistinctValues {
  /** Past this many distinct values a column counts as high-cardinality. */
  static final int CAP = 1024;

  private Set<Long> hashes; // null until the first value: most paths are never strings
  private boolean saturated;

  void add(String s) {
    if (saturated) {
      return;
    }
    if (hashes == null) {
      hashes = new HashSet<>();
    }
    long h = 1125899906842597L;
    for (int i = 0; i < s.length(); i++) {
      h = 31 * h + s.charAt(i);
    }
    hashes.add(h ^ ((long) s.length() << 48));
    if (hashes.size() > CAP) {
      saturated = true;
      hashes = null;
    }
  }

  /** Distinct values seen, or {@link #CAP} + 1 once past the cap. */
  int count() {
    return saturated ? CAP + 1 : hashes == null ? 0 : hashes.size();
  }
}
