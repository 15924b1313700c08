// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.guard;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.io.SeekableInputStream;

/**
 * The stream of a {@link PageHeaderCheck}: passes every call through and, for the bytes each read
 * returns, follows the column chunks they belong to from page header to page header, checking each
 * header. A chunk is followed from a read that starts at its first byte, or at the start of one of
 * its data pages as its offset index gives them ({@link PageStarts}: where parquet-java's column
 * index filter starts the pages it keeps), for as long as the next read continues where the
 * previous one ended; any other read stops following it. The values a chunk's pages hold are summed
 * only while it is followed from its first byte.
 */
final class WatchingStream extends SeekableInputStream {
  private final SeekableInputStream in;
  private final PageHeaderCheck check;

  /** Per chunk: where the next read must start to keep following it, or -1 when not following. */
  private final long[] expected;

  /** Per chunk: the absolute position of its next page header. */
  private final long[] nextHeader;

  /**
   * Per chunk: the values its data pages hold so far, from their headers; -1 when followed from
   * another page than its first.
   */
  private final long[] values;

  /** Per chunk: where its data pages start ({@link PageStarts}), read when first needed. */
  private final long[][] pageStarts;

  /** Per chunk: its data pages so far. */
  private final int[] dataPages;

  /** Per chunk: whether a dictionary page came before its next page. */
  private final boolean[] dictionary;

  /** The pages' CRC check, or {@code null} when CRCs are left to parquet-java. */
  private final PageChecksums checksums;

  private long pos;

  /** Where the last read started, or -1 before the first. */
  private long lastReadStart = -1;

  /** The start of a header that the last read cut short, kept to finish with the next read. */
  private byte[] pending = new byte[0];

  private int pendingLength;
  private int pendingChunk = -1;
  private long pendingStart;

  WatchingStream(SeekableInputStream in, PageHeaderCheck check) throws IOException {
    this.in = in;
    this.check = check;
    this.expected = new long[check.chunkCount()];
    this.nextHeader = new long[check.chunkCount()];
    this.values = new long[check.chunkCount()];
    this.dataPages = new int[check.chunkCount()];
    this.dictionary = new boolean[check.chunkCount()];
    this.pageStarts = new long[check.chunkCount()][];
    Arrays.fill(expected, -1);
    this.checksums =
        check.checksums() ? new PageChecksums(check.toString(), check.chunkCount()) : null;
    this.pos = in.getPos();
  }

  /**
   * The column chunk the last read started in, or {@code null} if it started in none (or nothing
   * was read): parquet-java decodes a page right after reading it, so a decoder that fails was
   * given this chunk's bytes.
   */
  FooterBounds.Chunk lastChunkRead() {
    int i = lastReadStart < 0 ? -1 : check.chunkAt(lastReadStart);
    return i < 0 ? null : check.chunk(i);
  }

  @Override
  public long getPos() {
    return pos;
  }

  @Override
  public void seek(long newPos) throws IOException {
    in.seek(newPos);
    pos = newPos;
  }

  @Override
  public int read() throws IOException {
    int b = in.read();
    if (b >= 0) {
      observe(ByteBuffer.wrap(new byte[] {(byte) b}));
    }
    return b;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    int n = in.read(b, off, len);
    if (n > 0) {
      observe(ByteBuffer.wrap(b, off, n));
    }
    return n;
  }

  @Override
  public void readFully(byte[] b) throws IOException {
    readFully(b, 0, b.length);
  }

  @Override
  public void readFully(byte[] b, int off, int len) throws IOException {
    in.readFully(b, off, len);
    observe(ByteBuffer.wrap(b, off, len));
  }

  @Override
  public int read(ByteBuffer buf) throws IOException {
    int start = buf.position();
    int n = in.read(buf);
    if (n > 0) {
      observe(buf.duplicate().position(start).limit(start + n));
    }
    return n;
  }

  @Override
  public void readFully(ByteBuffer buf) throws IOException {
    int start = buf.position();
    in.readFully(buf);
    observe(buf.duplicate().position(start).limit(buf.position()));
  }

  @Override
  public long skip(long n) throws IOException {
    long skipped = in.skip(n);
    pos += Math.max(0, skipped);
    return skipped;
  }

  @Override
  public int available() throws IOException {
    return in.available();
  }

  @Override
  public void close() throws IOException {
    in.close();
  }

  /**
   * Bytes {@code data} (position to limit) were just read at {@link #pos}; advances {@code pos}
   * past them.
   */
  private void observe(ByteBuffer data) {
    long start = pos;
    lastReadStart = start;
    long end = start + data.remaining();
    pos = end;
    for (long p = start; p < end; ) {
      int i = check.chunkAt(p);
      if (i < 0) {
        int next = -i - 1;
        if (next >= check.chunkCount()) {
          return;
        }
        p =
            Math.max(
                p, check.chunk(next).start()); // bytes between chunks: page indexes, bloom filters
        continue;
      }
      FooterBounds.Chunk c = check.chunk(i);
      long segmentEnd = Math.min(end, c.end());
      if (p == c.start()) {
        expected[i] = p;
        nextHeader[i] = p;
        values[i] = 0;
        dataPages[i] = 0;
        dictionary[i] = false;
        dropPending(i);
        stopSum(i);
      } else if (expected[i] != p) {
        resume(i, c, p);
      }
      if (expected[i] == p) {
        int from = data.position() + (int) (p - start);
        follow(i, c, p, data.duplicate().position(from).limit(from + (int) (segmentEnd - p)));
        if (expected[i] >= 0) {
          expected[i] = segmentEnd;
        }
      } else {
        stop(i);
      }
      p = segmentEnd;
    }
  }

  /**
   * Follows chunk {@code i} from byte {@code p} if a data page starts there ({@link PageStarts}):
   * the page's header is the next to check, as that data page's of the chunk. Its values are not
   * summed (the pages before it go unread), and its dictionary ids are taken if the chunk has a
   * dictionary page, whether or not this stream read it.
   */
  private void resume(int i, FooterBounds.Chunk c, long p) {
    if (pageStarts[i] == null) {
      pageStarts[i] = check.pageStarts(c);
    }
    int k = PageStarts.at(pageStarts[i], p);
    if (k < 0) {
      return;
    }
    expected[i] = p;
    nextHeader[i] = p;
    values[i] = -1;
    dataPages[i] = k;
    dictionary[i] |= c.dictionaryPage();
    dropPending(i);
    stopSum(i);
  }

  /**
   * Checks every header that starts in {@code segment}, which holds chunk {@code i}'s bytes from
   * {@code at}.
   */
  private void follow(int i, FooterBounds.Chunk c, long at, ByteBuffer segment) {
    long segmentEnd = at + segment.remaining();
    if (pendingChunk == i && !finishPending(i, c, segment)) {
      return;
    }
    sum(i, c, at, segment);
    while (nextHeader[i] < segmentEnd) {
      long headerStart = nextHeader[i];
      if (headerStart < at) {
        stop(i); // cannot happen when following; never guess
        return;
      }
      int from = segment.position() + (int) (headerStart - at);
      ByteBuffer bytes = segment.duplicate().position(from);
      PageHeader h = PageHeaderCheck.parse(bytes);
      if (h == null) {
        keepPending(i, c, headerStart, segment.duplicate().position(from));
        return;
      }
      header(i, c, h, headerStart, bytes.position() - from);
      if (checksums != null) {
        checksums.feed(i, c, at, segment);
      }
    }
  }

  /**
   * Checks chunk {@code i}'s page header {@code h}, {@code length} bytes at {@code start}, and
   * moves on to the page after it.
   */
  private void header(int i, FooterBounds.Chunk c, PageHeader h, long start, int length) {
    check.check(c, h, start, length);
    if (h.isSetData_page_header() || h.isSetData_page_header_v2()) {
      check.checkEncodings(c, h, start, ++dataPages[i], dictionary[i]);
    }
    dictionary[i] |= h.isSetDictionary_page_header();
    nextHeader[i] = start + length + h.getCompressed_page_size();
    if (values[i] >= 0) {
      values[i] = check.countValues(c, h, values[i], nextHeader[i]);
    }
    if (checksums != null) {
      checksums.start(i, c, h, start, start + length);
    }
  }

  /** Sums what {@code segment} holds of chunk {@code i}'s current page, if CRCs are checked. */
  private void sum(int i, FooterBounds.Chunk c, long at, ByteBuffer segment) {
    if (checksums != null) {
      checksums.feed(i, c, at, segment);
    }
  }

  private void stopSum(int i) {
    if (checksums != null) {
      checksums.stop(i);
    }
  }

  /**
   * Appends the next read's bytes to a header the last read cut short; true once that header is
   * checked.
   */
  private boolean finishPending(int i, FooterBounds.Chunk c, ByteBuffer segment) {
    int take =
        Math.min(segment.remaining(), PageHeaderCheck.maxPendingHeaderBytes() - pendingLength);
    ensurePending(pendingLength + take);
    segment.duplicate().get(pending, pendingLength, take);
    pendingLength += take;
    ByteBuffer bytes = ByteBuffer.wrap(pending, 0, pendingLength);
    PageHeader h = PageHeaderCheck.parse(bytes);
    if (h == null) {
      if (take < segment.remaining() || pendingStart + pendingLength >= c.end()) {
        stop(i); // too long to keep, or the chunk ends inside it: parquet-java reports it
      }
      return false;
    }
    pendingChunk = -1;
    header(i, c, h, pendingStart, bytes.position());
    return true;
  }

  /**
   * Keeps the start of a header that runs past this read, or stops following if it cannot be
   * finished.
   */
  private void keepPending(int i, FooterBounds.Chunk c, long headerStart, ByteBuffer rest) {
    long readEnd = headerStart + rest.remaining();
    if (readEnd >= c.end() || rest.remaining() >= PageHeaderCheck.maxPendingHeaderBytes()) {
      if (values[i] >= 0 && values[i] < c.valueCount()) {
        // a corrupt header, not a cut one, where parquet-java reads a page for the values still
        // missing: its error would name no column
        throw check.undecodable(c, headerStart, rest);
      }
      stop(i); // a corrupt header, not a cut one: parquet-java reports it, if it reads it
      return;
    }
    ensurePending(rest.remaining());
    pendingLength = rest.remaining();
    rest.get(pending, 0, pendingLength);
    pendingChunk = i;
    pendingStart = headerStart;
  }

  private void ensurePending(int length) {
    if (pending.length < length) {
      pending = Arrays.copyOf(pending, Math.max(length, 2 * pending.length));
    }
  }

  private void stop(int i) {
    expected[i] = -1;
    dropPending(i);
    stopSum(i);
  }

  private void dropPending(int i) {
    if (pendingChunk == i) {
      pendingChunk = -1;
      pendingLength = 0;
    }
  }
}
