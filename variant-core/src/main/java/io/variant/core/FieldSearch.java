package io.variant.core;

/**
 * Finds fields of an object by name, relying on the spec's rule that an object's field ids are in
 * unsigned UTF-8 key order: binary search for one name, one merge for a sorted list of names.
 * Nothing is decoded or allocated.
 */
final class FieldSearch {
  private FieldSearch() {}

  /** Index of the field named {@code name} in the object with header {@code h}, or -1. */
  static int indexOf(byte[] buf, ContainerHeader h, VariantMetadata metadata, String name) {
    int size = metadata.size();
    byte[] keys = metadata.buffer();
    int lo = 0;
    int hi = h.count - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int id = h.id(buf, mid, size);
      int c = Utf8Compare.compare(keys, metadata.keyStart(id), metadata.keyLength(id), name);
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
}
