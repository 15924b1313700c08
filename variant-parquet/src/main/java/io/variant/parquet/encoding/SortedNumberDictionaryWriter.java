// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.encoding;

import java.util.Arrays;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.dictionary.DictionaryValuesWriter;
import org.apache.parquet.column.values.dictionary.IntList;
import org.apache.parquet.column.values.plain.PlainValuesWriter;

/**
 * parquet-java's dictionary encoding of INT32 or INT64 values ({@code
 * PlainIntegerDictionaryValuesWriter}, {@code PlainLongDictionaryValuesWriter}: the same ids as
 * long as no page has ended, the same fallback and limits), except that when a column chunk's first
 * page ends where values repeat, its entries are renumbered in ascending order, and the page's ids
 * with them, as {@link BinaryDictionaryWriter#sortedByKey} does for strings. A reader looks entries
 * up by id, so the values read are the same. Sorted, a dictionary page of ids in a range (an event
 * log's user ids: 4,000 of them between 1,000 and 4,999) holds small steps instead of random
 * numbers, which its compression nearly removes.
 *
 * <p><b>Thread safety:</b> none, as every values writer.
 */
public final class SortedNumberDictionaryWriter extends DictionaryValuesWriter {
  private static final long K = 0x9E3779B97F4A7C15L; // 2^64 / golden ratio, odd
  private final boolean wide; // INT64, else INT32
  private long[] keys = new long[32]; // by id
  private int size;
  private int[] table = new int[64]; // open addressing: id + 1, 0 = free; load at most 1/2

  private SortedNumberDictionaryWriter(
      boolean wide,
      int maxDictionaryByteSize,
      Encoding encodingForDataPage,
      Encoding encodingForDictionaryPage,
      ByteBufferAllocator allocator) {
    super(maxDictionaryByteSize, encodingForDataPage, encodingForDictionaryPage, allocator);
    this.wide = wide;
  }

  /** A dictionary of INT32 values, as {@code PlainIntegerDictionaryValuesWriter}'s constructor. */
  public static SortedNumberDictionaryWriter ofInts(
      int maxDictionaryByteSize,
      Encoding encodingForDataPage,
      Encoding encodingForDictionaryPage,
      ByteBufferAllocator allocator) {
    return new SortedNumberDictionaryWriter(
        false, maxDictionaryByteSize, encodingForDataPage, encodingForDictionaryPage, allocator);
  }

  /** A dictionary of INT64 values, as {@code PlainLongDictionaryValuesWriter}'s constructor. */
  public static SortedNumberDictionaryWriter ofLongs(
      int maxDictionaryByteSize,
      Encoding encodingForDataPage,
      Encoding encodingForDictionaryPage,
      ByteBufferAllocator allocator) {
    return new SortedNumberDictionaryWriter(
        true, maxDictionaryByteSize, encodingForDataPage, encodingForDictionaryPage, allocator);
  }

  @Override
  public void writeInteger(int v) {
    encodedValues.add(lookUp(v));
  }

  @Override
  public void writeLong(long v) {
    encodedValues.add(lookUp(v));
  }

  /** The id of {@code v}, added to the dictionary if new. */
  private int lookUp(long v) {
    int mask = table.length - 1;
    int i = slot(v, mask);
    for (int e; (e = table[i]) != 0; i = (i + 1) & mask) {
      if (keys[e - 1] == v) {
        return e - 1;
      }
    }
    int id = size;
    if (id == keys.length) {
      keys = Arrays.copyOf(keys, 2 * id);
    }
    keys[id] = v;
    table[i] = id + 1;
    size = id + 1;
    dictionaryByteSize += wide ? 8 : 4;
    if (2 * size > table.length) {
      grow();
    }
    return id;
  }

  private static int slot(long v, int mask) {
    long h = v * K;
    return (int) (h ^ (h >>> 32)) & mask;
  }

  private void grow() {
    table = new int[2 * table.length];
    int mask = table.length - 1;
    for (int id = 0; id < size; id++) {
      int i = slot(keys[id], mask);
      while (table[i] != 0) {
        i = (i + 1) & mask;
      }
      table[i] = id + 1;
    }
  }

  @Override
  public BytesInput getBytes() {
    // where values repeat: a dictionary of (nearly) only new values is dropped unweighed
    if (lastUsedDictionarySize == 0 && size > 1 && 64L * size < 63L * encodedValues.size()) {
      sortEntries();
    }
    return super.getBytes();
  }

  /** Renumbers the entries in ascending order, and the ids written so far. */
  private void sortEntries() {
    long[] sorted = Arrays.copyOf(keys, size);
    Arrays.sort(sorted);
    int[] renumbered = new int[size];
    for (int id = 0; id < size; id++) {
      renumbered[lookUpExisting(sorted[id])] = id;
    }
    System.arraycopy(sorted, 0, keys, 0, size);
    Arrays.fill(table, 0);
    int mask = table.length - 1;
    for (int id = 0; id < size; id++) {
      int i = slot(keys[id], mask);
      while (table[i] != 0) {
        i = (i + 1) & mask;
      }
      table[i] = id + 1;
    }
    IntList ids = new IntList();
    for (IntList.IntIterator written = encodedValues.iterator(); written.hasNext(); ) {
      ids.add(renumbered[written.next()]);
    }
    encodedValues = ids;
  }

  /** The id of {@code v}, which is in the dictionary. */
  private int lookUpExisting(long v) {
    int mask = table.length - 1;
    int i = slot(v, mask);
    while (keys[table[i] - 1] != v) {
      i = (i + 1) & mask;
    }
    return table[i] - 1;
  }

  @Override
  public int getDictionarySize() {
    return size;
  }

  @Override
  protected void clearDictionaryContent() {
    Arrays.fill(table, 0);
    size = 0;
  }

  /** As parquet-java's: the entries that pages written so far use, in id order. */
  @Override
  public DictionaryPage toDictPageAndClose() {
    if (lastUsedDictionarySize == 0) {
      return null;
    }
    PlainValuesWriter page =
        new PlainValuesWriter(lastUsedDictionaryByteSize, maxDictionaryByteSize, allocator);
    for (int id = 0; id < lastUsedDictionarySize; id++) {
      if (wide) {
        page.writeLong(keys[id]);
      } else {
        page.writeInteger((int) keys[id]);
      }
    }
    return dictPage(page);
  }

  /** As parquet-java's: every value written, by its entry, to {@code writer}. */
  @Override
  public void fallBackDictionaryEncodedData(ValuesWriter writer) {
    for (IntList.IntIterator values = encodedValues.iterator(); values.hasNext(); ) {
      long v = keys[values.next()];
      if (wide) {
        writer.writeLong(v);
      } else {
        writer.writeInteger((int) v);
      }
    }
  }
}
