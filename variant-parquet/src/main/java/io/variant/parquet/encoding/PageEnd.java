// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.encoding;

import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.io.ParquetDecodingException;

/**
 * The check made as a column chunk's data page is left: its levels and the values they call for
 * must use up its bytes, to the end and no further, with only the slack each encoding allows (spec:
 * Encodings.md; the rules are each decoder's {@code leftover}). A page header and the footer carry
 * no checksum, so a changed byte there has a valid page decoded in another encoding, or its levels
 * at another width (a column's maximum definition level comes from the footer's schema): the values
 * then read are others, and the page's bytes are not used up as they are. One comparison per
 * decoder, once per page. <b>Thread safety:</b> none, as the {@link LeafPages} it serves.
 */
final class PageEnd {
  private final ColumnDescriptor column;
  private final PageLevels repetitions;
  private final PageLevels definitions;
  private final PageValues values;
  private int checked; // the last page found used up

  PageEnd(
      ColumnDescriptor column, PageLevels repetitions, PageLevels definitions, PageValues values) {
    this.column = column;
    this.repetitions = repetitions;
    this.definitions = definitions;
    this.values = values;
  }

  /**
   * Checks data page {@code page} (its number in the chunk, from 1), whose levels and values are
   * all read, unless it was checked already.
   *
   * @throws ParquetDecodingException naming the column and the page if its bytes are not used up
   */
  void check(int page) {
    if (page == checked) {
      return;
    }
    String why = repetitions.leftover();
    if (why == null) {
      why = definitions.leftover();
    }
    if (why == null) {
      why = values.leftover();
    }
    if (why != null) {
      throw LeafPages.damaged(
          column,
          "data page "
              + page
              + " of its chunk does not decode as its header says: "
              + why
              + " (the file is damaged)");
    }
    checked = page;
  }

  /**
   * As {@link #check(int)}, once the values of definition levels {@code levels[from, to)} were
   * taken ahead of the rows, the page's last: a level outside the column's range among them is
   * named first, as the rows would have named it (such a level calls for no value, so its page also
   * has values left).
   */
  void check(int page, int[] levels, int from, int to) {
    try {
      check(page);
    } catch (ParquetDecodingException e) {
      for (int i = from; i < to; i++) {
        if (levels[i] < 0 || levels[i] > column.getMaxDefinitionLevel()) {
          throw LeafPages.outside(column, levels[i]);
        }
      }
      throw e;
    }
  }

  /** What each decoder's {@code leftover} says of {@code n} bytes after the last value. */
  static String bytesLeft(long n) {
    return (n == 1 ? "1 byte is" : n + " bytes are") + " left after its last value";
  }
}
