// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

/**
 * Finds fields of an object by name, relying on the spec's rule that an object's field ids are in
 * unsigned UTF-8 key order: binary search for one name, one merge for a sorted list of names (of an
 * object's fields, or of a sorted dictionary's keys). Nothing is decoded or allocated.
 */
final class FieldSearch {
  private FieldSearch() {}

  /**
   * Index of the field named {@code name} in the object with header {@code h}, or -1; with {@code
   * h} null, the id of {@code name} in the sorted dictionary {@code metadata}.
   */
  static int indexOf(byte[] buf, ContainerHeader h, VariantMetadata metadata, String name) {
    return search(buf, h, metadata, name, null, 0, 0);
  }

  /**
   * Id of the key with the UTF-8 bytes {@code key[off, off + len)} in the sorted dictionary {@code
   * metadata}, or -1.
   */
  static int idOf(VariantMetadata metadata, byte[] key, int off, int len) {
    return search(null, null, metadata, null, key, off, len);
  }

  /**
   * The one binary search by key: over the fields of the object with header {@code h}, or with
   * {@code h} null over the dictionary; for {@code name}, or with {@code name} null for the bytes
   * {@code key[off, off + len)}. Each caller passes constants for what it does not use, so that
   * once this is inlined only one comparison is left.
   */
  private static int search(
      byte[] buf,
      ContainerHeader h,
      VariantMetadata metadata,
      String name,
      byte[] key,
      int off,
      int len) {
    int size = metadata.size();
    byte[] keys = metadata.buffer();
    int lo = 0;
    int hi = (h == null ? size : h.count) - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int id = h == null ? mid : h.id(buf, mid, size);
      int start = metadata.keyStart(id);
      int length = metadata.keyLength(id);
      int c =
          name != null
              ? Utf8Compare.compare(keys, start, length, name)
              : Utf8.compare(keys, start, length, key, off, len);
      if (c < 0) {
        lo = mid + 1;
      } else if (c > 0) {
        hi = mid - 1;
      } else {
        return mid;
      }
    }
    return -1;
  }

  /**
   * Index of the field with id {@code id} in the object with header {@code h}, or -1: a binary
   * search that is exact when the object's ids increase (a spec-ordered object over a sorted
   * dictionary), and never reports a wrong index otherwise.
   */
  static int indexOfId(byte[] buf, ContainerHeader h, int dictionarySize, int id) {
    int lo = 0;
    int hi = h.count - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int midId = h.id(buf, mid, dictionarySize);
      if (midId < id) {
        lo = mid + 1;
      } else if (midId > id) {
        hi = mid - 1;
      } else {
        return mid;
      }
    }
    return -1;
  }

  /** Index of the first field with id {@code id}, or -1, in any order: a linear scan. */
  static int scanForId(byte[] buf, ContainerHeader h, int dictionarySize, int id) {
    for (int i = 0; i < h.count; i++) {
      if (h.id(buf, i, dictionarySize) == id) {
        return i;
      }
    }
    return -1;
  }

  /** {@link Variant#fieldIndexes}: one merge of the object's fields with {@code sortedNames}. */
  static int indexesOf(
      byte[] buf,
      ContainerHeader h,
      VariantMetadata metadata,
      byte[][] sortedNames,
      int[] indexes) {
    int size = metadata.size();
    byte[] keys = metadata.buffer();
    int n = h.count;
    int found = 0;
    int i = 0;
    for (int j = 0; j < sortedNames.length; j++) {
      byte[] name = sortedNames[j];
      int match = -1;
      while (i < n) {
        int id = h.id(buf, i, size);
        int c =
            Utf8.compare(keys, metadata.keyStart(id), metadata.keyLength(id), name, 0, name.length);
        if (c < 0) {
          i++; // field i sorts before this name: no later name matches it either
          continue;
        }
        if (c == 0) {
          match = i++;
          found++;
        }
        break;
      }
      indexes[j] = match;
    }
    return found;
  }

  /**
   * {@link FixedDictionaryBuilder#idsOf}: one merge of the sorted dictionary {@code metadata} with
   * {@code sortedNames}; writes each name's id or -1 to {@code ids} and returns how many were
   * found.
   */
  static int idsOf(VariantMetadata metadata, byte[][] sortedNames, int[] ids) {
    byte[] keys = metadata.buffer();
    int found = 0;
    int id = 0;
    int size = metadata.size();
    for (int j = 0; j < sortedNames.length; j++) {
      byte[] name = sortedNames[j];
      int c = 1;
      while (id < size
          && (c =
                  Utf8.compare(
                      keys, metadata.keyStart(id), metadata.keyLength(id), name, 0, name.length))
              < 0) {
        id++;
      }
      if (id < size && c == 0) {
        ids[j] = id++;
        found++;
      } else {
        ids[j] = -1;
      }
    }
    return found;
  }
}
