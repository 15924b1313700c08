// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import io.variant.core.VariantMetadata;
import java.util.Arrays;
import org.apache.parquet.io.api.Binary;

/**
 * What a column writer decided for each distinct row dictionary, found by the dictionary's bytes.
 * Rows of one shape carry byte-identical dictionaries (a JSON parser builds each row's own sorted
 * keys), so a file has few distinct ones: the decision and the {@link Binary} handed to Parquet are
 * made once per dictionary, and a row costs one hash and one comparison of its metadata bytes, with
 * no allocation.
 *
 * <p>Bounded: past {@link #MAX_ENTRIES} dictionaries or {@link #MAX_BYTES} bytes of them (rows that
 * share no shape) the cache starts over, so memory stays bounded and only speed suffers. <b>Thread
 * safety:</b> none.
 */
final class DictionaryCache {
  /** Policy, not spec: enough for event logs with hundreds of row shapes. */
  static final int MAX_ENTRIES = 4096;

  /** Policy, not spec: bytes of cached dictionaries (each kept once, plus its re-based target). */
  static final long MAX_BYTES = 8L << 20;

  /** One distinct dictionary: its private copy and what rows carrying it are written with. */
  static final class Entry {
    final VariantMetadata dictionary; // a private copy, compared with rows' metadata
    final int hash;

    /** The dictionary rows are re-based onto, or {@code null} when rows are written as they are. */
    final VariantMetadata target;

    /** The {@code metadata} column's bytes for these rows: the dictionary's, or the target's. */
    final Binary bytes;

    /**
     * True if a value over the dictionary can be put over the target by translating its field ids
     * alone (or, where an id width changes, re-encoding it without adding keys): both are sorted
     * and the decision's targets hold every key of the dictionary they are made for.
     */
    final boolean residualsTranslate;

    Entry(VariantMetadata dictionary, int hash, VariantMetadata target, boolean holdsKeys) {
      this.dictionary = dictionary;
      this.hash = hash;
      this.target = target;
      this.bytes = Binary.fromConstantByteArray((target == null ? dictionary : target).toBytes());
      this.residualsTranslate =
          holdsKeys && target != null && target.isSorted() && dictionary.isSorted();
    }
  }

  /**
   * Decides, on a cache miss, what rows carrying {@code m} are re-based onto ({@code null}:
   * nothing).
   */
  interface Decision {
    VariantMetadata targetFor(VariantMetadata m);
  }

  private final Decision decision;
  private final boolean targetsHoldKeys;
  private Entry[] table = new Entry[2 * MAX_ENTRIES]; // open addressing, load at most 1/2
  private int entries;
  private long bytes;

  /**
   * @param targetsHoldKeys whether every target {@code decision} makes holds all the keys of the
   *     dictionary it is made for (checking it per dictionary would cost as much as the target)
   */
  DictionaryCache(Decision decision, boolean targetsHoldKeys) {
    this.decision = decision;
    this.targetsHoldKeys = targetsHoldKeys;
  }

  /** The entry for dictionaries byte-identical to {@code m}, made on first sight. */
  Entry get(VariantMetadata m) {
    int hash = m.bytesHash();
    int mask = table.length - 1;
    int i = mix(hash) & mask;
    for (Entry e; (e = table[i]) != null; i = (i + 1) & mask) {
      if (e.hash == hash && e.dictionary.sameBytes(m)) {
        return e;
      }
    }
    Entry e =
        new Entry(VariantMetadata.of(m.toBytes()), hash, decision.targetFor(m), targetsHoldKeys);
    long size = e.dictionary.length() + (e.target == null ? 0 : e.target.length());
    if (entries >= MAX_ENTRIES || bytes + size > MAX_BYTES) {
      Arrays.fill(table, null);
      entries = 0;
      bytes = 0;
      i = mix(hash) & mask;
    }
    table[i] = e;
    entries++;
    bytes += size;
    return e;
  }

  private static int mix(int h) {
    return h ^ (h >>> 16);
  }
}
