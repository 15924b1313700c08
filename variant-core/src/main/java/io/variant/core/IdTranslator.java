// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

/**
 * {@link Variant#translateIds}: puts a value over another dictionary by rewriting its field ids in
 * a copy of its bytes, without re-encoding. Kept out of the reader class: it is a writer's
 * operation.
 */
final class IdTranslator {
  private IdTranslator() {}

  /** {@link Variant#translateIds}: null when the ids cannot be translated in place. */
  static Variant translate(Variant v, VariantMetadata target) {
    VariantMetadata source = v.metadata();
    if (!target.isSorted()) {
      return null;
    }
    // null unless every key is there, in increasing order: no duplicates
    int[] map = source.idsIn(target);
    if (map == null) {
      return null;
    }
    byte[] copy = v.valueBytes();
    WalkBudget budget = new WalkBudget("translate the ids of", copy.length);
    return translate(v, v.position(), copy, map, 0, budget)
        ? Variant.of(target, copy, 0, copy.length)
        : null;
  }

  /**
   * Writes the translated ids of every object under {@code v} into {@code copy}; false if a width
   * changes.
   */
  private static boolean translate(
      Variant v, int base, byte[] copy, int[] map, int depth, WalkBudget budget) {
    if (!v.isObject() && !v.isArray()) {
      return true;
    }
    budget.charge(v);
    budget.checkDepth(
        depth + 1, Limits.defaults().maxDepth()); // as many levels as a builder may open
    if (v.isArray()) {
      for (int i = 0, n = v.size(); i < n; i++) {
        if (!translate(v.element(i), base, copy, map, depth + 1, budget)) {
          return false;
        }
      }
      return true;
    }
    ContainerHeader h = v.container();
    int n = h.count;
    int idSize = h.idSize;
    int maxId = -1;
    for (int i = 0; i < n; i++) {
      int id = map[v.fieldId(i)];
      if (id <= maxId) {
        return false; // fields out of key order (another writer's): re-encoding sorts them
      }
      maxId = id;
    }
    if (n > 0 && Layout.widthFor(maxId) != idSize) {
      return false; // re-encoding picks the width the new ids need
    }
    int idsAt = h.idsStart - base; // where the id table sits in the copy
    for (int i = 0; i < n; i++) {
      LittleEndian.write(copy, idsAt + i * idSize, map[v.fieldId(i)], idSize);
      if (!translate(v.fieldValue(i), base, copy, map, depth + 1, budget)) {
        return false;
      }
    }
    return true;
  }
}
