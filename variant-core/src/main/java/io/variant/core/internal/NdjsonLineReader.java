// SPDX-License-Identifier: Apache-2.0
package io.variant.core.internal;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * The lines of NDJSON input read from a stream one after another, each kept up to a limit ({@link
 * NdjsonLines#maxLineBytes}): a line's bytes past it are dropped as they are read (only looked at
 * for whether they are blank), so a line without end, gigabytes without a newline, takes no more
 * memory than a line at the limit, and is then {@link NdjsonLines.Kind#TOO_LONG}. Both engines of
 * {@code variant convert} and both plan samples read their lines with it, so that a line is the
 * same line, of the same {@link NdjsonLines.Kind}, whichever reads it.
 *
 * <p>Not thread-safe.
 */
public final class NdjsonLineReader {
  private static final int CHUNK = 1 << 16;

  private final InputStream in;
  private final int maxLineBytes;
  private final byte[] chunk;
  private int chunkPos;
  private int chunkEnd;
  private long chunkStart; // offset in the stream of chunk[0]
  private boolean eof;
  private byte[] line;
  private int lineLength;
  private long lineStart; // offset in the stream of the line last read
  private long lines;
  private boolean overLimit; // the line last read is longer than maxLineBytes: its end was dropped
  private boolean droppedText; // and a dropped byte was not blank
  private int textStart; // the document's bounds in the line, as kind() found them
  private int textEnd;

  /** A reader of {@code in} that keeps up to {@code maxLineBytes} of a line. */
  public NdjsonLineReader(InputStream in, int maxLineBytes) {
    this(in, maxLineBytes, new byte[CHUNK], new byte[256]);
  }

  /**
   * A reader of {@code in} that takes over the buffers of {@code done}, which must not be used any
   * more: a spread sample reads 64 places, each with a reader of its own, and a fresh 64 KiB buffer
   * for each was 5 of the ~120 MB a 20,000-row convert allocates.
   */
  public NdjsonLineReader(InputStream in, int maxLineBytes, NdjsonLineReader done) {
    this(in, maxLineBytes, done.chunk, done.line);
  }

  private NdjsonLineReader(InputStream in, int maxLineBytes, byte[] chunk, byte[] line) {
    this.in = in;
    this.maxLineBytes = maxLineBytes;
    this.chunk = chunk;
    this.line = line;
  }

  /**
   * Reads the next line, whatever its {@link #kind}: its bytes are {@link #lineBuffer()} up to
   * {@link #lineLength()}, without its {@link NdjsonLines#END}.
   *
   * @return false at the end of the input
   */
  public boolean read() throws IOException {
    lineStart = position();
    lineLength = 0;
    overLimit = false;
    droppedText = false;
    boolean any = false;
    while (true) {
      if (chunkPos == chunkEnd && (eof || !fill())) {
        if (any) {
          lines++;
        }
        return any;
      }
      any = true;
      int nl = chunkPos;
      while (nl < chunkEnd && chunk[nl] != NdjsonLines.END) {
        nl++;
      }
      keep(chunkPos, nl);
      if (nl < chunkEnd) {
        chunkPos = nl + 1;
        lines++;
        return true;
      }
      chunkPos = chunkEnd;
    }
  }

  /**
   * What the line last read is, by {@link NdjsonLines}' rules; sets {@link #textStart()} and {@link
   * #textEnd()} for a {@link NdjsonLines.Kind#DOCUMENT}.
   *
   * @param firstLine whether the line is its input's first (not only this stream's)
   */
  public NdjsonLines.Kind kind(boolean firstLine) {
    NdjsonLines.Kind kind = NdjsonLines.kind(line, lineLength, firstLine, overLimit, droppedText);
    if (kind == NdjsonLines.Kind.DOCUMENT) {
      textStart = NdjsonLines.textStart(line, 0, lineLength, firstLine);
      textEnd = NdjsonLines.textEnd(line, textStart, lineLength);
    }
    return kind;
  }

  /**
   * Drops the rest of the line being read, up to and including its {@link NdjsonLines#END}, reading
   * no byte at or past stream offset {@code until}: a reader that starts inside a line goes to the
   * next, and a line longer than the range it starts outside of is not read to its end. A line it
   * ends counts as a line.
   *
   * @return true if the line ended before {@code until}, {@link #position()} being the next line's
   *     start; false if {@code until} or the end of the input came first
   */
  public boolean skipLine(long until) throws IOException {
    while (position() < until) {
      if (chunkPos == chunkEnd && (eof || !fill())) {
        return false;
      }
      int stop = (int) Math.min(chunkEnd, chunkPos + (until - position()));
      int nl = chunkPos;
      while (nl < stop && chunk[nl] != NdjsonLines.END) {
        nl++;
      }
      if (nl < stop) {
        chunkPos = nl + 1;
        lines++;
        return true;
      }
      chunkPos = stop;
    }
    return false;
  }

  /** The line last read, up to {@link #lineLength()}; not a copy. */
  public byte[] lineBuffer() {
    return line;
  }

  /** The bytes kept of the line last read: all of them, unless it is over the limit. */
  public int lineLength() {
    return lineLength;
  }

  /** Where the document of the line {@link #kind} found one in starts in {@link #lineBuffer()}. */
  public int textStart() {
    return textStart;
  }

  /** Where that document ends (exclusive): before a trailing {@code \r}. */
  public int textEnd() {
    return textEnd;
  }

  /** Offset in the stream where the line last read starts. */
  public long lineStart() {
    return lineStart;
  }

  /** Bytes of the stream consumed so far: where the next line starts. */
  public long position() {
    return chunkStart + chunkPos;
  }

  /** Lines read so far, those {@link #skipLine} ended included: the line last read's number. */
  public long lines() {
    return lines;
  }

  /** The most of a line kept. */
  public int maxLineBytes() {
    return maxLineBytes;
  }

  /**
   * The first {@link NdjsonLines#REJECTED_TEXT_BYTES} of the line last read, for a rejects file.
   */
  public byte[] rejectedText() {
    return Arrays.copyOf(line, Math.min(lineLength, NdjsonLines.REJECTED_TEXT_BYTES));
  }

  private boolean fill() throws IOException {
    int n = in.read(chunk, 0, CHUNK);
    if (n <= 0) {
      eof = true;
      return false;
    }
    chunkStart += chunkEnd;
    chunkPos = 0;
    chunkEnd = n;
    return true;
  }

  /** Keeps {@code chunk[from, to)} as the line's next bytes, or drops them past the limit. */
  private void keep(int from, int to) {
    int n = to - from;
    if (overLimit || lineLength + (long) n > maxLineBytes) {
      overLimit = true;
      droppedText = droppedText || !NdjsonLines.isBlank(chunk, from, to);
      return;
    }
    if (lineLength + n > line.length) {
      line =
          Arrays.copyOf(
              line,
              (int) Math.min(maxLineBytes, Math.max(lineLength + (long) n, 2L * line.length)));
    }
    System.arraycopy(chunk, from, line, lineLength, n);
    lineLength += n;
  }
}
