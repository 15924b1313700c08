// SPDX-License-Identifier: Apache-2.0
package io.variant.core.internal;

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
 *       ({@link #isBlank}).
 * </ul>
 *
 * <b>Thread safety:</b> stateless.
 */
public final class NdjsonLines {
  /** The byte that ends a line. */
  public static final byte END = '\n';

  /** Why a line other than an input's first that starts with a byte order mark is bad. */
  public static final String BYTE_ORDER_MARK =
      "a byte order mark (U+FEFF) starts the line; only the first line of an input may start with"
          + " one";

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
