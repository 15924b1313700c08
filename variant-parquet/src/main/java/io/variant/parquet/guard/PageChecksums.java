// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.guard;

import io.variant.parquet.VariantParquetException;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;
import org.apache.parquet.format.PageHeader;

/**
 * The CRC check of the pages a {@link WatchingStream} follows, as their bytes arrive: each page
 * whose header holds a CRC (spec: parquet-format's {@code PageHeader.crc}, the CRC-32 of the bytes
 * after the header) is summed as its payload is read, across reads. parquet-java checks the same
 * sums later, but its error names neither the column nor the page; this one is thrown first and
 * names both. Pages the stream stops following go unchecked here and are left to parquet-java.
 *
 * <p><b>Thread safety:</b> one per stream, as the stream.
 */
final class PageChecksums {
  private final String fileName;

  /** Per chunk: payload bytes of the current page still to sum; 0 when none. */
  private final long[] left;

  /** Per chunk: where the next payload byte to sum sits in the file. */
  private final long[] next;

  private final int[] expected;
  private final long[] headerStart;
  private final boolean[] dictionary;
  private final CRC32[] sums;

  PageChecksums(String fileName, int chunks) {
    this.fileName = fileName;
    this.left = new long[chunks];
    this.next = new long[chunks];
    this.expected = new int[chunks];
    this.headerStart = new long[chunks];
    this.dictionary = new boolean[chunks];
    this.sums = new CRC32[chunks];
  }

  /**
   * Chunk {@code i}'s page {@code h}, whose header starts at {@code start} and whose payload at
   * {@code payloadStart}: summed from here on if it holds a CRC.
   */
  void start(int i, FooterBounds.Chunk c, PageHeader h, long start, long payloadStart) {
    if (!h.isSetCrc()) {
      left[i] = 0;
      return;
    }
    if (sums[i] == null) {
      sums[i] = new CRC32();
    }
    sums[i].reset();
    left[i] = h.getCompressed_page_size();
    next[i] = payloadStart;
    expected[i] = h.getCrc();
    headerStart[i] = start;
    dictionary[i] = h.isSetDictionary_page_header();
    if (left[i] == 0) {
      finish(i, c);
    }
  }

  /**
   * Sums the current page's payload bytes that {@code segment} holds ({@code segment} holds chunk
   * {@code i}'s bytes from {@code at}, position to limit).
   *
   * @param c the chunk, for the message
   * @throws VariantParquetException if a page ends in {@code segment} and its sum is not its CRC
   */
  void feed(int i, FooterBounds.Chunk c, long at, ByteBuffer segment) {
    if (left[i] == 0) {
      return;
    }
    long segmentEnd = at + segment.remaining();
    if (next[i] < at || next[i] >= segmentEnd) {
      if (next[i] < at) {
        left[i] = 0; // bytes were skipped: never guess
      }
      return;
    }
    int from = segment.position() + (int) (next[i] - at);
    int n = (int) Math.min(left[i], segmentEnd - next[i]);
    sums[i].update(segment.duplicate().position(from).limit(from + n));
    next[i] += n;
    left[i] -= n;
    if (left[i] == 0) {
      finish(i, c);
    }
  }

  /** Stops summing chunk {@code i}'s current page. */
  void stop(int i) {
    left[i] = 0;
  }

  private void finish(int i, FooterBounds.Chunk c) {
    if ((int) sums[i].getValue() != expected[i]) {
      throw new VariantParquetException(
          fileName,
          c.column(),
          -1,
          "Cannot read the "
              + (dictionary[i] ? "dictionary page" : "page")
              + " at byte "
              + headerStart[i]
              + ": its bytes do not match the CRC its writer stored (the file is damaged)",
          null);
    }
  }
}
