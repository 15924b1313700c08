// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.guard;

import io.variant.parquet.VariantParquetException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.List;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * An {@link InputFile} whose streams parse every page header of a column chunk as parquet-java
 * reads the chunk's bytes, and reject a header whose sizes would make parquet-java allocate more
 * than the page's bytes can hold, before parquet-java acts on it. Without this check parquet-java
 * allocates what a header says: a forged {@code uncompressed_page_size} or dictionary {@code
 * num_values} near 2^31 ends in {@link OutOfMemoryError}, and one of 2^30 in a transient gigabyte.
 *
 * <p>Rules: the payload lies inside the chunk; the uncompressed size is at most what the chunk's
 * codec can expand the payload to (see {@link #maxExpansion}); a dictionary page holds at most one
 * value per byte of its data; the data pages hold the values the footer claims for the chunk (see
 * {@link #countValues}) and declare encodings the footer allows for it ({@link PageEncodings}). A
 * chunk is checked as it is read from its first byte onwards (parquet-java's sequential chunk reads
 * and dictionary reads all do), or from the start of a data page that its offset index gives (the
 * runs of pages parquet-java's column index filter keeps): the pages' values are then not counted,
 * since the pages before them go unread. Other reads leave the chunk unchecked until it is read
 * again from such a place. The headers are parsed twice (here and by parquet-java); they are a few
 * dozen bytes per page.
 *
 * <p><b>Thread safety:</b> each stream has its own state; like the streams it wraps, one thread per
 * stream.
 */
final class PageHeaderCheck implements InputFile {
  /**
   * Header bytes kept across two reads when a header straddles them; longer straddling headers go
   * unchecked.
   */
  private static final int MAX_PENDING_HEADER_BYTES = 64 << 10;

  /** Room for codec framing (block and frame headers) on top of the expansion ratio. */
  private static final long EXPANSION_SLACK_BYTES = 64;

  private final InputFile file;
  private final long length;
  private final String fileName;
  private final List<FooterBounds.Chunk> chunks;
  private final boolean checksums;

  /**
   * @param length the file's length, which the footer was checked against (asking a local file
   *     again opens it again)
   * @param chunks the file's column chunks, sorted and disjoint, as {@link FooterBounds#check}
   *     returns them
   */
  PageHeaderCheck(InputFile file, long length, String fileName, List<FooterBounds.Chunk> chunks) {
    this(file, length, fileName, chunks, false);
  }

  private PageHeaderCheck(
      InputFile file,
      long length,
      String fileName,
      List<FooterBounds.Chunk> chunks,
      boolean checksums) {
    this.file = file;
    this.length = length;
    this.fileName = fileName;
    this.chunks = chunks;
    this.checksums = checksums;
  }

  /** The same check, whose streams also check page CRCs ({@link PageChecksums}). */
  PageHeaderCheck withChecksums() {
    return new PageHeaderCheck(file, length, fileName, chunks, true);
  }

  /** Whether the streams check page CRCs. */
  boolean checksums() {
    return checksums;
  }

  @Override
  public long getLength() {
    return length;
  }

  @Override
  public SeekableInputStream newStream() throws IOException {
    return watch();
  }

  /** {@link #newStream()}, as the stream it is. */
  WatchingStream watch() throws IOException {
    return new WatchingStream(file.newStream(), this);
  }

  /** The file's name: parquet-java puts it in its error messages. */
  @Override
  public String toString() {
    return fileName;
  }

  /**
   * The most bytes {@code codec} can decompress one byte to, from each format's densest encoding;
   * {@code Long.MAX_VALUE} where no bound is known. UNCOMPRESSED never allocates by the
   * uncompressed size.
   */
  static long maxExpansion(CompressionCodecName codec) {
    return switch (codec) {
      case SNAPPY -> 32; // a 3-byte copy tag emits at most 64 bytes
      case GZIP -> 1040; // deflate's limit is 1032:1
      case LZ4, LZ4_RAW -> 256; // each further 255 bytes of match length cost one byte
      case ZSTD -> 32_768; // an RLE block: 4 bytes give up to 128 KiB
      case UNCOMPRESSED, LZO, BROTLI -> Long.MAX_VALUE;
    };
  }

  /**
   * Index of the chunk holding byte {@code pos}, or {@code -(insertion point) - 1} if none does.
   */
  int chunkAt(long pos) {
    int lo = 0;
    int hi = chunks.size() - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      FooterBounds.Chunk c = chunks.get(mid);
      if (pos < c.start()) {
        hi = mid - 1;
      } else if (pos >= c.end()) {
        lo = mid + 1;
      } else {
        return mid;
      }
    }
    return -lo - 1;
  }

  /** Where chunk {@code c}'s data pages start ({@link PageStarts}), read on a stream of its own. */
  long[] pageStarts(FooterBounds.Chunk c) {
    return PageStarts.of(file, length, c);
  }

  FooterBounds.Chunk chunk(int index) {
    return chunks.get(index);
  }

  int chunkCount() {
    return chunks.size();
  }

  /**
   * @throws VariantParquetException if {@code h}, read at {@code headerStart}, claims more than its
   *     bytes hold
   */
  void check(FooterBounds.Chunk c, PageHeader h, long headerStart, int headerLength) {
    long payloadStart = headerStart + headerLength;
    long compressed = h.getCompressed_page_size();
    long uncompressed = h.getUncompressed_page_size();
    if (compressed < 0 || compressed > c.end() - payloadStart) {
      throw fail(
          c,
          headerStart,
          "its "
              + compressed
              + " compressed bytes run past the column chunk's end at byte "
              + c.end());
    }
    long ratio = maxExpansion(c.codec());
    if (uncompressed < 0
        || ratio != Long.MAX_VALUE && uncompressed > compressed * ratio + EXPANSION_SLACK_BYTES) {
      throw fail(
          c,
          headerStart,
          "it claims "
              + uncompressed
              + " uncompressed bytes from "
              + compressed
              + " "
              + c.codec()
              + " bytes, more than "
              + c.codec()
              + " can produce");
    }
    if (h.isSetDictionary_page_header()) {
      long values = h.getDictionary_page_header().getNum_values();
      long dataBytes = c.codec() == CompressionCodecName.UNCOMPRESSED ? compressed : uncompressed;
      if (values < 0 || values > dataBytes) {
        throw fail(
            c,
            headerStart,
            "its dictionary claims " + values + " values in " + dataBytes + " bytes");
      }
    }
  }

  /**
   * Adds the values of data page {@code h} to {@code before}, the values of the chunk's earlier
   * pages, and returns the sum.
   *
   * @param pagesEnd where {@code h}'s payload ends
   * @throws VariantParquetException if the pages hold more values than the footer claims for the
   *     chunk, or end at the chunk's end holding fewer: parquet-java reads as many values as
   *     claimed, and would stop with an error that names no column, or none that says why
   */
  long countValues(FooterBounds.Chunk c, PageHeader h, long before, long pagesEnd) {
    long page = 0;
    if (h.isSetData_page_header()) {
      page = h.getData_page_header().getNum_values();
    } else if (h.isSetData_page_header_v2()) {
      page = h.getData_page_header_v2().getNum_values();
    }
    long values = before + page;
    if (page < 0 || values > c.valueCount() || pagesEnd == c.end() && values < c.valueCount()) {
      throw new VariantParquetException(
          fileName,
          c.column(),
          -1,
          "Cannot read the column chunk at byte "
              + c.start()
              + ": the footer claims "
              + c.valueCount()
              + " values but its pages "
              + (page < 0
                  ? "claim " + page
                  : (values > c.valueCount() ? "hold at least " : "hold ") + values),
          null);
    }
    return values;
  }

  /**
   * @param dataPage the data page's number in its chunk, from 1
   * @param dictionary whether the chunk had a dictionary page before it
   * @throws VariantParquetException if data page {@code h} declares encodings its chunk's footer
   *     rules out ({@link PageEncodings})
   */
  void checkEncodings(
      FooterBounds.Chunk c, PageHeader h, long headerStart, int dataPage, boolean dictionary) {
    String why = c.encodings().contradiction(h, dictionary);
    if (why != null) {
      throw new VariantParquetException(
          fileName,
          c.column(),
          -1,
          "Cannot read data page "
              + dataPage
              + " of its column chunk in row group "
              + (c.rowGroup() + 1)
              + " (at byte "
              + headerStart
              + "): "
              + why
              + " (the file is damaged)",
          null);
    }
  }

  /**
   * The failure of chunk {@code c}'s page header at {@code headerStart}, whose bytes {@code bytes}
   * hold to the chunk's end (or more than any header needs) yet do not decode.
   */
  VariantParquetException undecodable(FooterBounds.Chunk c, long headerStart, ByteBuffer bytes) {
    String why = "it runs past the column chunk's end at byte " + c.end();
    try {
      Util.readPageHeader(new BufferStream(bytes.duplicate()));
    } catch (IOException | RuntimeException e) {
      why = PageFailure.innermost(e);
    }
    return new VariantParquetException(
        fileName,
        c.column(),
        -1,
        "Cannot read a page of its column chunk in row group "
            + (c.rowGroup() + 1)
            + " (at byte "
            + headerStart
            + "): a damaged page header: "
            + why,
        null);
  }

  private VariantParquetException fail(FooterBounds.Chunk c, long headerStart, String why) {
    return new VariantParquetException(
        fileName, c.column(), -1, "Cannot read the page at byte " + headerStart + ": " + why, null);
  }

  /**
   * Parses a page header from {@code bytes} (position to limit) without copying; on success the
   * buffer's position is just past the header. Returns {@code null} if the bytes hold no complete,
   * valid header.
   */
  static PageHeader parse(ByteBuffer bytes) {
    try {
      return Util.readPageHeader(new BufferStream(bytes));
    } catch (IOException | RuntimeException e) {
      return null; // incomplete, or corrupt: parquet-java reports a corrupt header itself
    }
  }

  /** An InputStream over a ByteBuffer that advances the buffer's position as it reads. */
  private static final class BufferStream extends InputStream {
    private final ByteBuffer buffer;

    BufferStream(ByteBuffer buffer) {
      this.buffer = buffer;
    }

    @Override
    public int read() {
      return buffer.hasRemaining() ? buffer.get() & 0xFF : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      if (!buffer.hasRemaining()) {
        return len == 0 ? 0 : -1;
      }
      int n = Math.min(len, buffer.remaining());
      buffer.get(b, off, n);
      return n;
    }
  }

  static int maxPendingHeaderBytes() {
    return MAX_PENDING_HEADER_BYTES;
  }
}
