// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.core.Variant;
import io.variant.core.VariantException;
import io.variant.core.VariantLimitException;
import io.variant.core.internal.NdjsonLineReader;
import io.variant.core.internal.NdjsonLines;
import io.variant.core.json.JsonOptions;
import io.variant.core.json.JsonRowParser;
import io.variant.core.json.VariantJson;
import io.variant.core.json.VariantJsonException;
import io.variant.hadoop.RejectedLine;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * NDJSON, one document per line, read line by line: each line is parsed on its own, so an error is
 * located at its true line and column (invalid UTF-8 included, at any size of input) and reading
 * can go on with the next line ({@code --on-error skip}). What ends a line, and which lines are
 * blank (skipped) or bad (a byte order mark; longer than twice {@code --max-value-size}, refused
 * unparsed and never held whole) are {@link NdjsonLines}' rules, which the MapReduce engine's tasks
 * follow too, reading with the same {@link NdjsonLineReader}; the input's first line is the first
 * this reader reads. Not thread-safe.
 */
final class NdjsonReader {
  private final String name;
  private final JsonRowParser parser;
  private final NdjsonLineReader lines;

  NdjsonReader(String name, InputStream in, JsonOptions options) {
    this(name, in, options, VariantJson.rowParser(options));
  }

  /**
   * A reader whose rows {@code parser} parses ({@code options}' parser, which readers one after
   * another may share: it keeps only buffers and a key cache from one row to the next).
   */
  NdjsonReader(String name, InputStream in, JsonOptions options, JsonRowParser parser) {
    this.name = name;
    this.parser = parser;
    this.lines = new NdjsonLineReader(in, maxLineBytes(options));
  }

  /**
   * A reader of {@code in} that takes over the buffers and parser of {@code done}, which must not
   * be used any more ({@link NdjsonLineReader}'s buffers).
   */
  NdjsonReader(String name, InputStream in, JsonOptions options, NdjsonReader done) {
    this.name = name;
    this.parser = done.parser;
    this.lines = new NdjsonLineReader(in, maxLineBytes(options), done.lines);
  }

  private static int maxLineBytes(JsonOptions options) {
    return NdjsonLines.maxLineBytes(options.limits().maxValueBytes());
  }

  /**
   * The next document, or {@code null} after the last line. After an {@link InputException} the
   * reader continues with the line after the bad one.
   *
   * @throws InputException for a malformed line (its line and column), or one over a limit
   */
  Variant next() throws IOException {
    if (!nextLine()) {
      return null;
    }
    return parse(
        parser,
        name,
        line(),
        lines.lineBuffer(),
        lines.textStart(),
        lines.textEnd(),
        lines.textStart() > 0);
  }

  /**
   * Reads the next line that is not blank, to be parsed apart ({@link #parse}): its bytes are
   * {@link #lineBuffer()} up to {@link #lineLength()}, the document those from {@link #textStart()}
   * to {@link #textEnd()} (without a first line's byte order mark and a trailing {@code \r}).
   *
   * @return false after the last line
   * @throws InputException for a line that cannot be a document: a byte order mark where only the
   *     first line may have one, or a line over the length limit
   */
  boolean nextLine() throws IOException {
    while (lines.read()) {
      switch (lines.kind(lines.lines() == 1)) {
        case DOCUMENT -> {
          return true;
        }
        case BLANK -> {} // skipped
        case BYTE_ORDER_MARK ->
            throw new InputException(name, line(), 1, NdjsonLines.BYTE_ORDER_MARK);
        case TOO_LONG ->
            throw new InputException(
                name,
                line(),
                0,
                NdjsonLines.tooLong(lines.maxLineBytes()),
                new VariantLimitException("line too long"));
      }
    }
    return false;
  }

  /**
   * Parses the document in {@code [start, end)} of {@code text}, line {@code lineNumber} of input
   * {@code name}; {@code afterByteOrderMark} if the line's first bytes, before {@code start}, are a
   * byte order mark, which columns count as one character.
   *
   * @throws InputException for a malformed document (its line and column), or one over a limit
   */
  static Variant parse(
      JsonRowParser parser,
      String name,
      long lineNumber,
      byte[] text,
      int start,
      int end,
      boolean afterByteOrderMark) {
    try {
      return parser.parse(text, start, end - start); // in place: a 100 MB line is not copied
    } catch (VariantJsonException e) {
      if (start != 0) { // the error's column is counted from the document's first byte
        byte[] doc = Arrays.copyOfRange(text, start, end);
        return parse(parser, name, lineNumber, doc, 0, doc.length, afterByteOrderMark);
      }
      // a row is one line (it holds no '\n'); a lone '\r' in it ends no line here
      throw new InputException(
          name,
          lineNumber,
          RejectedLine.column(e, text, end, afterByteOrderMark),
          RejectedLine.reason(e),
          e);
    } catch (VariantException e) {
      throw new InputException(name, lineNumber, 0, RejectedLine.reason(e), e);
    }
  }

  /** The line {@link #nextLine()} read, up to {@link #lineLength()}; not a copy. */
  byte[] lineBuffer() {
    return lines.lineBuffer();
  }

  int lineLength() {
    return lines.lineLength();
  }

  int textStart() {
    return lines.textStart();
  }

  int textEnd() {
    return lines.textEnd();
  }

  /**
   * Reads and drops the rest of the current line, up to and including its newline, reading no byte
   * at or past stream offset {@code until}: a reader that starts in the middle of a file skips to
   * the next line start. It counts as a line.
   *
   * @return false if no line starts before {@code until}
   */
  boolean skipLine(long until) throws IOException {
    return lines.skipLine(until);
  }

  /** Bytes of the stream consumed so far: where the next line starts. */
  long position() {
    return lines.position();
  }

  /** Offset in the stream where the line last read (returned or failed) starts. */
  long lineStart() {
    return lines.lineStart();
  }

  /** 1-based number of the line last read (the document returned, or the line that failed). */
  long line() {
    return lines.lines();
  }

  /**
   * The start of the line last read, for the rejects file ({@link NdjsonLineReader#rejectedText}).
   */
  byte[] lineBytes() {
    return lines.rejectedText();
  }

  /**
   * The number of line ends ({@link NdjsonLines#END}) in the first {@code end} bytes of {@code
   * file}.
   */
  static long newlinesBefore(Path file, long end) throws IOException {
    long count = 0;
    try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
      byte[] buf = new byte[1 << 16];
      for (long left = end; left > 0; ) {
        int n = in.read(buf, 0, (int) Math.min(buf.length, left));
        if (n < 0) {
          break;
        }
        for (int i = 0; i < n; i++) {
          if (buf[i] == NdjsonLines.END) {
            count++;
          }
        }
        left -= n;
      }
    }
    return count;
  }
}
