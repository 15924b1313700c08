package io.variant.parquet.read;

import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReader;

/**
 * A column chunk of hand-made data pages, no dictionary: what the level reader's tests feed it to
 * reach levels and values that no writer produces.
 */
final class HandMadePages {
  private HandMadePages() {}

  /** A reader of {@code pages}, in order, that says the chunk holds {@code total} entries. */
  static PageReader of(long total, Collection<DataPage> pages) {
    Deque<DataPage> left = new ArrayDeque<>(pages);
    return new PageReader() {
      @Override
      public DictionaryPage readDictionaryPage() {
        return null;
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
