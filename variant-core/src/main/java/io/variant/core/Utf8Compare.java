// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import io.variant.core.internal.Utf8Sequences;

/** Compares UTF-8 bytes with a Java String in code-point order without allocating. */
final class Utf8Compare {
  private Utf8Compare() {}

  /**
   * Returns a negative number, zero or a positive number as the UTF-8 bytes sort before, equal to
   * or after the string's UTF-8 encoding, in unsigned byte order (which equals code-point order).
   */
  static int compare(byte[] b, int off, int len, String s) {
    int n = s.length();
    int ascii = Math.min(len, n);
    int i = 0;
    for (; i < ascii; i++) { // keys are mostly ASCII: one byte per char, compared as they are
      int want = s.charAt(i);
      int have = b[off + i];
      if (want >= 0x80 || have < 0) {
        break;
      }
      if (have != want) {
        return have - want;
      }
    }
    int bi = off + i;
    int bEnd = off + len;
    byte[] encoded = new byte[4]; // only text past an ASCII prefix gets here
    for (int si = i; si < n; ) {
      int cp = s.codePointAt(si);
      si += Character.charCount(cp);
      // A lone surrogate is encoded as its three bytes, which no valid key holds (the builder
      // refuses such a string): it matches nothing, and sorts where its code point does.
      int n1 = Utf8Sequences.encodeCodePoint(cp, encoded, 0);
      for (int k = 0; k < n1; k++) {
        if (bi >= bEnd) {
          return -1; // bytes are a prefix of the string
        }
        int want = encoded[k] & 0xFF;
        int have = b[bi++] & 0xFF;
        if (have != want) {
          return have - want;
        }
      }
    }
    return bi < bEnd ? 1 : 0;
  }
}
