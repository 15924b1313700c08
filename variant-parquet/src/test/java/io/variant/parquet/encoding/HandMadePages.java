// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.encoding;

import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReader;

/**
 * A column chunk of hand-made data pages, with or without a dictionary: what the level reader's
 * tests feed it to reach levels and values that no writer produces.
 */
public final class HandMadePages {
  private HandMadePages() {}

  /**
   * A v1 data page of {@code entries} entries: {@code bytes} holds RLE levels, then PLAIN values.
   */
  public static DataPage v1(byte[] bytes, int entries) {
    return v1(bytes, entries, Encoding.PLAIN);
  }

  /** A v1 data page as {@link #v1(byte[], int)}, its values in {@code values}' encoding. */
  public static DataPage v1(byte[] bytes, int entries, Encoding values) {
    return new DataPageV1(
        BytesInput.from(bytes), entries, bytes.length, null, Encoding.RLE, Encoding.RLE, values);
  }

  /** A reader of {@code pages}, in order, that says the chunk holds {@code total} entries. */
  public static PageReader of(long total, Collection<DataPage> pages) {
    return of(total, null, pages);
  }

  /** {@link #of(long, Collection)} with {@code dictionary} (or none) before the data pages. */
  public static PageReader of(long total, DictionaryPage dictionary, Collection<DataPage> pages) {
    Deque<DataPage> left = new ArrayDeque<>(pages);
    return new PageReader() {
      @Override
      public DictionaryPage readDictionaryPage() {
        return dictionary;
      }

      @Override
      public long getTotalValueCount() {
        return total;
      }

      @Override
      public DataPage readPage() {
        return left.poll();
      }
    };
  }
}
