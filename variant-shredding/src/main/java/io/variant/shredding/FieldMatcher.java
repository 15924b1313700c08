// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import io.variant.core.ValueCursor;
import io.variant.core.VariantFormatException;
import io.variant.core.VariantMetadata;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Finds which fields of an object the plan shreds by field id instead of by comparing key bytes:
 * for each distinct row dictionary it builds, once, a table per object slot from field id to the
 * position of that key among the slot's sorted names. Rows of one shape carry byte-identical
 * dictionaries, so a row then costs one hash of its metadata bytes, and an object one table lookup
 * per field (a key comparison merge per object before: {@code Variant.fieldIndexes} was 28% of a
 * split).
 *
 * <p>Bounded: past {@link #MAX_DICTIONARIES} distinct dictionaries the cache starts over. <b>Thread
 * safety:</b> none; one per {@link Splitter}.
 */
final class FieldMatcher {
  /** Policy, not spec: distinct row dictionaries remembered. */
  static final int MAX_DICTIONARIES = 1024;

  private final byte[][][] slotNames; // per object slot: its distinct UTF-8 names, sorted
  private final Entry[] table = new Entry[2 * MAX_DICTIONARIES];
  private int entries;
  // hashes of dictionaries met once; 0 = free
  private final int[] seenOnce = new int[2 * MAX_DICTIONARIES];
  private int seenCount;
  private VariantMetadata last;
  private int[][] lastTables;

  private record Entry(VariantMetadata dictionary, int hash, int[][] tables) {}

  /**
   * @param slotNames per object slot (numbered from 0), its distinct names as sorted UTF-8
   */
  FieldMatcher(List<byte[][]> slotNames) {
    this.slotNames = slotNames.toArray(new byte[0][][]);
  }

  /** True if the plan has object slots at all (else there is nothing to match). */
  boolean hasSlots() {
    return slotNames.length > 0;
  }

  /**
   * Per object slot, field id of {@code m} -> position among the slot's sorted names, or -1; {@code
   * null} the first time a dictionary is met: a dictionary no other row repeats (rows whose key
   * sets all differ) is not worth decoding, so the caller then matches by key bytes.
   */
  int[][] tables(VariantMetadata m) {
    if (m == last && lastTables != null) {
      return lastTables; // a first sight is not remembered here: the same object again is a repeat
    }
    int hash = m.bytesHash();
    int mask = table.length - 1;
    int i = (hash ^ (hash >>> 16)) & mask;
    Entry e;
    while ((e = table[i]) != null && !(e.hash == hash && e.dictionary.sameBytes(m))) {
      i = (i + 1) & mask;
    }
    if (e == null && firstSight(hash)) {
      last = m;
      lastTables = null;
      return null;
    }
    if (e == null) {
      if (entries >= MAX_DICTIONARIES) {
        Arrays.fill(table, null);
        entries = 0;
        i = (hash ^ (hash >>> 16)) & mask;
      }
      e = new Entry(VariantMetadata.of(m.toBytes()), hash, build(m));
      table[i] = e;
      entries++;
    }
    last = m;
    lastTables = e.tables;
    return e.tables;
  }

  /**
   * Records {@code hash} as seen; true if it was not seen before (or was forgotten when the set
   * filled up).
   */
  private boolean firstSight(int hash) {
    int h = hash == 0 ? 1 : hash;
    int mask = seenOnce.length - 1;
    int i = (h ^ (h >>> 16)) & mask;
    for (int x; (x = seenOnce[i]) != 0; i = (i + 1) & mask) {
      if (x == h) {
        return false;
      }
    }
    if (seenCount >= MAX_DICTIONARIES) {
      Arrays.fill(seenOnce, 0);
      seenCount = 0;
      i = (h ^ (h >>> 16)) & mask;
    }
    seenOnce[i] = h;
    seenCount++;
    return true;
  }

  private int[][] build(VariantMetadata m) {
    int n = m.size();
    byte[][] keys = new byte[n][];
    for (int id = 0; id < n; id++) {
      try {
        keys[id] = m.key(id).getBytes(StandardCharsets.UTF_8);
      } catch (VariantFormatException | IndexOutOfBoundsException e) {
        keys[id] = null; // malformed bytes never equal a plan name, which is valid UTF-8
      }
    }
    int[][] out = new int[slotNames.length][];
    for (int s = 0; s < slotNames.length; s++) {
      int[] t = new int[n];
      for (int id = 0; id < n; id++) {
        t[id] =
            keys[id] == null
                ? -1
                : Math.max(
                    -1, Arrays.binarySearch(slotNames[s], keys[id], Arrays::compareUnsigned));
      }
      out[s] = t;
    }
    return out;
  }

  /**
   * Writes to {@code found[p]} the index of the field of the object open in {@code object} whose
   * key is the slot's sorted name {@code p}, or -1, and to {@code shredded} the found fields'
   * indexes in increasing order; returns how many were found. A key that appears twice (malformed)
   * matches its first field.
   */
  static int match(
      ValueCursor object, int fieldCount, int[] idToName, int[] found, int[] shredded) {
    Arrays.fill(found, -1);
    int present = 0;
    for (int i = 0; i < fieldCount; i++) {
      int p = idToName[object.fieldId(i)];
      if (p >= 0 && found[p] < 0) {
        found[p] = i;
        shredded[present++] = i;
      }
    }
    return present;
  }
}
