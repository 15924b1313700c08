// SPDX-License-Identifier: Apache-2.0
package io.variant.testkit;

import java.util.HexFormat;

/**
 * Hex text for hand-written golden bytes. {@link #bytes} ignores whitespace, so a fixture can group
 * bytes by meaning: {@code Hex.bytes("02 01 | 00 | 00 02 | 0C 2A")} is not allowed (only hex digits
 * and whitespace), but {@code Hex.bytes("02 01 00 00 02 0C 2A")} is.
 */
public final class Hex {
  private static final HexFormat UPPER = HexFormat.ofDelimiter(" ").withUpperCase();

  private Hex() {}

  /**
   * Parses pairs of hex digits; whitespace between bytes is ignored.
   *
   * @throws IllegalArgumentException on an odd digit count or a non-hex character
   */
  public static byte[] bytes(String hex) {
    String digits = hex.replaceAll("\\s+", "");
    if (digits.length() % 2 != 0) {
      throw new IllegalArgumentException("odd number of hex digits in \"" + hex + "\"");
    }
    return HexFormat.of().parseHex(digits);
  }

  /**
   * Upper-case hex with one space between bytes, e.g. {@code "02 01 00"}; parses back with {@link
   * #bytes}.
   */
  public static String of(byte[] bytes) {
    return UPPER.formatHex(bytes);
  }

  /** {@link #of(byte[])} for {@code length} bytes from {@code offset}. */
  public static String of(byte[] bytes, int offset, int length) {
    return UPPER.formatHex(bytes, offset, offset + length);
  }
}
