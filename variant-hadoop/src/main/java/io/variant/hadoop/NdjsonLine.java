// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import io.variant.core.internal.NdjsonLines;
import java.util.Arrays;
import org.apache.hadoop.io.Text;

/**
 * The job's lines as the local engine reads them, for its tasks and its plan sample: {@link
 * NdjsonLines}' rules applied to Hadoop's {@link Text} lines.
 */
final class NdjsonLine {
  /**
   * The record delimiter of the job's text input: {@link NdjsonLines#END} alone. Hadoop's default
   * also ends a line at a lone {@code \r}, which would split a row the local engine reads whole.
   */
  static final String DELIMITER = String.valueOf((char) NdjsonLines.END);

  private NdjsonLine() {}

  /**
   * The document of the line at byte {@code offset} of its input: without a trailing {@code \r},
   * and for the first line without a byte order mark.
   *
   * @return the text, or {@code null} if a byte order mark starts a line other than the first
   *     ({@link NdjsonLines#BYTE_ORDER_MARK})
   */
  static byte[] text(Text line, long offset) {
    byte[] b = line.getBytes();
    int start = NdjsonLines.textStart(b, 0, line.getLength(), offset == 0);
    return start < 0
        ? null
        : Arrays.copyOfRange(b, start, NdjsonLines.textEnd(b, start, line.getLength()));
  }

  /** True if {@code text} (a line's document) is blank: skipped, not a bad line. */
  static boolean isBlank(byte[] text) {
    return NdjsonLines.isBlank(text, 0, text.length);
  }
}
