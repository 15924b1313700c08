package io.variant.core;

import java.lang.ref.WeakReference;

/**
 * {@link FixedDictionaryBuilder}'s checks of copied values, remembering the ones that passed: a
 * Parquet reader hands a residual that comes from a dictionary page as the same {@code byte[]} on
 * every row that uses the entry, so a rebuild that checks residuals (a FULL read) checked the same
 * bytes once per row. A value's validity depends only on its bytes ({@code buf} from {@code pos} up
 * to {@code limit}), on the dictionary its objects index (for a scalar, on nothing else) and on the
 * nesting left; a success is therefore reused for the same array object, range and dictionary
 * object with at least as much nesting left. Failures are never remembered: they throw, and are
 * checked again (with the same message) each time.
 *
 * <p><b>Contract:</b> the bytes of a value given to the builder must not change afterwards (a
 * {@link Variant} is immutable and wraps its array without copying; the Parquet reader's arrays are
 * copies it never writes to), and neither do a {@link VariantMetadata}'s.
 *
 * <p>Memory is bounded: {@link #SETS} sets of {@link #WAYS} entries, each holding its array weakly
 * (a cache must not keep a reader's pages alive) and its dictionary strongly (as the builder holds
 * the dictionary of the value it builds). 4096 sets: a FULL read of the inferred 20,000-row event
 * log checks residual containers about 95,000 times, 11,000 distinct ones; 256 sets found 5% of the
 * checks, 4096 sets 82% (86% is all there is: the rest are first sightings). Every value checked
 * takes its set's newest way; waiting for a second sighting first lost a third of the hits.
 */
final class CopyChecks {
  static final int SETS = 4096; // a power of two
  static final int WAYS = 2;
  // a scalar this short is checked again each time: that costs less than a look-up
  static final int CHECK_SCALARS_UP_TO = 16;

  /** A value found valid with {@code maxDepth} levels left; {@code dictionary} null for scalars. */
  private static final class Entry extends WeakReference<byte[]> {
    final VariantMetadata dictionary;
    final int pos;
    final int limit;
    int maxDepth;

    Entry(byte[] buf, VariantMetadata dictionary, int pos, int limit, int maxDepth) {
      super(buf);
      this.dictionary = dictionary;
      this.pos = pos;
      this.limit = limit;
      this.maxDepth = maxDepth;
    }
  }

  private final Entry[] entries = new Entry[SETS * WAYS]; // set s is entries[s*WAYS ..]
  private final VariantValidator checker;

  CopyChecks(VariantValidator checker) {
    this.checker = checker;
  }

  /**
   * Checks {@code v}, a value over {@code dictionary}'s bytes, as {@link
   * VariantValidator#checkAnew} does, unless the same value was found valid before.
   *
   * @throws VariantFormatException as {@code checkAnew} does
   */
  void check(Variant v, VariantMetadata dictionary, int maxDepth) {
    if (maxDepth < 0) {
      checker.checkAnew(v, maxDepth); // throws: too deep
      return;
    }
    boolean container = v.isObject() || v.isArray();
    if (!container && v.valueSize() <= CHECK_SCALARS_UP_TO) {
      VariantValidator.checkScalar(v); // what checkAnew does after the depth and the size
      return;
    }
    VariantMetadata dict = container ? dictionary : null;
    byte[] buf = v.buf;
    int pos = v.pos;
    int limit = v.limit;
    int hash = hash(buf, pos, limit);
    int set = hash & (SETS - 1);
    int first = set * WAYS;
    for (int w = first; w < first + WAYS; w++) {
      Entry e = entries[w];
      if (e != null && e.pos == pos && e.limit == limit && e.dictionary == dict && e.get() == buf) {
        if (e.maxDepth <= maxDepth) {
          return;
        }
        checker.checkAnew(v, maxDepth);
        e.maxDepth = maxDepth; // valid with less room too
        return;
      }
    }
    checker.checkAnew(v, maxDepth);
    for (int w = first + WAYS - 1; w > first; w--) { // the oldest way is dropped
      entries[w] = entries[w - 1];
    }
    entries[first] = new Entry(buf, dict, pos, limit, container ? maxDepth : 0);
  }

  private static int hash(byte[] buf, int pos, int limit) {
    int h = System.identityHashCode(buf) * 0x9E3779B9 + pos * 31 + limit;
    return h ^ (h >>> 16);
  }

  /** Entries held (for tests: the memory stays bounded). */
  int size() {
    int n = 0;
    for (Entry e : entries) {
      n += e != null ? 1 : 0;
    }
    return n;
  }
}
