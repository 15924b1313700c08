// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.util.Arrays;

/**
 * Field lookups that stay exact when an object's fields are not in the spec's key order (see {@link
 * KeyOrder}), and the order checks behind them; {@link FieldSearch} does the searches that rely on
 * the order.
 *
 * <p>A lookup binary-searches first: a key it finds is the key asked for, whatever the order. Only
 * a miss needs the order: values a {@link VariantBuilder} made are known to be in order (and so are
 * their children); others are checked once per view ({@link Variant#keyOrderState}), cheaply when
 * the dictionary is sorted and the field ids increase (integer comparisons), else by comparing
 * adjacent keys. In a sorted object the miss stands; otherwise a linear scan decides. So
 * spec-ordered objects keep O(log n) hits and pay O(n) integer comparisons once per view for
 * misses, and no object ever reports a present key as absent.
 */
final class FieldLookup {
  /** Values of {@link Variant#keyOrderState}. */
  static final byte UNKNOWN = 0;

  static final byte SORTED = 1;
  static final byte UNSORTED = 2;

  /** Objects of at most this many fields are searched by name before the dictionary. */
  private static final int SMALL_OBJECT = 16;

  private FieldLookup() {}

  /** Index of field {@code name} of object {@code v} (header {@code h}), or -1. */
  static int indexOf(Variant v, ContainerHeader h, String name) {
    VariantMetadata m = v.metadata();
    if (m.isSorted() && v.keyOrderState() != UNSORTED) {
      // The dictionary, then integer ids: a key the dictionary lacks is in no object, so a miss
      // needs no O(n) order check; under a sorted dictionary ids sort as keys do. Small objects
      // are searched by name first (fewer key comparisons when the key is there).
      if (h.count <= SMALL_OBJECT) {
        int i = FieldSearch.indexOf(v.buf, h, m, name); // a hit is exact in any order
        if (i >= 0 || v.keyOrderState() == SORTED || v.isKnownSpecOrdered()) {
          return i;
        }
      }
      int id = m.idOf(name);
      if (id < 0) {
        return -1;
      }
      int i = FieldSearch.indexOfId(v.buf, h, m.size(), id); // a hit is exact in any order
      return i >= 0 || isSorted(v) ? i : FieldSearch.scanForId(v.buf, h, m.size(), id);
    }
    if (v.keyOrderState() != UNSORTED) {
      int i = FieldSearch.indexOf(v.buf, h, m, name); // a hit is exact in any order
      if (i >= 0 || isSorted(v)) {
        return i;
      }
    }
    int size = m.size();
    for (int i = 0; i < h.count; i++) {
      int id = h.id(v.buf, i, size);
      if (Utf8Compare.compare(m.buffer(), m.keyStart(id), m.keyLength(id), name) == 0) {
        return i;
      }
    }
    return -1;
  }

  /**
   * {@link Variant#fieldIndexes} on an object whose fields may be out of order: one merge, which is
   * exact for the names it finds; only when some name is missing from an object not in key order, a
   * linear scan per name (then found indexes need not increase with the name's position).
   */
  static int indexesOf(Variant v, ContainerHeader h, byte[][] sortedNames, int[] indexes) {
    VariantMetadata m = v.metadata();
    int found = FieldSearch.indexesOf(v.buf, h, m, sortedNames, indexes);
    if (found == sortedNames.length || isSorted(v)) {
      return found;
    }
    byte[] keys = m.buffer();
    int size = m.size();
    found = 0;
    for (int j = 0; j < sortedNames.length; j++) {
      byte[] name = sortedNames[j];
      indexes[j] = -1;
      for (int i = 0; i < h.count; i++) {
        int id = h.id(v.buf, i, size);
        if (Utf8.compare(keys, m.keyStart(id), m.keyLength(id), name, 0, name.length) == 0) {
          indexes[j] = i;
          found++;
          break;
        }
      }
    }
    return found;
  }

  /**
   * True if object {@code v}'s keys strictly increase in unsigned UTF-8 order; cached in the view.
   * Under a dictionary marked sorted, increasing ids suffice (a dictionary whose sorted flag lies
   * is malformed: {@link VariantMetadata#validate()} rejects it).
   */
  static boolean isSorted(Variant v) {
    if (v.isKnownSpecOrdered()) {
      return true;
    }
    byte state = v.keyOrderState();
    if (state == UNKNOWN) {
      state = firstUnordered(v) < 0 ? SORTED : UNSORTED;
      v.keyOrderState(state);
    }
    return state == SORTED;
  }

  /**
   * Index of the first field whose key is not after its predecessor's, or -1 if the keys strictly
   * increase.
   */
  static int firstUnordered(Variant v) {
    ContainerHeader h = v.container();
    int n = h.count;
    if (n < 2) {
      return -1;
    }
    VariantMetadata m = v.metadata();
    boolean byIds = m.isSorted();
    int size = m.size();
    int previous = h.id(v.buf, 0, size);
    for (int i = 1; i < n; i++) {
      int id = h.id(v.buf, i, size);
      // Ids that increase in a sorted dictionary are keys in order; anything else is decided by the
      // keys.
      if (!(byIds && id > previous) && m.compareKeys(previous, id) >= 0) {
        return i;
      }
      previous = id;
    }
    return -1;
  }

  /**
   * The indexes of object {@code v}'s fields in key order: {@code null} if they already are (the
   * common case, found by {@link #isSorted}). Stable: of duplicate keys (malformed) the earlier
   * field comes first.
   */
  static int[] sortedIndexes(Variant v) {
    if (isSorted(v)) {
      return null;
    }
    int n = v.fieldCount();
    VariantMetadata m = v.metadata();
    int[] ids = new int[n];
    // boxed: only objects out of order get here, and the sort is stable
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      ids[i] = v.fieldId(i);
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> m.compareKeys(ids[a], ids[b]));
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      out[i] = order[i];
    }
    return out;
  }

  /** {@link #pairing}'s answer when some key of one object is missing from the other. */
  static final int[] UNMATCHED = new int[0];

  /**
   * How two objects with the same field count pair their fields for a comparison: {@code null} when
   * both are in key order (field i pairs with field i, whose key must then be equal), else {@code
   * pair[i]} is the index in {@code b} of the field with {@code a}'s i-th key, or {@link
   * #UNMATCHED} if {@code b} lacks one.
   *
   * @throws VariantFormatException if two of {@code a}'s fields pair with one field of {@code b}:
   *     {@code a} repeats a key, and {@code {"x":1,"x":1}} would equal {@code {"x":1,"y":7}}
   */
  static int[] pairing(Variant a, Variant b) {
    if (isSorted(a) && isSorted(b)) {
      return null;
    }
    int n = a.fieldCount();
    int[] pair = new int[n];
    boolean[] taken = new boolean[n];
    for (int i = 0; i < n; i++) {
      pair[i] = b.fieldIndex(a.fieldName(i));
      if (pair[i] < 0) {
        return UNMATCHED;
      }
      if (taken[pair[i]]) {
        throw VariantFormatException.at(
            a.position(), "duplicate key %s in object", quoted(a.fieldName(i)));
      }
      taken[pair[i]] = true;
    }
    return pair;
  }

  /**
   * Checks object {@code v}'s keys for {@code rule}: duplicates are rejected under either rule,
   * keys out of the spec's order only under {@link KeyOrder#SPEC}.
   *
   * @throws VariantFormatException naming the key and the object's byte offset
   */
  static void check(Variant v, KeyOrder rule) {
    int bad = firstUnordered(v);
    if (bad < 0) {
      return;
    }
    VariantMetadata m = v.metadata();
    int[] order = sortedIndexes(v); // duplicates first: they are malformed under either rule
    for (int k = 1; k < order.length; k++) {
      int id = v.fieldId(order[k]);
      if (m.compareKeys(v.fieldId(order[k - 1]), id) == 0) {
        throw VariantFormatException.at(
            v.position(), "duplicate key %s in object", quoted(m.key(id)));
      }
    }
    if (rule == KeyOrder.SPEC) {
      throw VariantFormatException.at(
          v.position(),
          "object keys out of order at %s (KeyOrder.SPEC)",
          quoted(m.key(v.fieldId(bad))));
    }
  }

  /**
   * A key in double quotes for an error message, with what a terminal would not show escaped as
   * {@code \\uXXXX}: control characters, quotes and backslashes, private-use and unassigned code
   * points, format characters (zero-width, bidi), separators other than space, and lone surrogates.
   */
  static String quoted(String key) {
    StringBuilder b = new StringBuilder(key.length() + 2).append('"');
    for (int i = 0; i < key.length(); ) {
      int cp = key.codePointAt(i);
      int len = Character.charCount(cp);
      if (cp == '"' || cp == '\\') {
        b.append('\\').append((char) cp);
      } else if (visible(cp)) {
        b.appendCodePoint(cp);
      } else {
        for (int k = i; k < i + len; k++) {
          b.append(String.format("\\u%04X", (int) key.charAt(k)));
        }
      }
      i += len;
    }
    return b.append('"').toString();
  }

  private static boolean visible(int cp) {
    if (cp == ' ') {
      return true;
    }
    switch (Character.getType(cp)) {
      case Character.CONTROL:
      case Character.FORMAT:
      case Character.PRIVATE_USE:
      case Character.SURROGATE:
      case Character.UNASSIGNED:
      case Character.SPACE_SEPARATOR:
      case Character.LINE_SEPARATOR:
      case Character.PARAGRAPH_SEPARATOR:
        return false;
      default:
        return true;
    }
  }
}
