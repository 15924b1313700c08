// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.io.IOException;
import java.io.Writer;
import java.util.HexFormat;

/**
 * Lower-case hex text for byte arrays, and back, with the position of any bad digit. The digits
 * come from {@link HexFormat}; what this class adds is the bulk write and the error position. An
 * instance keeps a scratch buffer so that a value is written with one bulk write, not one call per
 * digit ({@code HexFormat.formatHex(Appendable, ...)} appends digit by digit); it is not
 * thread-safe.
 */
final class Hex {
  private static final HexFormat LOWER = HexFormat.of();

  private char[] scratch = new char[256];

  /** Writes {@code bytes} to {@code out} as lower-case hex, two digits per byte. */
  void write(byte[] bytes, Writer out) throws IOException {
    int length = fill(bytes); // first: it may replace scratch
    out.write(scratch, 0, length);
  }

  /** Appends {@code bytes} to {@code out} as lower-case hex, two digits per byte. */
  void append(byte[] bytes, StringBuilder out) {
    int length = fill(bytes); // first: it may replace scratch
    out.append(scratch, 0, length);
  }

  /** Puts the digits of {@code bytes} at the start of {@code scratch}; returns how many. */
  private int fill(byte[] bytes) {
    if (scratch.length < 2 * bytes.length) {
      scratch = new char[2 * bytes.length];
    }
    for (int i = 0; i < bytes.length; i++) {
      scratch[2 * i] = LOWER.toHighHexDigit(bytes[i]);
      scratch[2 * i + 1] = LOWER.toLowHexDigit(bytes[i]);
    }
    return 2 * bytes.length;
  }

  /**
   * Decodes the hex digits in {@code text[from, to)}; both cases are accepted.
   *
   * @throws BadDigit naming the 0-based index in {@code text} of a non-hex character, or of the
   *     last digit when the count is odd
   */
  static byte[] decode(CharSequence text, int from, int to) throws BadDigit {
    byte[] out = new byte[(to - from) / 2];
    for (int i = 0; i < out.length; i++) {
      out[i] = (byte) (digit(text, from + 2 * i) << 4 | digit(text, from + 2 * i + 1));
    }
    if (((to - from) & 1) != 0) {
      digit(text, to - 1); // a bad character is the more precise message
      throw new BadDigit(to - 1, "odd number of hex digits (" + (to - from) + ")");
    }
    return out;
  }

  private static int digit(CharSequence text, int index) throws BadDigit {
    char c = text.charAt(index);
    if (HexFormat.isHexDigit(c)) { // ASCII digits and letters of either case only
      return HexFormat.fromHexDigit(c);
    }
    throw new BadDigit(index, "'" + printable(c) + "' is not a hex digit");
  }

  private static String printable(char c) {
    return c < 0x20 || c > 0x7E ? "\\u" + LOWER.toHexDigits(c) : String.valueOf(c);
  }

  /** A character that is not a hex digit; checked, so callers must attach the line and file. */
  static final class BadDigit extends Exception {
    private final int index;

    BadDigit(int index, String message) {
      // control flow for a caller that adds the location: no stack
      super(message, null, false, false);
      this.index = index;
    }

    /** 0-based index of the offending character in the decoded text. */
    int index() {
      return index;
    }
  }
}
