// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.parquet.encoding.DictionaryPages;
import io.variant.parquet.encoding.HandMadePages;
import io.variant.shredding.RebuildOptions;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PrimitiveIterator;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.BytesUtils;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridEncoder;
import org.apache.parquet.schema.MessageType;

/**
 * One row group of hand-made column chunks, each leaf's entries given as repetition and definition
 * levels with their PLAIN values: levels that no writer produces (a row that starts inside a list,
 * a level above the leaf's maximum) and sibling leaves that disagree, which the level reader
 * ({@link LevelRows}) must read or refuse as parquet-java's assembly would. Leaves without entries
 * get one entry per row at level 0, no value.
 */
final class HandMadeChunks {
  private final MessageType schema;
  private final Map<String, List<long[]>> entries = new HashMap<>(); // {r, d, value index}
  private final List<byte[]> values = new ArrayList<>();
  private final Map<String, Integer> pageSize = new HashMap<>();
  private final Map<String, long[]> dictionaries = new HashMap<>();
  private long rows;

  HandMadeChunks(MessageType schema) {
    this.schema = schema;
  }

  /** An entry of leaf {@code path} (dotted) at levels {@code r}, {@code d}, with no value. */
  HandMadeChunks entry(String path, int r, int d) {
    return entry(path, r, d, null);
  }

  /** An entry of leaf {@code path} with {@code plain} as its PLAIN-encoded value (or none). */
  HandMadeChunks entry(String path, int r, int d, byte[] plain) {
    values.add(plain);
    entries.computeIfAbsent(path, p -> new ArrayList<>()).add(new long[] {r, d, values.size() - 1});
    return this;
  }

  /** Cuts leaf {@code path}'s chunk into pages of {@code n} entries (default: one page). */
  HandMadeChunks pages(String path, int n) {
    pageSize.put(path, n);
    return this;
  }

  /**
   * Gives int64 leaf {@code path} a PLAIN dictionary of {@code entries}: its values are then
   * dictionary ids ({@link #id}), which may lie outside it.
   */
  HandMadeChunks dictionary(String path, long... entries) {
    dictionaries.put(path, entries);
    return this;
  }

  /** The row group's row count (default: the most entries at repetition level 0 of any leaf). */
  HandMadeChunks rows(long n) {
    rows = n;
    return this;
  }

  /** The level reader over this row group; {@code pull} as {@link LevelRows}'s. */
  LevelRows open(boolean pull) {
    LevelRows reader = new LevelRows(schema, RebuildOptions.defaults(), null, pull);
    reader.open(store());
    return reader;
  }

  static byte[] int64(long v) {
    return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array();
  }

  /** A dictionary id, as {@link #entry} takes it for a leaf with a {@link #dictionary}. */
  static byte[] id(int id) {
    return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(id).array();
  }

  static byte[] binary(byte[] b) {
    return ByteBuffer.allocate(4 + b.length)
        .order(ByteOrder.LITTLE_ENDIAN)
        .putInt(b.length)
        .put(b)
        .array();
  }

  private long rowCount() {
    if (rows > 0) {
      return rows;
    }
    long most = 0;
    for (List<long[]> e : entries.values()) {
      most = Math.max(most, e.stream().filter(x -> x[0] == 0).count());
    }
    return most;
  }

  /** The row group, for {@link LevelRows#open} of a reader made by another. */
  PageReadStore store() {
    long n = rowCount();
    return new PageReadStore() {
      @Override
      public PageReader getPageReader(ColumnDescriptor c) {
        String path = String.join(".", c.getPath());
        List<long[]> e = entries.get(path);
        if (e == null) {
          e = new ArrayList<>();
          for (int i = 0; i < n; i++) {
            e.add(new long[] {0, 0, -1});
          }
        }
        int size = pageSize.getOrDefault(path, Math.max(1, e.size()));
        long[] dictionary = dictionaries.get(path);
        List<DataPage> pages = new ArrayList<>();
        for (int from = 0; from < e.size(); from += size) {
          List<long[]> page = e.subList(from, Math.min(e.size(), from + size));
          byte[] bytes = page(c, page, dictionary);
          pages.add(
              HandMadePages.v1(
                  bytes,
                  page.size(),
                  dictionary == null ? Encoding.PLAIN : Encoding.RLE_DICTIONARY));
        }
        return HandMadePages.of(e.size(), dictionaryPage(dictionary), pages);
      }

      @Override
      public long getRowCount() {
        return n;
      }

      @Override
      public Optional<PrimitiveIterator.OfLong> getRowIndexes() {
        return Optional.empty();
      }
    };
  }

  private static DictionaryPage dictionaryPage(long[] entries) {
    if (entries == null) {
      return null;
    }
    ByteBuffer plain = ByteBuffer.allocate(8 * entries.length).order(ByteOrder.LITTLE_ENDIAN);
    for (long x : entries) {
      plain.putLong(x);
    }
    return new DictionaryPage(
        BytesInput.from(plain.array()), entries.length, Encoding.PLAIN_DICTIONARY);
  }

  /**
   * A v1 page: repetition levels, definition levels (each RLE with its length), then the values
   * PLAIN, or as ids of {@code dictionary}.
   */
  private byte[] page(ColumnDescriptor c, List<long[]> page, long[] dictionary) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    levels(out, c.getMaxRepetitionLevel(), page, 0);
    levels(out, c.getMaxDefinitionLevel(), page, 1);
    List<Integer> ids = new ArrayList<>();
    for (long[] e : page) {
      byte[] v = e[2] < 0 ? null : values.get((int) e[2]);
      if (v != null && dictionary != null) {
        ids.add(ByteBuffer.wrap(v).order(ByteOrder.LITTLE_ENDIAN).getInt());
      } else if (v != null) {
        out.writeBytes(v);
      }
    }
    if (dictionary != null) {
      int[] all = ids.stream().mapToInt(Integer::intValue).toArray();
      out.writeBytes(DictionaryPages.idPage(all, dictionary.length));
    }
    return out.toByteArray();
  }

  private static void levels(ByteArrayOutputStream out, int max, List<long[]> page, int k) {
    if (max == 0) {
      return;
    }
    try {
      RunLengthBitPackingHybridEncoder e =
          new RunLengthBitPackingHybridEncoder(
              BytesUtils.getWidthFromMaxInt(max), 64, 1 << 20, new HeapByteBufferAllocator());
      for (long[] x : page) {
        e.writeInt((int) x[k]);
      }
      byte[] b = e.toBytes().toByteArray();
      out.writeBytes(
          ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(b.length).array());
      out.writeBytes(b);
    } catch (java.io.IOException ex) {
      throw new java.io.UncheckedIOException(ex);
    }
  }
}
