package io.variant.core;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns a builder's provisional key ids (first-seen order) into a sorted, de-duplicated dictionary. Field
 * order inside objects does not change (it follows key bytes, not ids); only the id bytes do. With at most
 * 256 keys every id is one byte before and after, so ids are patched in place; beyond that the value is
 * re-encoded because id widths may change. Values a builder copied verbatim from a Variant are not known to
 * be well-formed, so then the value is re-encoded through the bounds-checked reader instead of patched.
 */
final class KeyRemapper {
  private KeyRemapper() {}

  /**
   * @param wellFormed true if every container in {@code value} was written by the builder itself; only then
   *     are ids patched in place by the unchecked {@link #patch} walk
   */
  static Variant finish(List<byte[]> keys, byte[] value, BuilderOptions options, boolean wellFormed) {
    int n = keys.size();
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    long[] prefixes = new long[n];
    for (int i = 0; i < n; i++) {
      prefixes[i] = Utf8.prefix(keys.get(i));
    }
    IndexSort.sort(order, n, (a, b) -> {
      int c = Long.compareUnsigned(prefixes[a], prefixes[b]);
      return c != 0 ? c : Utf8.compare(keys.get(a), keys.get(b));
    });
    int[] finalId = new int[n];
    List<byte[]> unique = new ArrayList<>(n);
    boolean identity = true;
    for (int i : order) {
      if (unique.isEmpty() || Utf8.compare(unique.get(unique.size() - 1), keys.get(i)) != 0) {
        unique.add(keys.get(i));
      }
      finalId[i] = unique.size() - 1;
      identity &= finalId[i] == i;
    }
    VariantMetadata metadata = VariantMetadata.of(MetadataBuilder.encode(unique, true));
    if (identity) {
      return Variant.of(metadata, value, 0, value.length);
    }
    if (n <= 256 && wellFormed) {
      patch(value, 0, finalId);
      return Variant.of(metadata, value, 0, value.length);
    }
    Variant provisional = Variant.of(VariantMetadata.of(MetadataBuilder.encode(keys, false)), value, 0, value.length);
    return VariantBuilder.withMetadata(metadata, options).appendVariant(provisional).build();
  }

  /** Rewrites the one-byte field ids of every object under {@code pos}; the value is well-formed. */
  private static void patch(byte[] b, int pos, int[] finalId) {
    int header = b[pos] & 0xFF;
    int basic = Layout.basicTypeBits(header);
    if (basic < 2) {
      return;
    }
    int vh = Layout.valueHeader(header);
    int offsetSize = (vh & 0x3) + 1;
    boolean object = basic == 2;
    boolean large = object ? (vh & Layout.OBJECT_LARGE_BIT) != 0 : (vh & Layout.ARRAY_LARGE_BIT) != 0;
    int countSize = large ? 4 : 1;
    int count = LittleEndian.readUnsigned(b, pos + 1, countSize);
    int idsAt = pos + 1 + countSize;
    int idSize = object ? ((vh >>> Layout.OBJECT_ID_SIZE_SHIFT) & 0x3) + 1 : 0;
    int offsAt = idsAt + count * idSize;
    int dataStart = offsAt + (count + 1) * offsetSize;
    for (int i = 0; i < count; i++) {
      if (object) {
        int at = idsAt + i * idSize;
        LittleEndian.write(b, at, finalId[LittleEndian.readUnsigned(b, at, idSize)], idSize);
      }
      patch(b, dataStart + LittleEndian.readUnsigned(b, offsAt + i * offsetSize, offsetSize), finalId);
    }
  }

  /** {@link Variant#translateIds}: null when the ids cannot be translated in place. */
  static Variant translate(Variant v, VariantMetadata target) {
    VariantMetadata source = v.metadata();
    if (!target.isSorted()) {
      return null;
    }
    int[] map = source.idsIn(target); // null unless every key is there, in increasing order: no duplicates
    if (map == null) {
      return null;
    }
    byte[] copy = v.valueBytes();
    WalkBudget budget = new WalkBudget("translate the ids of", copy.length);
    return translate(v, v.position(), copy, map, 0, budget) ? Variant.of(target, copy, 0, copy.length) : null;
  }

  /** Writes the translated ids of every object under {@code v} into {@code copy}; false if a width changes. */
  private static boolean translate(Variant v, int base, byte[] copy, int[] map, int depth, WalkBudget budget) {
    if (!v.isObject() && !v.isArray()) {
      return true;
    }
    budget.charge(v);
    budget.checkDepth(depth + 1, Limits.defaults().maxDepth()); // as many levels as a builder may open
    if (v.isArray()) {
      for (int i = 0, n = v.size(); i < n; i++) {
        if (!translate(v.element(i), base, copy, map, depth + 1, budget)) {
          return false;
        }
      }
      return true;
    }
    int n = v.fieldCount();
    int idSize = v.idSize();
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
    int idsAt = v.idsStart() - base; // where the id table sits in the copy
    for (int i = 0; i < n; i++) {
      LittleEndian.write(copy, idsAt + i * idSize, map[v.fieldId(i)], idSize);
      if (!translate(v.fieldValue(i), base, copy, map, depth + 1, budget)) {
        return false;
      }
    }
    return true;
  }
}
