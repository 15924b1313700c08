// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import java.util.Arrays;
import org.apache.hadoop.io.Text;

/**
 * The local engine's NDJSON line rules, for the job's tasks and its plan sample: a line ends at
 * {@code \n} alone ({@link #DELIMITER}, so a lone {@code \r} inside a row is JSON whitespace), a
 * trailing {@code \r} is dropped, and a byte order mark may start only the input's first line,
 * where it is skipped.
 */
final class NdjsonLine {
  /**
   * The record delimiter of the job's text input. Hadoop's default also ends a line at a lone
   * {@code \r}, which would split a row the local engine reads whole.
   */
  static final String DELIMITER = "\n";

  /**
   * Why a later line that starts with a byte order mark is a bad line, as the local engine says.
   */
  static final String BYTE_ORDER_MARK =
      "a byte order mark (U+FEFF) starts the line; only the first line of an input may start with"
          + " one";

  private static final int BOM_1 = 0xEF; // U+FEFF in UTF-8
  private static final int BOM_2 = 0xBB;
  private static final int BOM_3 = 0xBF;

  private NdjsonLine() {}

  /**
   * The text of the line at byte {@code offset} of its input: without a trailing {@code \r}, and
   * for the first line without a byte order mark.
   *
   * @return the text, or {@code null} if a byte order mark starts a line other than the first
   */
  static byte[] text(Text line, long offset) {
    byte[] b = line.getBytes();
    int start = 0;
    int end = line.getLength();
    if (end >= 3 && (b[0] & 0xFF) == BOM_1 && (b[1] & 0xFF) == BOM_2 && (b[2] & 0xFF) == BOM_3) {
      if (offset > 0) {
        return null;
      }
      start = 3;
    }
    if (end > start && b[end - 1] == '\r') {
      end--;
    }
    return Arrays.copyOfRange(b, start, end);
  }
}
