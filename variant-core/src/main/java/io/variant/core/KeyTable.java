// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A builder's key dictionary. Two layers:
 *
 * <ul>
 *   <li>a <b>cache</b> of every key seen, kept across {@link #reset()} (rows of one builder repeat
 *       their keys): UTF-8 bytes in one arena, an 8-byte prefix for fast ordering, found by bytes
 *       or by {@code String} through open-addressing tables ({@link KeyBytes} hashes and compares
 *       the bytes, {@link NameIndex} finds Strings). A key is encoded and hashed into it once, not
 *       once per row. It is cleared when it grows past {@link #MAX_CACHED_KEYS} or {@link
 *       #MAX_ARENA_BYTES};
 *   <li>the current value's <b>provisional ids</b>, in first-seen order (seed keys first), given to
 *       a cached key through a generation stamp, so that a reset costs O(1) and a lookup no
 *       allocation.
 * </ul>
 *
 * {@link DictionarySorter} turns the value's keys into its sorted dictionary. Keys are referred to
 * by their cache index ("key").
 */
final class KeyTable {
  static final int MAX_CACHED_KEYS = 1 << 16;
  static final int MAX_ARENA_BYTES = 1 << 22;
  private static final int SEED_STAMP = Integer.MAX_VALUE; // seed keys belong to every value
  private static final int MAX_SUCCESSORS = 1 << 12;

  // The cache, by key index.
  private byte[] arena = new byte[256];
  private int arenaLength;
  private int[] start = new int[16];
  private int[] length = new int[16];
  private long[] prefix = new long[16];
  private int[] stamp = new int[16];
  private int[] provisionalId = new int[16];
  // position among the cached keys in key order, or -1 until ranked
  private int[] rank = new int[16];
  private boolean[] plain = new boolean[16]; // no '"', '\\' or control byte: JSON writes it as is
  // The key that followed the last two keys last time (key + 1, or 0), direct-mapped by a hash of
  // the two: two keys of context tell "id" under "actor" from "id" under "repo".
  // Sized with the cache (a builder made for one small value stays small); growing forgets.
  private int[] successor = new int[64];
  private int previous = -1; // the last key looked up in the current value
  private int beforePrevious = -1; // the one before it
  private int size;
  private int unranked; // keys added since the last ranking
  private int resetsSinceRanking;
  // key index + 1, or 0; open addressing on a hash of the bytes
  private int[] byBytes = new int[32];
  private final NameIndex names = new NameIndex(); // the String lookups seen

  // The current value.
  private int generation = 1;
  private int cacheEpoch;
  private int[] keyOfId = new int[16]; // provisional id -> key
  private int idCount;
  private final int seedCount;

  private final KeySort sorter = new KeySort(this);

  /** A table whose provisional ids 0..n-1 are the keys of {@code seed} (may be null). */
  KeyTable(VariantMetadata seed) {
    seedCount = seed == null ? 0 : seed.size();
    addSeed(seed);
  }

  private VariantMetadata seedMetadata;

  private void addSeed(VariantMetadata seed) {
    seedMetadata = seed;
    for (int i = 0; i < seedCount; i++) {
      int k = lookup(seed.buffer(), seed.keyStart(i), seed.keyLength(i));
      if (stamp[k] != SEED_STAMP) {
        stamp[k] = SEED_STAMP;
        provisionalId[k] = i; // a duplicate seed key keeps its first id
      }
      growIds(i + 1);
      keyOfId[i] = k;
    }
    idCount = seedCount;
  }

  /**
   * Forgets the current value's keys beyond the seed; keeps the cache unless it has grown too
   * large. Ranks new keys once in a while: after a few rows a stream's keys are all cached and
   * ranked, and sorting compares two ints; re-ranking O(n log n) every n/64 resets keeps a stream
   * of ever-new keys cheap.
   */
  void reset() {
    idCount = seedCount;
    previous = -1;
    beforePrevious = -1;
    if (++generation == SEED_STAMP || size > MAX_CACHED_KEYS || arenaLength > MAX_ARENA_BYTES) {
      clearCache();
    }
    resetsSinceRanking++;
    if (unranked > 0 && resetsSinceRanking * 64L >= size) {
      rankAll();
    }
  }

  /** Gives every cached key its rank in key order. */
  private void rankAll() {
    int n = size;
    int[] all = new int[n];
    for (int i = 0; i < n; i++) {
      all[i] = i;
      rank[i] = -1;
    }
    int[] identity = all.clone();
    sortByKey(all, n, identity);
    for (int i = 0; i < n; i++) {
      rank[all[i]] = i;
    }
    unranked = 0;
    resetsSinceRanking = 0;
  }

  private void clearCache() {
    cacheEpoch++;
    size = 0;
    Arrays.fill(successor, 0);
    previous = -1;
    beforePrevious = -1;
    unranked = 0;
    arenaLength = 0;
    Arrays.fill(byBytes, 0);
    names.clear();
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

  /** The key of each provisional id (the first {@link #idCount()} entries count); do not modify. */
  int[] keyOfIds() {
    return keyOfId;
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
    int k = names.get(name);
    if (k < 0) {
      byte[] utf8 = Utf8.encode(name);
      k = intern(utf8, 0, utf8.length);
      names.put(name, k);
    }
    return k;
  }

  /**
   * The key for the UTF-8 bytes {@code b[off, off+len)}, cached; bytes are checked when first seen
   * (a cached key's bytes were checked then).
   *
   * @throws VariantFormatException at {@code off} if they are not valid UTF-8
   */
  int intern(byte[] b, int off, int len) {
    // Rows of one stream repeat their keys in the same order: try the key that followed the same
    // two keys last time.
    int slot = successorSlot();
    int guess = successor[slot] - 1;
    int k;
    if (guess >= 0
        && length[guess] == len
        && KeyBytes.sameBytes(arena, start[guess], b, off, len)) {
      k = guess;
    } else {
      k = lookup(b, off, len);
      successor[slot] = k + 1;
    }
    beforePrevious = previous;
    previous = k;
    return k;
  }

  /**
   * The key {@link #intern(byte[], int, int)} predicts next (the one that followed the same two
   * keys last time) if its bytes, all plain (no quote, backslash or control byte), start {@code
   * b[off, limit)} and are followed there by a quote: then it is taken as that call would take it,
   * without the caller scanning for the quote; else -1, and nothing changes.
   */
  int internQuoted(byte[] b, int off, int limit) {
    int guess = successor[successorSlot()] - 1;
    if (guess < 0 || !plain[guess]) {
      return -1;
    }
    int len = length[guess];
    if (off + len >= limit
        || b[off + len] != '"'
        || !KeyBytes.sameBytes(arena, start[guess], b, off, len)) {
      return -1;
    }
    beforePrevious = previous;
    previous = guess;
    return guess;
  }

  private int successorSlot() {
    int h = (previous * 0x9E3779B9) ^ (beforePrevious * 0x85EBCA6B);
    return (h ^ (h >>> 15)) & (successor.length - 1);
  }

  private int lookup(byte[] b, int off, int len) {
    int h = KeyBytes.hash(b, off, len);
    int mask = byBytes.length - 1;
    for (int slot = h & mask; ; slot = (slot + 1) & mask) {
      int k = byBytes[slot] - 1;
      if (k < 0) {
        Utf8.check(b, off, len, off);
        k = add(b, off, len);
        byBytes[slot] = k + 1;
        if (size * 2 > byBytes.length) {
          rehashBytes();
        }
        return k;
      }
      if (length[k] == len && KeyBytes.sameBytes(arena, start[k], b, off, len)) {
        return k;
      }
    }
  }

  private int add(byte[] b, int off, int len) {
    if (arenaLength + len + Long.BYTES > arena.length) { // slack for sameBytes' word reads
      arena = Arrays.copyOf(arena, Math.max(arena.length * 2, arenaLength + len + Long.BYTES));
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
      rank = Arrays.copyOf(rank, n);
      plain = Arrays.copyOf(plain, n);
    }
    rank[k] = -1;
    plain[k] = KeyBytes.isPlain(b, off, len);
    if (size * 4 > successor.length && successor.length < MAX_SUCCESSORS) {
      successor = new int[successor.length * 2];
    }
    unranked++;
    start[k] = arenaLength;
    length[k] = len;
    prefix[k] = KeyBytes.prefix(b, off, len);
    stamp[k] = 0;
    arenaLength += len;
    return k;
  }

  private void rehashBytes() {
    int[] table = new int[byBytes.length * 2];
    int mask = table.length - 1;
    for (int k = 0; k < size; k++) {
      int slot = KeyBytes.hash(arena, start[k], length[k]) & mask;
      while (table[slot] != 0) {
        slot = (slot + 1) & mask;
      }
      table[slot] = k + 1;
    }
    byBytes = table;
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
    int ra = rank[a];
    int rb = rank[b];
    if ((ra | rb) >= 0) {
      return ra - rb;
    }
    int c = Long.compareUnsigned(prefix[a], prefix[b]);
    if (c != 0 || (length[a] <= 8 && length[b] <= 8)) {
      return c != 0 ? c : length[a] - length[b];
    }
    return Arrays.compareUnsigned(
        arena, start[a], start[a] + length[a], arena, start[b], start[b] + length[b]);
  }

  /** {@code key}'s position among the cached keys in key order, or -1 if not ranked yet. */
  int rank(int key) {
    return rank[key];
  }

  /** Number of cached keys (ranks are below this). */
  int cachedKeys() {
    return size;
  }

  /** Start of {@code key}'s bytes in {@link #arena()}. */
  int start(int key) {
    return start[key];
  }

  int length(int key) {
    return length[key];
  }

  byte[] arena() {
    return arena;
  }

  /** Changes each time the cache is cleared (key numbers are reused then). */
  int cacheEpoch() {
    return cacheEpoch;
  }

  /** The key's text, for messages. */
  String text(int key) {
    return new String(arena, start[key], length[key], StandardCharsets.UTF_8);
  }

  /** Sorts {@code a[0..n)}, indexes into {@code keys}, by key (stable); see {@link KeySort}. */
  void sortByKey(int[] a, int n, int[] keys) {
    sorter.sort(a, n, keys);
  }

  /**
   * The current value's keys in provisional order, encoded unsorted (for re-encoding through a
   * reader).
   */
  byte[] provisionalMetadata() {
    List<byte[]> keys = new ArrayList<>(idCount);
    for (int i = 0; i < idCount; i++) {
      int k = keyOfId[i];
      keys.add(Arrays.copyOfRange(arena, start[k], start[k] + length[k]));
    }
    return MetadataBuilder.encode(keys, false);
  }
}
