// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import java.util.Iterator;
import java.util.Locale;

/**
 * Objects keyed by data rather than by a schema: {@code dependencies} keyed by package names,
 * {@code time} by versions, {@code metadata} by whatever its users chose. Such a map has thousands
 * of distinct keys, each in few of its objects, so almost no key pays for a column; tracked, its
 * keys would use up {@code maxTrackedPaths} and leave the fields of later rows unexamined (a file
 * of npm packages followed by Kubernetes events had no event field typed and came out 13% larger
 * than its halves converted apart).
 *
 * <p>An object path is a map once it has {@link #MIN_KEYS} distinct keys and a key is on average in
 * at most 1/{@link #KEY_RATIO} of its objects. {@link PlanInference} then keeps the keys in at
 * least that share of its objects so far (an npm {@code time} map's {@code created} and {@code
 * modified}, the most used dependencies), forgets the paths under the others and tracks no new key
 * there: the plan treats the kept keys as any fields, and the rest stay in the map's residual. A
 * wide record (hundreds of keys, most in most rows) is no map.
 */
final class MapObjects {
  /**
   * Distinct keys before an object path may be judged a map: more than the widest schemas on {@code
   * bench/sizes}' corpora hold (500), the fields of sparse row families (68) and a debugging map of
   * a few hundred keys in 20 objects (279) included.
   */
  static final int MIN_KEYS = 256;

  /**
   * Distinct keys over the mean fields per object from which the path is a map: its mean key is in
   * at most 1/32 of the objects (the npm and Stripe maps measured 270 to 4,300; sparse row families
   * 9.5, wide records 1.8). A map keeps its keys in at least that share of its objects.
   */
  static final int KEY_RATIO = 32;

  private MapObjects() {}

  /** True if {@code node}, about to get another key, now counts as a map. */
  static boolean recognized(PathStats node) {
    int keys = node.fields.size();
    return keys >= MIN_KEYS && keys >= KEY_RATIO * node.meanFields();
  }

  /**
   * Marks {@code node} a map and forgets the paths under its keys in fewer than 1/{@link
   * #KEY_RATIO} of its objects; returns how many paths it forgot.
   */
  static int forget(PathStats node) {
    node.mapKeys = node.fields.size();
    long objects = node.count(TypeFamily.OBJECT);
    int paths = 0;
    for (Iterator<PathStats> it = node.fields.values().iterator(); it.hasNext(); ) {
      PathStats child = it.next();
      if (child.present * KEY_RATIO < objects) {
        paths += 1 + below(child);
        it.remove();
      }
    }
    return paths;
  }

  private static int below(PathStats node) {
    int paths = 0;
    for (PathStats child : node.fields.values()) {
      paths += 1 + below(child);
    }
    return node.element == null ? paths : paths + 1 + below(node.element);
  }

  /** Why the plan holds {@code variant} at a map that kept no key, for the explanation. */
  static String reason(PathStats s) {
    return String.format(
        Locale.ROOT,
        "object: a map keyed by data (at least %d distinct keys, a key in at most %.1f%% of its"
            + " objects on average, none in %.1f%%): its keys are not examined and stay in its"
            + " residual",
        s.mapKeys,
        100 * s.meanFields() / s.mapKeys,
        100.0 / KEY_RATIO);
  }
}
