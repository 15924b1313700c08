// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.guard;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.List;
import org.apache.parquet.format.PageLocation;
import org.apache.parquet.format.Util;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * Where a column chunk's data pages start, as its offset index says (spec: PageIndex.md, {@code
 * OffsetIndex.page_locations}): the places from which parquet-java reads a chunk's pages when its
 * column index filter skips the others, reading each kept run of pages from its first header on.
 * The same offset index tells parquet-java where those headers are, so a read that starts at one of
 * these places starts at a page header as parquet-java will parse it, and {@link WatchingStream}
 * can check the headers from there as it checks a chunk read from its start.
 */
final class PageStarts {
  /** No data page start is known: the chunk has no offset index, or it does not decode. */
  static final long[] NONE = {};

  /**
   * The most bytes read for one offset index: a page location takes a few dozen, so this is a chunk
   * of hundreds of thousands of pages; a longer one is left unread, and its pages unchecked.
   */
  private static final int MAX_INDEX_BYTES = 16 << 20;

  private PageStarts() {}

  /**
   * The offsets of chunk {@code c}'s data pages in the order its offset index lists them, or {@link
   * #NONE}; read from {@code file} ({@code length} bytes) on a stream of its own.
   */
  static long[] of(InputFile file, long length, FooterBounds.Chunk c) {
    long at = c.offsetIndexOffset();
    int bytes = c.offsetIndexLength();
    if (at < 0 || bytes <= 0 || bytes > MAX_INDEX_BYTES || at > length - bytes) {
      return NONE;
    }
    try (SeekableInputStream in = file.newStream()) {
      byte[] index = new byte[bytes];
      in.seek(at);
      in.readFully(index);
      List<PageLocation> pages =
          Util.readOffsetIndex(new ByteArrayInputStream(index)).getPage_locations();
      long[] starts = new long[pages.size()];
      for (int k = 0; k < starts.length; k++) {
        starts[k] = pages.get(k).getOffset();
      }
      return starts;
    } catch (IOException | RuntimeException e) {
      return NONE; // parquet-java, reading it too, reports it or reads the chunk whole
    }
  }

  /** The index in {@code starts} of the page that starts at byte {@code pos}, or -1. */
  static int at(long[] starts, long pos) {
    for (int k = 0; k < starts.length; k++) {
      if (starts[k] == pos) {
        return k;
      }
    }
    return -1;
  }
}
