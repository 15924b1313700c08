package io.variant.core;

import java.util.Arrays;

/**
 * Turns the keys a builder's value used ({@link KeyTable}, provisional ids in first-seen order)
 * into its sorted, de-duplicated metadata dictionary and the map from provisional to final ids,
 * without looking at the value. Rows of one stream often use the same keys in the same order: the
 * last {@link #CACHED} key sequences are remembered with their dictionary (one shared, immutable
 * {@link VariantMetadata}) and map.
 */
final class DictionarySorter {
  static final int CACHED = 64;

  private final KeyTable table;
  private int[] order = new int[16];
  private int[] finalId = new int[16];
  private boolean identity;
  // Recent results, direct-mapped by a hash of the key sequence.
  private final int[][] cachedKeys = new int[CACHED][];
  private final int[][] cachedFinal = new int[CACHED][];
  private final VariantMetadata[] cachedMetadata = new VariantMetadata[CACHED];
  private final boolean[] cachedIdentity = new boolean[CACHED];
  private int cachedEpoch = -1;

  DictionarySorter(KeyTable table) {
    this.table = table;
  }

  /**
   * The sorted dictionary of the current value's keys; afterwards {@link #finalIds()} maps each
   * provisional id to its final one and {@link #identity()} says whether that map changes nothing.
   */
  VariantMetadata finish() {
    int n = table.idCount();
    int[] keyOfId = table.keyOfIds();
    if (cachedEpoch != table.cacheEpoch()) { // key numbers were reused: forget what they meant
      Arrays.fill(cachedKeys, null);
      cachedEpoch = table.cacheEpoch();
    }
    int h = n;
    for (int i = 0; i < n; i++) {
      h = 31 * h + keyOfId[i];
    }
    int slot = (h ^ (h >>> 16)) & (CACHED - 1);
    int[] keys = cachedKeys[slot];
    if (keys != null && keys.length == n && Arrays.equals(keys, 0, n, keyOfId, 0, n)) {
      finalId = cachedFinal[slot];
      identity = cachedIdentity[slot];
      return cachedMetadata[slot];
    }
    finalId = new int[Math.max(n, 1)]; // cached below: never written again
    VariantMetadata metadata = sortAndEncode();
    identity = true;
    for (int i = 0; i < n; i++) {
      identity &= finalId[i] == i;
    }
    cachedKeys[slot] = Arrays.copyOf(keyOfId, n);
    cachedFinal[slot] = finalId;
    cachedMetadata[slot] = metadata;
    cachedIdentity[slot] = identity;
    return metadata;
  }

  /** After {@link #finish()}: final id by provisional id. */
  int[] finalIds() {
    return finalId;
  }

  /** After {@link #finish()}: whether every id stays where it was. */
  boolean identity() {
    return identity;
  }

  private VariantMetadata sortAndEncode() {
    int n = table.idCount();
    int[] keyOfId = table.keyOfIds();
    if (order.length < n) {
      order = new int[Math.max(n, order.length * 2)];
    }
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    table.sortByKey(order, n, keyOfId);
    long total = 0;
    int unique = 0;
    int prev = -1;
    for (int i = 0; i < n; i++) {
      int k = keyOfId[order[i]];
      if (prev < 0 || table.compare(prev, k) != 0) {
        unique++;
        total += table.length(k);
        prev = k;
      }
      finalId[order[i]] = unique - 1;
    }
    MetadataWriter w = new MetadataWriter(unique, total, true);
    int written = -1;
    for (int i = 0; i < n; i++) {
      int id = finalId[order[i]]; // equal keys share a final id: write each once
      if (id != written) {
        int k = keyOfId[order[i]];
        w.key(table.arena(), table.start(k), table.length(k));
        written = id;
      }
    }
    return VariantMetadata.of(w.finish());
  }
}
