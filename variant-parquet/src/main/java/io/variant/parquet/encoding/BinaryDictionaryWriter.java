// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.encoding;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.dictionary.DictionaryValuesWriter;
import org.apache.parquet.column.values.dictionary.IntList;
import org.apache.parquet.io.api.Binary;

/**
 * parquet-java's dictionary encoder for BINARY columns ({@code PlainBinaryDictionaryValuesWriter})
 * with a cheaper lookup, writing the same bytes: ids are given in the same order, the dictionary
 * page lists the same entries in id order, and the fallback writes the same values ({@link
 * #sortedByKey} renumbers a first page's entries in the order of their bytes instead). Profiles of
 * the writer's hot path were mostly that lookup: {@code Binary.hashCode} reads a byte per step and
 * {@code Binary.equals} compares a byte per step, over every row's {@code metadata} (a few distinct
 * values, each hit on every row), every typed string, and {@code value} bytes while the dictionary
 * lasts. Here values are hashed eight bytes per step and compared with {@link Arrays#equals(byte[],
 * int, int, byte[], int, int)} (vectorized); the {@link Binary} instance written last, when
 * constant, is recognised by identity (the writer hands a row shape's metadata over as one shared
 * constant Binary).
 *
 * <p>The entries live here only, by id: parquet-java's own map ({@code binaryDictionaryContent},
 * left empty) hashed every new entry byte by byte once more, which was a fifth of a short convert's
 * writing while high-cardinality columns filled their dictionaries before falling back. The methods
 * that read that map (the page, the fallback, the size, the reset) read the entries instead.
 *
 * <p><b>Thread safety:</b> none, as every values writer.
 */
public final class BinaryDictionaryWriter
    extends DictionaryValuesWriter.PlainBinaryDictionaryValuesWriter {
  private static final VarHandle LONG_LE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT_LE =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long K = 0x9E3779B97F4A7C15L; // 2^64 / golden ratio, odd

  private int[] table = new int[64]; // open addressing: id + 1, 0 = free; load at most 1/2
  private int[] tableHashes = new int[64];
  private byte[][] keys = new byte[32][]; // by id: the entry's bytes (the map's key wraps them)
  private int size;
  private final Bytes bytes = new Bytes();
  private Binary last; // the constant value written last, and its id
  private int lastId;
  private final FirstPageProbe probe; // null: the first page is judged at its end only
  private final boolean sortsFirstPage;

  /** As {@code PlainBinaryDictionaryValuesWriter}'s constructor. */
  public BinaryDictionaryWriter(
      int maxDictionaryByteSize,
      Encoding encodingForDataPage,
      Encoding encodingForDictionaryPage,
      ByteBufferAllocator allocator) {
    this(
        maxDictionaryByteSize,
        encodingForDataPage,
        encodingForDictionaryPage,
        allocator,
        null,
        false);
  }

  private BinaryDictionaryWriter(
      int maxDictionaryByteSize,
      Encoding encodingForDataPage,
      Encoding encodingForDictionaryPage,
      ByteBufferAllocator allocator,
      FirstPageProbe probe,
      boolean sortsFirstPage) {
    super(maxDictionaryByteSize, encodingForDataPage, encodingForDictionaryPage, allocator);
    this.probe = probe;
    this.sortsFirstPage = sortsFirstPage;
  }

  /**
   * As the constructor's, except that when a column chunk's first page ends, its entries are
   * renumbered in the unsigned order of their bytes, and the page's ids with them; entries that
   * later pages add follow in the order they come. A reader looks entries up by id, so the values
   * read are the same. The dictionary page then lists neighbours that share prefixes side by side,
   * which the page's compression finds: event logs' e-mail addresses 10.1 KB -> 2.5 KB, tweets'
   * names 51 KB -> 44 KB (ZSTD). Not parquet-java's bytes, so not for the columns that keep
   * parquet-java's choice.
   */
  public static BinaryDictionaryWriter sortedByKey(
      int maxDictionaryByteSize,
      Encoding encodingForDataPage,
      Encoding encodingForDictionaryPage,
      ByteBufferAllocator allocator) {
    return new BinaryDictionaryWriter(
        maxDictionaryByteSize,
        encodingForDataPage,
        encodingForDictionaryPage,
        allocator,
        null,
        true);
  }

  /**
   * As the constructor's, except that the dictionary falls back before its first page ends once the
   * values so far show that it cannot pay ({@link FirstPageProbe}): the same bytes whenever
   * parquet-java's test at the page's end would have failed too, without hashing and copying the
   * rest of the page into a dictionary that is then thrown away.
   */
  public static BinaryDictionaryWriter judgingEarly(
      int maxDictionaryByteSize,
      Encoding encodingForDataPage,
      Encoding encodingForDictionaryPage,
      ByteBufferAllocator allocator) {
    return new BinaryDictionaryWriter(
        maxDictionaryByteSize,
        encodingForDataPage,
        encodingForDictionaryPage,
        allocator,
        new FirstPageProbe(),
        false);
  }

  /**
   * {@link #judgingEarly} and {@link #sortedByKey} at once: for residual {@code value} columns,
   * whose dictionaries mostly give up early and, where they are kept, list Variant values that
   * share their leading bytes (a header, field ids) with their neighbours once sorted.
   */
  public static BinaryDictionaryWriter judgingEarlySortedByKey(
      int maxDictionaryByteSize,
      Encoding encodingForDataPage,
      Encoding encodingForDictionaryPage,
      ByteBufferAllocator allocator) {
    return new BinaryDictionaryWriter(
        maxDictionaryByteSize,
        encodingForDataPage,
        encodingForDictionaryPage,
        allocator,
        new FirstPageProbe(),
        true);
  }

  @Override
  public boolean shouldFallBack() {
    return super.shouldFallBack()
        || (probe != null
            && lastUsedDictionarySize == 0
            && probe.dictionaryLoses(size, dictionaryByteSize));
  }

  @Override
  public void writeBytes(Binary v) {
    if (probe != null) {
      probe.add(4L + v.length()); // PLAIN: a 4-byte length, then the bytes
    }
    if (v == last) {
      encodedValues.add(lastId);
      return;
    }
    try {
      // every Binary hands over its array and range, copying only when it has none
      v.writeTo(bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // Bytes throws nothing
    }
    byte[] a = bytes.array;
    int from = bytes.from;
    int length = bytes.length;
    bytes.array = null;
    if (a == null) { // not reached by parquet-java's Binary kinds; kept for any other
      a = v.getBytes();
      from = 0;
      length = a.length;
    }
    int id = lookUp(a, from, length);
    encodedValues.add(id);
    if (!v.isBackingBytesReused()) {
      last = v; // a constant Binary's bytes never change
      lastId = id;
    }
  }

  /**
   * Receives a {@link Binary}'s bytes from {@link Binary#writeTo(OutputStream)} as the array and
   * range it holds, with no copy: {@code toByteBuffer()} made a wrapper per value that escape
   * analysis did not remove.
   */
  private static final class Bytes extends OutputStream {
    byte[] array;
    int from;
    int length;

    @Override
    public void write(byte[] b, int off, int len) {
      array = b;
      from = off;
      length = len;
    }

    @Override
    public void write(int b) {
      throw new UnsupportedOperationException("a Binary writes its bytes as one range");
    }
  }

  /** The id of {@code a[from, from + length)}, added to the dictionary if new. */
  private int lookUp(byte[] a, int from, int length) {
    int h = hash(a, from, length);
    int mask = table.length - 1;
    int i = h & mask;
    for (int e; (e = table[i]) != 0; i = (i + 1) & mask) {
      if (tableHashes[i] == h) {
        byte[] k = keys[e - 1];
        if (Arrays.equals(k, 0, k.length, a, from, from + length)) {
          return e - 1;
        }
      }
    }
    int id = size;
    byte[] copy = Arrays.copyOfRange(a, from, from + length);
    dictionaryByteSize += 4L + length;
    if (id == keys.length) {
      keys = Arrays.copyOf(keys, 2 * id);
    }
    keys[id] = copy;
    table[i] = id + 1;
    tableHashes[i] = h;
    size = id + 1;
    if (2 * size > table.length) {
      grow();
    }
    return id;
  }

  private void grow() {
    int[] oldTable = table;
    int[] oldHashes = tableHashes;
    table = new int[2 * oldTable.length];
    tableHashes = new int[table.length];
    int mask = table.length - 1;
    for (int j = 0; j < oldTable.length; j++) {
      if (oldTable[j] != 0) {
        int i = oldHashes[j] & mask;
        while (table[i] != 0) {
          i = (i + 1) & mask;
        }
        table[i] = oldTable[j];
        tableHashes[i] = oldHashes[j];
      }
    }
  }

  /**
   * Eight bytes per step; the tail is read as one word. Only equal bytes need equal hashes here (no
   * other code sees these), so the function is free to differ from {@code Binary.hashCode}.
   */
  static int hash(byte[] a, int from, int length) {
    long h = length * K;
    int i = from;
    int end = from + length;
    for (; i + 8 <= end; i += 8) {
      h = Long.rotateLeft((h ^ (long) LONG_LE.get(a, i)) * K, 29);
    }
    long tail = 0;
    for (int shift = 0; i < end; i++, shift += 8) {
      tail |= (a[i] & 0xFFL) << shift;
    }
    h = (h ^ tail) * K;
    return (int) (h ^ (h >>> 32));
  }

  @Override
  protected void clearDictionaryContent() {
    Arrays.fill(table, 0);
    Arrays.fill(keys, 0, size, null);
    size = 0;
    last = null;
    if (probe != null) {
      probe.reset();
    }
  }

  @Override
  public int getDictionarySize() {
    return size;
  }

  @Override
  public BytesInput getBytes() {
    // only where values repeat: a dictionary of (nearly) only new values is dropped unweighed
    // (SmallestEncodingWriter), and sorting thousands of long strings for it cost 5% of a write
    if (sortsFirstPage
        && lastUsedDictionarySize == 0
        && size > 1
        && FirstPageProbe.valuesRepeat(size, encodedValues.size())) {
      sortEntries();
    }
    return super.getBytes();
  }

  /** Renumbers the entries in the unsigned order of their bytes, and the ids written so far. */
  private void sortEntries() {
    byte[][] sorted = Arrays.copyOf(keys, keys.length);
    // the entries themselves, not boxed ids: sorting was a twentieth of writing an event log
    Arrays.sort(sorted, 0, size, Arrays::compareUnsigned);
    int[] slots = new int[size]; // of each entry by its new id, found while the table is old
    int[] renumbered = new int[size];
    for (int id = 0; id < size; id++) {
      slots[id] = slotOf(sorted[id]);
      renumbered[table[slots[id]] - 1] = id;
    }
    for (int id = 0; id < size; id++) {
      table[slots[id]] = id + 1;
    }
    keys = sorted;
    lastId = last == null ? lastId : renumbered[lastId];
    IntList ids = new IntList();
    for (IntList.IntIterator written = encodedValues.iterator(); written.hasNext(); ) {
      ids.add(renumbered[written.next()]);
    }
    encodedValues = ids;
  }

  /** The table slot of entry {@code k}, which is in the table (found by identity). */
  private int slotOf(byte[] k) {
    int mask = table.length - 1;
    int i = hash(k, 0, k.length) & mask;
    while (keys[table[i] - 1] != k) {
      i = (i + 1) & mask;
    }
    return i;
  }

  /** As parquet-java's: the entries that pages written so far use, in id order. */
  @Override
  public DictionaryPage toDictPageAndClose() {
    if (lastUsedDictionarySize == 0) {
      return null;
    }
    // PLAIN written straight into one array of the page's size: through a PlainValuesWriter the
    // entries were copied into its slabs, wrapped, and copied out again
    long pageBytes = 0;
    for (int id = 0; id < lastUsedDictionarySize; id++) {
      pageBytes += 4L + keys[id].length;
    }
    byte[] page = new byte[Math.toIntExact(pageBytes)];
    int at = 0;
    for (int id = 0; id < lastUsedDictionarySize; id++) {
      byte[] k = keys[id];
      INT_LE.set(page, at, k.length);
      System.arraycopy(k, 0, page, at + 4, k.length);
      at += 4 + k.length;
    }
    return new DictionaryPage(
        BytesInput.from(page), lastUsedDictionarySize, encodingForDictionaryPage);
  }

  /** As parquet-java's: every value written, by its entry, to {@code writer}. */
  @Override
  public void fallBackDictionaryEncodedData(ValuesWriter writer) {
    Binary[] entries = new Binary[size];
    for (int id = 0; id < size; id++) {
      entries[id] = Binary.fromConstantByteArray(keys[id]);
    }
    IntList.IntIterator values = encodedValues.iterator();
    while (values.hasNext()) {
      writer.writeBytes(entries[values.next()]);
    }
  }
}
