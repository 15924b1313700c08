package io.variant.core;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A builder's key dictionary. Two layers:
 *
 * <ul>
 *   <li>a <b>cache</b> of every key seen, kept across {@link #reset()} (rows of one builder repeat their
 *       keys): UTF-8 bytes in one arena, an 8-byte prefix for fast ordering, found by bytes or by {@code
 *       String} through open-addressing tables. A key is encoded and hashed into it once, not once per row.
 *       It is cleared when it grows past {@link #MAX_CACHED_KEYS} or {@link #MAX_ARENA_BYTES};
 *   <li>the current value's <b>provisional ids</b>, in first-seen order (seed keys first), given to a cached
 *       key through a generation stamp, so that a reset costs O(1) and a lookup no allocation.
 * </ul>
 *
 * {@link #finish()} sorts the value's keys into the final dictionary and says how provisional ids map to
 * final ones, without looking at the value. Keys are referred to by their cache index ("key").
 */
final class KeyTable {
  static final int MAX_CACHED_KEYS = 1 << 16;
  static final int MAX_ARENA_BYTES = 1 << 22;
  private static final int SEED_STAMP = Integer.MAX_VALUE; // seed keys belong to every value
  private static final int INSERTION_LIMIT = 16;

  // The cache, by key index.
  private byte[] arena = new byte[256];
  private int arenaLength;
  private int[] start = new int[16];
  private int[] length = new int[16];
  private long[] prefix = new long[16];
  private int[] stamp = new int[16];
  private int[] provisionalId = new int[16];
  private int size;
  private int[] byBytes = new int[32]; // key index + 1, or 0; open addressing on a hash of the bytes
  private String[] names = new String[32]; // the String lookups seen; open addressing on String.hashCode
  private int[] nameKey = new int[32];
  private int nameCount;

  // The current value.
  private int generation = 1;
  private int[] keyOfId = new int[16]; // provisional id -> key
  private int idCount;
  private final int seedCount;

  // finish() results and scratch.
  private int[] finalId = new int[16];
  private int[] order = new int[16];
  private int[] tmp = new int[16];

  /** A table whose provisional ids 0..n-1 are the keys of {@code seed} (may be null). */
  KeyTable(VariantMetadata seed) {
    seedCount = seed == null ? 0 : seed.size();
    addSeed(seed);
  }

  private VariantMetadata seedMetadata;

  private void addSeed(VariantMetadata seed) {
    seedMetadata = seed;
    for (int i = 0; i < seedCount; i++) {
      int k = intern(seed.buffer(), seed.keyStart(i), seed.keyLength(i));
      if (stamp[k] != SEED_STAMP) {
        stamp[k] = SEED_STAMP;
        provisionalId[k] = i; // a duplicate seed key keeps its first id
      }
      growIds(i + 1);
      keyOfId[i] = k;
    }
    idCount = seedCount;
  }

  /** Forgets the current value's keys beyond the seed; keeps the cache unless it has grown too large. */
  void reset() {
    idCount = seedCount;
    if (++generation == SEED_STAMP || size > MAX_CACHED_KEYS || arenaLength > MAX_ARENA_BYTES) {
      clearCache();
    }
  }

  private void clearCache() {
    size = 0;
    arenaLength = 0;
    Arrays.fill(byBytes, 0);
    Arrays.fill(names, null);
    nameCount = 0;
    generation = 1;
    addSeed(seedMetadata);
  }

  /** Number of provisional ids of the current value (seed keys included). */
  int idCount() {
    return idCount;
  }

  int seedCount() {
    return seedCount;
  }

  /** The key with provisional id {@code id}. */
  int keyOfId(int id) {
    return keyOfId[id];
  }

  /** The provisional id of {@code key} in the current value (it must have been {@link #use}d). */
  int idOf(int key) {
    return provisionalId[key];
  }

  /** Makes {@code key} part of the current value; returns it. */
  int use(int key) {
    if (stamp[key] != generation && stamp[key] != SEED_STAMP) {
      stamp[key] = generation;
      growIds(idCount + 1);
      provisionalId[key] = idCount;
      keyOfId[idCount++] = key;
    }
    return key;
  }

  /** The key for {@code name}, cached. */
  int intern(String name) {
    int mask = names.length - 1;
    for (int slot = mix(name.hashCode()) & mask; ; slot = (slot + 1) & mask) {
      String s = names[slot];
      if (s == null) {
        byte[] utf8 = name.getBytes(StandardCharsets.UTF_8);
        int k = intern(utf8, 0, utf8.length);
        names[slot] = name;
        nameKey[slot] = k;
        if (++nameCount * 2 > names.length) {
          rehashNames();
        }
        return k;
      }
      if (s == name || s.equals(name)) {
        return nameKey[slot];
      }
    }
  }

  /** The key for the UTF-8 bytes {@code b[off, off+len)} (not checked here), cached. */
  int intern(byte[] b, int off, int len) {
    int h = hash(b, off, len);
    int mask = byBytes.length - 1;
    for (int slot = h & mask; ; slot = (slot + 1) & mask) {
      int k = byBytes[slot] - 1;
      if (k < 0) {
        k = add(b, off, len);
        byBytes[slot] = k + 1;
        if (size * 2 > byBytes.length) {
          rehashBytes();
        }
        return k;
      }
      if (length[k] == len && Arrays.equals(arena, start[k], start[k] + len, b, off, off + len)) {
        return k;
      }
    }
  }

  private int add(byte[] b, int off, int len) {
    if (arenaLength + len > arena.length) {
      arena = Arrays.copyOf(arena, Math.max(arena.length * 2, arenaLength + len));
    }
    System.arraycopy(b, off, arena, arenaLength, len);
    int k = size++;
    if (k == start.length) {
      int n = k * 2;
      start = Arrays.copyOf(start, n);
      length = Arrays.copyOf(length, n);
      prefix = Arrays.copyOf(prefix, n);
      stamp = Arrays.copyOf(stamp, n);
      provisionalId = Arrays.copyOf(provisionalId, n);
    }
    start[k] = arenaLength;
    length[k] = len;
    long p = 0;
    for (int i = 0; i < 8; i++) {
      p = (p << 8) | (i < len ? b[off + i] & 0xFF : 0);
    }
    prefix[k] = p;
    stamp[k] = 0;
    arenaLength += len;
    return k;
  }

  private static int hash(byte[] b, int off, int len) {
    int h = len;
    for (int i = off, end = off + len; i < end; i++) {
      h = 31 * h + b[i];
    }
    return mix(h);
  }

  private static int mix(int h) {
    return h ^ (h >>> 16) ^ (h >>> 7);
  }

  private void rehashBytes() {
    int[] table = new int[byBytes.length * 2];
    int mask = table.length - 1;
    for (int k = 0; k < size; k++) {
      int slot = hash(arena, start[k], length[k]) & mask;
      while (table[slot] != 0) {
        slot = (slot + 1) & mask;
      }
      table[slot] = k + 1;
    }
    byBytes = table;
  }

  private void rehashNames() {
    String[] oldNames = names;
    int[] oldKeys = nameKey;
    names = new String[oldNames.length * 2];
    nameKey = new int[names.length];
    int mask = names.length - 1;
    for (int i = 0; i < oldNames.length; i++) {
      if (oldNames[i] != null) {
        int slot = mix(oldNames[i].hashCode()) & mask;
        while (names[slot] != null) {
          slot = (slot + 1) & mask;
        }
        names[slot] = oldNames[i];
        nameKey[slot] = oldKeys[i];
      }
    }
  }

  private void growIds(int n) {
    if (n > keyOfId.length) {
      keyOfId = Arrays.copyOf(keyOfId, Math.max(n, keyOfId.length * 2));
    }
  }

  /** Unsigned UTF-8 order of two keys; the 8-byte prefixes decide most comparisons. */
  int compare(int a, int b) {
    if (a == b) {
      return 0;
    }
    int c = Long.compareUnsigned(prefix[a], prefix[b]);
    if (c != 0 || (length[a] <= 8 && length[b] <= 8)) {
      return c != 0 ? c : length[a] - length[b];
    }
    return Arrays.compareUnsigned(arena, start[a], start[a] + length[a], arena, start[b], start[b] + length[b]);
  }

  /** The key's text, for messages. */
  String text(int key) {
    return new String(arena, start[key], length[key], StandardCharsets.UTF_8);
  }

  /**
   * Sorts {@code a[0..n)}, indexes into {@code keys}, by key; stable, so among equal keys the later stays later.
   * Insertion sort for the usual handful of fields, a merge sort beyond; no comparator object, no boxing.
   */
  void sortByKey(int[] a, int n, int[] keys) {
    if (n <= INSERTION_LIMIT) {
      insertion(a, 0, n, keys);
      return;
    }
    if (tmp.length < n) {
      tmp = new int[Math.max(n, tmp.length * 2)];
    }
    mergeSort(a, 0, n, keys);
  }

  private void insertion(int[] a, int from, int to, int[] keys) {
    for (int i = from + 1; i < to; i++) {
      int x = a[i];
      int kx = keys[x];
      int j = i - 1;
      while (j >= from && compare(keys[a[j]], kx) > 0) {
        a[j + 1] = a[j];
        j--;
      }
      a[j + 1] = x;
    }
  }

  private void mergeSort(int[] a, int from, int to, int[] keys) {
    if (to - from <= INSERTION_LIMIT) {
      insertion(a, from, to, keys);
      return;
    }
    int mid = (from + to) >>> 1;
    mergeSort(a, from, mid, keys);
    mergeSort(a, mid, to, keys);
    if (compare(keys[a[mid - 1]], keys[a[mid]]) <= 0) {
      return; // already in order
    }
    System.arraycopy(a, from, tmp, from, to - from);
    int i = from;
    int j = mid;
    for (int k = from; k < to; k++) {
      if (j >= to || (i < mid && compare(keys[tmp[i]], keys[tmp[j]]) <= 0)) {
        a[k] = tmp[i++];
      } else {
        a[k] = tmp[j++];
      }
    }
  }

  /**
   * Sorts the current value's keys into the final dictionary: {@link #finalIds()} maps each provisional id to
   * its final one.
   *
   * @return the encoded metadata (sorted, unique keys, smallest offset width), or null if the final ids equal
   *     the provisional ones and the dictionary is the seed's (nothing was added)
   */
  byte[] finish() {
    int n = idCount;
    if (order.length < n) {
      order = new int[Math.max(n, order.length * 2)];
      finalId = new int[order.length];
    }
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    sortByKey(order, n, keyOfId);
    long total = 0;
    int unique = 0;
    int prev = -1;
    for (int i = 0; i < n; i++) {
      int k = keyOfId[order[i]];
      if (prev < 0 || compare(prev, k) != 0) {
        unique++;
        total += length[k];
        prev = k;
      }
      finalId[order[i]] = unique - 1;
    }
    int offsetSize = Layout.widthFor((int) Math.min(Math.max(total, unique), Integer.MAX_VALUE));
    long bytes = 1 + (long) offsetSize * (unique + 2) + total;
    if (bytes > Limits.MAX_ARRAY_BYTES || total > 0xFFFFFFFFL) {
      throw new VariantLimitException("Cannot build metadata: " + bytes + " bytes exceeds the array limit");
    }
    byte[] out = new byte[(int) bytes];
    out[0] = (byte) Layout.metadataHeader(offsetSize, true);
    LittleEndian.write(out, 1, unique, offsetSize);
    int offsets = 1 + offsetSize;
    int data = offsets + (unique + 1) * offsetSize;
    int o = 0;
    int u = 0;
    prev = -1;
    for (int i = 0; i < n; i++) {
      int k = keyOfId[order[i]];
      if (prev < 0 || compare(prev, k) != 0) {
        LittleEndian.write(out, offsets + u++ * offsetSize, o, offsetSize);
        System.arraycopy(arena, start[k], out, data + o, length[k]);
        o += length[k];
        prev = k;
      }
    }
    LittleEndian.write(out, offsets + unique * offsetSize, o, offsetSize);
    return out;
  }

  /** After {@link #finish()}: final id by provisional id. */
  int[] finalIds() {
    return finalId;
  }

  /** Whether {@link #finish()} left every id where it was. */
  boolean identity() {
    for (int i = 0; i < idCount; i++) {
      if (finalId[i] != i) {
        return false;
      }
    }
    return true;
  }

  /** The current value's keys in provisional order, encoded unsorted (for re-encoding through a reader). */
  byte[] provisionalMetadata() {
    java.util.List<byte[]> keys = new java.util.ArrayList<>(idCount);
    for (int i = 0; i < idCount; i++) {
      int k = keyOfId[i];
      keys.add(Arrays.copyOfRange(arena, start[k], start[k] + length[k]));
    }
    return MetadataBuilder.encode(keys, false);
  }
}
