// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * A view over Variant metadata: the dictionary of object keys. spec: VariantEncoding §Metadata
 * encoding
 *
 * <p><b>Validation:</b> the factory checks the header, the version and that the offset table fits
 * the buffer (O(1)); each key's offsets and UTF-8 are checked when the key is read; {@link
 * #validate()} checks everything. <b>Thread safety:</b> safe to share. Decoded keys and the lookup
 * map of unsorted dictionaries are cached lazily; the caches are idempotent, so a race only repeats
 * work.
 */
public final class VariantMetadata {
  /** The empty dictionary, {@code 01 00 00}. */
  public static final VariantMetadata EMPTY = of(new byte[] {0x01, 0x00, 0x00});

  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private final byte[] buf;
  // validate() passed: a reader that validates every row checks a dictionary shared by many rows
  // (Parquet's dictionary-encoded metadata column) once. Idempotent, so a race only repeats work.
  private boolean valid;
  private final int start;
  private final int end; // exclusive, the computed length of the metadata
  private final int given; // the bytes the caller gave: more than end - start when bytes trail it
  private final int size;
  private final int offsetSize;
  private final boolean sorted;
  private final int offsetsStart;
  private final int bytesStart;
  private String[] keyCache;
  private int hash; // bytesHash(), 0 until computed
  // volatile: a HashMap must be published safely to other threads
  private volatile Map<String, Integer> lookup;

  private VariantMetadata(byte[] buf, int start, int limit) {
    if (buf == null) {
      throw new NullPointerException("metadata bytes are null");
    }
    if (start < 0 || limit > buf.length || start > limit) {
      throw new IllegalArgumentException(
          "range [" + start + ", " + limit + ") outside buffer of " + buf.length);
    }
    this.buf = buf;
    this.start = start;
    this.given = limit - start;
    if (limit - start < 1) {
      throw VariantFormatException.at(start, "metadata is empty, expected at least a header byte");
    }
    int header = buf[start] & 0xFF;
    int version = header & Layout.METADATA_VERSION_MASK;
    if (version != Layout.METADATA_VERSION) {
      throw VariantFormatException.at(
          start, "metadata version %d, expected %d", version, Layout.METADATA_VERSION);
    }
    this.sorted = (header & Layout.METADATA_SORTED_BIT) != 0;
    this.offsetSize = (header >>> Layout.METADATA_OFFSET_SIZE_SHIFT) + 1;
    this.offsetsStart = start + 1 + offsetSize;
    if (offsetsStart > limit) {
      throw VariantFormatException.at(
          start + 1,
          "metadata dictionary size needs %d bytes, found %d",
          offsetSize,
          limit - start - 1);
    }
    long n = LittleEndian.readUnsigned(buf, start + 1, offsetSize) & 0xFFFFFFFFL;
    if (n == 0 && offsetsStart == limit) {
      // Tolerated abbreviation "01 00" (spec errata): no offset_0.
      this.size = 0;
      this.bytesStart = limit;
      this.end = limit;
      return;
    }
    long tableEnd = offsetsStart + (n + 1) * offsetSize;
    if (tableEnd > limit) {
      throw VariantFormatException.at(
          start + 1,
          "metadata dictionary size %d needs offsets up to byte %d, buffer ends at %d",
          n,
          tableEnd,
          limit);
    }
    this.size = (int) n;
    this.bytesStart = (int) tableEnd;
    long last = rawOffset(size);
    if (bytesStart + last > limit) {
      throw VariantFormatException.at(
          offsetsStart + (long) size * offsetSize,
          "metadata strings end at byte %d, buffer ends at %d",
          bytesStart + last,
          limit);
    }
    this.end = (int) (bytesStart + last);
  }

  /** Wraps the whole array without copying. */
  public static VariantMetadata of(byte[] metadata) {
    return new VariantMetadata(metadata, 0, metadata == null ? 0 : metadata.length);
  }

  /**
   * Wraps {@code length} bytes from {@code offset} without copying; trailing bytes after the
   * dictionary are ignored.
   */
  public static VariantMetadata of(byte[] buffer, int offset, int length) {
    return new VariantMetadata(buffer, offset, offset + length);
  }

  /**
   * The encoded length of the metadata that starts at {@code offset}: {@code 1 + offset_size * (n +
   * 2) + offset[n]}. The draft layout uses it to split {@code metadata ‖ value}.
   */
  public static int encodedLength(byte[] buffer, int offset, int length) {
    VariantMetadata m = new VariantMetadata(buffer, offset, offset + length);
    return m.end - m.start;
  }

  /** Number of strings in the dictionary. */
  public int size() {
    return size;
  }

  /** True if the header's sorted_strings bit is set (strings unique and in unsigned byte order). */
  public boolean isSorted() {
    return sorted;
  }

  /** Length of the encoded metadata in bytes. */
  public int length() {
    return end - start;
  }

  /**
   * The bytes this metadata was given: more than {@link #length()} when bytes trail the dictionary.
   */
  public int bytesGiven() {
    return given;
  }

  /** A copy of exactly the encoded metadata bytes. */
  public byte[] toBytes() {
    return Arrays.copyOfRange(buf, start, end);
  }

  byte[] buffer() {
    return buf;
  }

  /** True if both encode byte-identical dictionaries. O(length). */
  public boolean sameBytes(VariantMetadata other) {
    return other == this || Arrays.equals(buf, start, end, other.buf, other.start, other.end);
  }

  /**
   * A hash of the encoded bytes, consistent with {@link #sameBytes}: byte-identical dictionaries
   * hash alike. Lets writers and splitters cache per-dictionary decisions without copying the
   * bytes. O(1): it mixes the length with at most eight 8-byte words spread over the bytes (the
   * header and first offsets, where dictionaries of different key sets already differ, the last
   * bytes and evenly spaced ones), so callers confirm a match with {@link #sameBytes}.
   */
  public int bytesHash() {
    // a reader hands one object to every row of a dictionary entry, and a rebuild hashes each
    // row's: kept once computed (a benign race, every thread computes the same; 0 is recomputed)
    int h = hash;
    if (h == 0) {
      h = computeBytesHash();
      hash = h;
    }
    return h;
  }

  private int computeBytesHash() {
    int len = end - start;
    long h = len * 0x9E3779B97F4A7C15L;
    if (len < 8) {
      for (int i = start; i < end; i++) {
        h = (h ^ buf[i]) * 0x9E3779B97F4A7C15L;
      }
    } else {
      for (int k = 0; k < 8; k++) {
        // evenly spaced from the first word to the last, which ends at the last byte (a rounded
        // down step stopped up to 6 bytes short of it)
        int at = start + (int) ((long) (len - 8) * k / 7);
        h = (h ^ (long) LONGS.get(buf, at)) * 0x9E3779B97F4A7C15L;
      }
    }
    return (int) (h ^ (h >>> 32));
  }

  /** Start of key {@code id}'s bytes in {@link #buffer()}; checks bounds and monotonic offsets. */
  int keyStart(int id) {
    checkId(id);
    long o = offset(id);
    requireOrdered(id, o, offset(id + 1));
    return (int) (bytesStart + o);
  }

  /** Fails unless key {@code id}'s offset {@code o} is at or before the next one, {@code next}. */
  private void requireOrdered(int id, long o, long next) {
    if (o > next) {
      throw VariantFormatException.at(
          offsetsStart + (long) id * offsetSize,
          "metadata offset %d of key %d is after the next offset %d",
          o,
          id,
          next);
    }
  }

  /** Length in bytes of key {@code id}. */
  int keyLength(int id) {
    return (int) (offset(id + 1) - offset(id));
  }

  private long offset(int i) {
    long o = rawOffset(i);
    if (bytesStart + o > end) {
      throw VariantFormatException.at(
          offsetsStart + (long) i * offsetSize,
          "metadata offset %d points past the strings (%d bytes)",
          o,
          end - bytesStart);
    }
    return o;
  }

  /** Offset {@code i} of the table as stored (unsigned), before any bounds check. */
  private long rawOffset(int i) {
    return LittleEndian.readUnsigned(buf, offsetsStart + i * offsetSize, offsetSize) & 0xFFFFFFFFL;
  }

  private void checkId(int id) {
    if (id < 0 || id >= size) {
      outsideDictionary(id);
    }
  }

  /** Throws for an id outside [0, size); typed int so that {@link #key} can call it in an index. */
  private int outsideDictionary(int id) {
    throw new IndexOutOfBoundsException("key id " + id + " outside dictionary of " + size);
  }

  /**
   * Key {@code id}, decoded.
   *
   * @throws IndexOutOfBoundsException if {@code id} is not in [0, size)
   * @throws VariantFormatException if its offsets or UTF-8 are malformed
   */
  public String key(int id) {
    String[] cache = keyCache;
    if (cache == null) {
      cache = new String[size];
      keyCache = cache;
    }
    String k = cache[id < 0 || id >= size ? outsideDictionary(id) : id];
    if (k == null) {
      int s = keyStart(id);
      k = Utf8.decode(buf, s, keyLength(id), s);
      cache[id] = k;
    }
    return k;
  }

  /**
   * Id of {@code key}, or -1 if absent. O(log n) on sorted dictionaries; unsorted ones build a map
   * once.
   */
  public int idOf(String key) {
    if (sorted) {
      return FieldSearch.indexOf(null, null, this, key);
    }
    Map<String, Integer> m = lookup;
    if (m == null) {
      m = new HashMap<>(size * 2);
      for (int i = size - 1; i >= 0; i--) {
        m.put(key(i), i); // first occurrence wins: duplicates are legal in unsorted dictionaries
      }
      lookup = m;
    }
    Integer id = m.get(key);
    return id == null ? -1 : id;
  }

  /**
   * For each key of this dictionary, the id of the same key in {@code target}; {@code null} if one
   * is missing, or if this dictionary's keys are not strictly increasing (so duplicates never map
   * to one id). {@code target} must be sorted. A merge reading each of its offsets once, or a
   * binary search per key when {@code target} is much larger: O(min(n + m, n log m)) key
   * comparisons.
   */
  int[] idsIn(VariantMetadata target) {
    int[] ids = new int[size];
    if (target.size > 4 * size) {
      for (int id = 0; id < size; id++) {
        ids[id] = FieldSearch.idOf(target, buf, keyStart(id), keyLength(id));
        if (ids[id] < 0 || (id > 0 && ids[id] <= ids[id - 1])) {
          return null;
        }
      }
      return ids;
    }
    // a merge of the two sorted lists, one offset read per target key (it runs per row when a
    // writer puts rows over its file's dictionary); each target key's offsets are checked as
    // keyStart checks them, so a malformed target fails alike whichever way its ids are looked up
    int t = 0;
    long tStart = target.size == 0 ? 0 : target.offset(0);
    long tEnd = target.size == 0 ? 0 : target.offset(1);
    if (target.size > 0) {
      target.requireOrdered(0, tStart, tEnd);
    }
    for (int id = 0; id < size; id++) {
      int s = keyStart(id);
      int len = keyLength(id);
      int c = -1;
      while (t < target.size
          && (c =
                  Utf8.compare(
                      target.buf,
                      (int) (target.bytesStart + tStart),
                      (int) (tEnd - tStart),
                      buf,
                      s,
                      len))
              < 0) {
        if (++t < target.size) {
          tStart = tEnd;
          tEnd = target.offset(t + 1);
          target.requireOrdered(t, tStart, tEnd);
        }
      }
      if (c != 0) {
        return null; // missing from target
      }
      ids[id] = t;
      if (++t < target.size) {
        tStart = tEnd;
        tEnd = target.offset(t + 1);
        target.requireOrdered(t, tStart, tEnd);
      }
    }
    return ids;
  }

  /** Compares key {@code a} and key {@code b} as unsigned UTF-8 bytes. */
  int compareKeys(int a, int b) {
    return Utf8.compare(buf, keyStart(a), keyLength(a), buf, keyStart(b), keyLength(b));
  }

  /**
   * Checks the whole dictionary: offsets start at 0 and never decrease, every string is UTF-8, and
   * a sorted dictionary is strictly increasing. O(total bytes).
   *
   * @throws VariantFormatException naming the first problem and its byte offset
   */
  public void validate() {
    if (valid || size == 0 && bytesStart == offsetsStart) { // "01 00" has no offset_0
      return;
    }
    if (offset(0) != 0) { // an empty dictionary too has its offset_0
      throw VariantFormatException.at(
          offsetsStart, "metadata offset_0 is %d, expected 0", offset(0));
    }
    for (int i = 0; i < size; i++) {
      int s = keyStart(i);
      Utf8.check(buf, s, keyLength(i), s);
      if (sorted && i > 0 && compareKeys(i - 1, i) >= 0) {
        throw VariantFormatException.at(
            s, "metadata is marked sorted but key %d is not after key %d", i, i - 1);
      }
    }
    valid = true;
  }

  @Override
  public String toString() {
    StringBuilder sb =
        new StringBuilder("VariantMetadata{sorted=").append(sorted).append(", keys=[");
    for (int i = 0; i < size; i++) {
      sb.append(i == 0 ? "" : ", ").append(key(i));
    }
    return sb.append("]}").toString();
  }
}
