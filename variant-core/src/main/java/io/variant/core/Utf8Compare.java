package io.variant.core;

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
    for (int si = i; si < n; ) {
      int cp = s.codePointAt(si);
      si += Character.charCount(cp);
      if (cp >= 0xD800 && cp <= 0xDFFF) {
        cp = '?'; // lone surrogate: encode it as String.getBytes (and so the builder and idOf) does
      }
      int n1;
      int b0;
      int b1 = 0;
      int b2 = 0;
      int b3 = 0;
      if (cp < 0x80) {
        n1 = 1;
        b0 = cp;
      } else if (cp < 0x800) {
        n1 = 2;
        b0 = 0xC0 | (cp >>> 6);
        b1 = 0x80 | (cp & 0x3F);
      } else if (cp < 0x10000) {
        n1 = 3;
        b0 = 0xE0 | (cp >>> 12);
        b1 = 0x80 | ((cp >>> 6) & 0x3F);
        b2 = 0x80 | (cp & 0x3F);
      } else {
        n1 = 4;
        b0 = 0xF0 | (cp >>> 18);
        b1 = 0x80 | ((cp >>> 12) & 0x3F);
        b2 = 0x80 | ((cp >>> 6) & 0x3F);
        b3 = 0x80 | (cp & 0x3F);
      }
      for (int k = 0; k < n1; k++) {
        if (bi >= bEnd) {
          return -1; // bytes are a prefix of the string
        }
        int want = k == 0 ? b0 : k == 1 ? b1 : k == 2 ? b2 : b3;
        int have = b[bi++] & 0xFF;
        if (have != want) {
          return have - want;
        }
      }
    }
    return bi < bEnd ? 1 : 0;
  }
}
