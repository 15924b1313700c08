// SPDX-License-Identifier: Apache-2.0
package io.variant.core.internal;

import java.util.Locale;

/**
 * What a line of NDJSON input is, the same for every engine of this project ({@code variant
 * convert}'s reader, the MapReduce job's tasks and both plan samples):
 *
 * <ul>
 *   <li>a line ends at {@code \n} alone ({@link #END}): a lone {@code \r} inside a row is JSON
 *       whitespace, not a line end, and a trailing {@code \r} is dropped ({@link #textEnd});
 *   <li>a byte order mark (U+FEFF in UTF-8) may start an input's first line, where it is skipped;
 *       at the start of any later line it is not JSON whitespace, and it is what {@code cat
 *       a.ndjson b.ndjson} makes of a second file that starts with one, so the line is bad ({@link
 *       #textStart}, {@link #BYTE_ORDER_MARK});
 *   <li>a line of spaces, tabs and {@code \r} only is blank: skipped, neither a row nor a bad line
 *       ({@link #isBlank});
 *   <li>a line longer than {@link #maxLineBytes} (twice the largest value, at least {@link
 *       #MIN_LINE_LIMIT}) that is not blank is bad, over a limit, and refused before it is parsed
 *       ({@link #tooLong}); a reader keeps no more of it than the limit ({@link NdjsonLineReader}),
 *       so a line without end takes no more memory than a line at the limit.
 * </ul>
 *
 * {@link #kind} applies these rules to a whole line, {@link NdjsonLineReader#kind} to a line read
 * in bounded memory.
 *
 * <p><b>Thread safety:</b> stateless.
 */
public final class NdjsonLines {
  /** The byte that ends a line. */
  public static final byte END = '\n';

  /** Why a line other than an input's first that starts with a byte order mark is bad. */
  public static final String BYTE_ORDER_MARK =
      "a byte order mark (U+FEFF) starts the line; only the first line of an input may start with"
          + " one";

  /**
   * The least line limit: lines may be longer than their encoded value (whitespace, escapes), so
   * small values do not make the limit too tight for ordinary lines.
   */
  public static final int MIN_LINE_LIMIT = 1 << 20;

  /** The most of a bad line that a rejects file keeps. */
  public static final int REJECTED_TEXT_BYTES = 64 << 10;

  /** What a line is. */
  public enum Kind {
    /** Not blank, within the limit: a JSON document, unless its parser says otherwise. */
    DOCUMENT,
    /** Blank throughout ({@link #isBlank}): skipped. */
    BLANK,
    /**
     * Bad: a byte order mark starts a line other than the input's first ({@link #BYTE_ORDER_MARK}).
     */
    BYTE_ORDER_MARK,
    /** Bad, over a limit: longer than the line limit, and not blank ({@link #tooLong}). */
    TOO_LONG
  }

  /** U+FEFF in UTF-8. */
  private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

  private NdjsonLines() {}

  /** True if {@code text[start, end)} starts with a byte order mark. */
  public static boolean startsWithByteOrderMark(byte[] text, int start, int end) {
    return end - start >= BOM.length
        && text[start] == BOM[0]
        && text[start + 1] == BOM[1]
        && text[start + 2] == BOM[2];
  }

  /**
   * Where the document of the line {@code line[start, end)} (without its {@link #END}) starts.
   *
   * @param firstLine whether the line is its input's first
   * @return {@code start}, or the byte after the byte order mark that starts an input's first line;
   *     -1 if a byte order mark starts another line, which makes the line bad
   */
  public static int textStart(byte[] line, int start, int end, boolean firstLine) {
    if (!startsWithByteOrderMark(line, start, end)) {
      return start;
    }
    return firstLine ? start + BOM.length : -1;
  }

  /**
   * Where the document of a line whose text starts at {@code textStart} ends: before a trailing
   * {@code \r}.
   */
  public static int textEnd(byte[] line, int textStart, int end) {
    return end > textStart && line[end - 1] == '\r' ? end - 1 : end;
  }

  /**
   * The longest line read for values of up to {@code maxValueBytes} bytes: twice that (a line may
   * hold whitespace and escapes its value does not), at least {@link #MIN_LINE_LIMIT}, at most what
   * an array can hold.
   */
  public static int maxLineBytes(int maxValueBytes) {
    return (int) Math.min(Integer.MAX_VALUE - 8, Math.max(MIN_LINE_LIMIT, 2L * maxValueBytes));
  }

  /**
   * Why a line longer than {@code maxLineBytes} ({@link #maxLineBytes}) is bad: {@code the line is
   * longer than 256.0 MiB (twice Limits.maxValueBytes)}, naming the setting in the library's words,
   * as every limit's message does; a front end names it as its user sets it ({@code
   * --max-value-size} on the command line).
   */
  public static String tooLong(int maxLineBytes) {
    double mib = maxLineBytes / (double) (1 << 20);
    String size =
        mib >= 1024
            ? String.format(Locale.ROOT, "%.1f GiB", mib / 1024)
            : String.format(Locale.ROOT, "%.1f MiB", mib);
    return "the line is longer than " + size + " (twice Limits.maxValueBytes)";
  }

  /**
   * What the whole line {@code line[0, length)} (without its {@link #END}) is, read by a reader
   * that held all of it.
   *
   * @param firstLine whether the line is its input's first
   */
  public static Kind kind(byte[] line, int length, boolean firstLine, int maxLineBytes) {
    return kind(line, length, firstLine, length > maxLineBytes, false);
  }

  /**
   * What a line is, of which {@code line[0, length)} was kept: the whole line unless it is over the
   * limit ({@code overLimit}), when its bytes past those kept were dropped ({@code droppedText}:
   * some of them were not blank).
   */
  static Kind kind(
      byte[] line, int length, boolean firstLine, boolean overLimit, boolean droppedText) {
    int start = textStart(line, 0, length, firstLine);
    if (start < 0) {
      return Kind.BYTE_ORDER_MARK;
    }
    if (!droppedText && isBlank(line, start, textEnd(line, start, length))) {
      return Kind.BLANK;
    }
    return overLimit ? Kind.TOO_LONG : Kind.DOCUMENT;
  }

  /**
   * Where in its line the parser of a document stopped, as both engines report a bad line: the
   * 1-based character column (UTF-8 sequences counted as the UTF-16 chars jackson counts in text),
   * a byte order mark that starts an input's first line counting as one. The parser counts its own
   * lines, which a lone {@code \r} (or {@code \r\n}) ends, while the document is one line here.
   *
   * @param doc the document parsed, from its first byte, up to {@code end}
   * @param parserLine the 1-based line the parser gave, counted in the document
   * @param parserByteColumn the 1-based byte column it gave in that line; 0 if unknown
   * @param afterByteOrderMark whether a byte order mark precedes the document in its line
   * @return the column, or 0 if the parser gave none
   */
  public static long column(
      byte[] doc, int end, long parserLine, long parserByteColumn, boolean afterByteOrderMark) {
    long byteColumn =
        parserLine > 1 ? columnInRow(doc, end, parserLine, parserByteColumn) : parserByteColumn;
    if (byteColumn <= 0) {
      return 0;
    }
    return charColumn(doc, (int) Math.min(byteColumn, end + 1L)) + (afterByteOrderMark ? 1 : 0);
  }

  /**
   * The 1-based byte column in the row {@code text[0, end)} of a parser's position given as a line
   * and column of its own, where a lone {@code '\r'} (or {@code "\r\n"}) also ends a line.
   */
  private static long columnInRow(byte[] text, int end, long line, long column) {
    long breaks = 0;
    int i = 0;
    while (i < end && breaks < line - 1) {
      if (text[i] == '\r' || text[i] == '\n') {
        breaks++;
        i += text[i] == '\r' && i + 1 < end && text[i + 1] == '\n' ? 2 : 1;
      } else {
        i++;
      }
    }
    return i + column;
  }

  /** The 1-based character column of 1-based byte column {@code byteColumn}. */
  private static long charColumn(byte[] text, int byteColumn) {
    long chars = 1;
    for (int i = 0; i < byteColumn - 1 && i < text.length; i++) {
      int b = text[i] & 0xFF;
      if ((b & 0xC0) != 0x80) {
        chars += b >= 0xF0 ? 2 : 1; // a 4-byte sequence is a surrogate pair
      }
    }
    return chars;
  }

  /** True if {@code text[start, end)} holds only spaces, tabs and {@code \r}: a blank line. */
  public static boolean isBlank(byte[] text, int start, int end) {
    for (int i = start; i < end; i++) {
      byte b = text[i];
      if (b != ' ' && b != '\t' && b != '\r') {
        return false;
      }
    }
    return true;
  }
}
