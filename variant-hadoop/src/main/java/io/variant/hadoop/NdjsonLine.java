// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import io.variant.core.internal.NdjsonLineReader;
import io.variant.core.internal.NdjsonLines;
import java.util.Arrays;
import org.apache.hadoop.io.Text;

/**
 * A line of the job's input as {@link NdjsonInputFormat} reads it for the tasks: its bytes up to
 * the line limit ({@link NdjsonLineReader}), and what {@link NdjsonLines} makes of it, which its
 * kept bytes alone cannot tell for a line over the limit. A line that another input format gives
 * whole is judged by the same rules ({@link #kind}).
 */
final class NdjsonLine extends Text {
  private NdjsonLines.Kind kind = NdjsonLines.Kind.BLANK;

  /** This line made the line {@code lines} read last, its input's first if {@code firstLine}. */
  void set(NdjsonLineReader lines, boolean firstLine) {
    set(lines.lineBuffer(), 0, lines.lineLength());
    kind = lines.kind(firstLine);
  }

  /**
   * What {@code line}, at byte {@code offset} of its input, is: as read ({@link NdjsonLine}), or by
   * {@link NdjsonLines#kind} for a whole line.
   */
  static NdjsonLines.Kind kind(Text line, long offset, int maxLineBytes) {
    return line instanceof NdjsonLine l
        ? l.kind
        : NdjsonLines.kind(line.getBytes(), line.getLength(), offset == 0, maxLineBytes);
  }

  /**
   * The document of {@code line}, a {@link NdjsonLines.Kind#DOCUMENT} at byte {@code offset} of its
   * input: without a trailing {@code \r}, and for the first line without a byte order mark.
   */
  static byte[] text(Text line, long offset) {
    byte[] b = line.getBytes();
    int start = NdjsonLines.textStart(b, 0, line.getLength(), offset == 0);
    return Arrays.copyOfRange(b, start, NdjsonLines.textEnd(b, start, line.getLength()));
  }
}
