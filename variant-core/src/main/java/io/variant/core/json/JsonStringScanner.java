// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import io.variant.core.VariantBuilder;
import io.variant.core.internal.Utf8Sequences;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The string scanning of {@link JsonBytesParser}: one JSON string or key from UTF-8 bytes straight
 * into a {@link VariantBuilder}. The scan that finds a string's end runs 8 bytes at a time (SWAR)
 * and ORs the scanned words together, so an ASCII string (most strings of real documents) needs no
 * second pass to be known valid UTF-8; escapes are decoded into a scratch buffer. What it declines
 * (a control character, a malformed escape, an unpaired surrogate, invalid UTF-8) goes to the
 * jackson path, which says where.
 *
 * <p>Not thread-safe; one instance per {@link JsonBytesParser}.
 */
final class JsonStringScanner {
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGH_BITS = 0x8080808080808080L;

  private byte[] scratch = new byte[128]; // strings with escapes, unescaped
  private long plainBits; // the OR of the bytes the last plainRun() call passed
  private int afterQuote; // where the last unescape() call stopped: after the closing quote

  /**
   * A string value or key at its opening quote {@code b[quote]}, ending before {@code end}. A value
   * without escapes is checked here, in the scan that finds its end, and only a non-ASCII one is
   * decoded by {@link Utf8#firstInvalid}; keys and unescaped strings are checked by the builder (a
   * key only the first time the builder sees it). With {@code trustedUtf8} the caller vouches that
   * the bytes are valid UTF-8 and values are not checked.
   *
   * @return the position after the closing quote, or -1 if the jackson path must take it
   */
  int scan(byte[] b, int quote, int end, boolean key, boolean trustedUtf8, VariantBuilder out) {
    int start = quote + 1;
    int p = plainRun(b, start, end);
    byte c = p < end ? b[p] : 0;
    if (p >= end || (c >= 0 && c < 0x20)) {
      return -1;
    }
    if (c == '"') {
      if (key) {
        out.keyUtf8(b, start, p - start);
      } else if (trustedUtf8
          || (plainBits & HIGH_BITS) == 0
          || Utf8Sequences.firstInvalid(b, start, p) < 0) {
        out.appendStringUtf8Unchecked(b, start, p - start);
      } else {
        return -1; // invalid UTF-8: the jackson path says where
      }
      return p + 1;
    }
    int n = unescape(b, start, p, end);
    if (n < 0) {
      return -1;
    }
    if (key) {
      out.keyUtf8(scratch, 0, n);
    } else if (trustedUtf8) { // escapes decode to valid UTF-8: paired surrogates only
      out.appendStringUtf8Unchecked(scratch, 0, n);
    } else {
      out.appendStringUtf8(scratch, 0, n);
    }
    return afterQuote;
  }

  /**
   * The position of the first quote, backslash or control character from {@code p} on, or {@code
   * end}; leaves the OR of the bytes before it in {@link #plainBits} (bit 7 set in a byte if one is
   * non-ASCII). Words of 8 bytes are scanned and OR-ed together, so an ASCII run (most of real
   * documents' strings) needs no second pass to be known valid UTF-8.
   */
  private int plainRun(byte[] b, int p, int end) {
    long seen = 0;
    while (p + 8 <= end) {
      long word = (long) LONGS.get(b, p);
      long found = special(word);
      if (found != 0) { // the lowest flagged byte is the first special one: no byte loop
        int ahead = Long.numberOfTrailingZeros(found) >>> 3;
        plainBits = seen | word & ~(-1L << (8 * ahead)); // the bytes before it, if any
        return p + ahead;
      }
      seen |= word;
      p += 8;
    }
    while (p < end) {
      byte c = b[p];
      if (c == '"' || c == '\\' || (c >= 0 && c < 0x20)) {
        break;
      }
      seen |= c; // a negative byte sign-extends into bit 7
      p++;
    }
    plainBits = seen;
    return p;
  }

  /**
   * Flags (bit 7 of a byte) the bytes of 8 that are a quote, a backslash or a control character
   * (SWAR: a byte is zero in {@code x ^ '"'} where it is a quote; {@code x - 0x20..} borrows into
   * bit 7 where a byte is below 0x20). Bytes of 0x80 and above are none of these. A borrow only
   * runs upwards, so the lowest flagged byte is exact; later flags may be false alarms.
   */
  private static long special(long x) {
    long quote = x ^ 0x2222222222222222L;
    long backslash = x ^ 0x5C5C5C5C5C5C5C5CL;
    long found =
        ((quote - ONES) & ~quote)
            | ((backslash - ONES) & ~backslash)
            | ((x - 0x2020202020202020L) & ~x);
    return found & 0x8080808080808080L;
  }

  /**
   * Copies the string from {@code start} to its closing quote into {@link #scratch}, decoding
   * escapes; {@code p} is the first backslash. Leaves the position after the closing quote in
   * {@link #afterQuote}.
   *
   * @return the byte length, or -1 for a malformed escape, an unpaired surrogate or a control
   *     character
   */
  private int unescape(byte[] b, int start, int p, int end) {
    int n = p - start;
    ensureScratch(n + 16);
    System.arraycopy(b, start, scratch, 0, n);
    while (p < end) {
      byte c = b[p];
      if (c == '"') {
        afterQuote = p + 1;
        return n;
      }
      if (c >= 0 && c < 0x20) {
        return -1;
      }
      if (c != '\\') { // a run of plain bytes up to the next quote, backslash or control byte
        int q = plainRun(b, p, end);
        ensureScratch(n + (q - p));
        System.arraycopy(b, p, scratch, n, q - p);
        n += q - p;
        p = q;
        continue;
      }
      ensureScratch(n + 4);
      if (p + 1 >= end) {
        return -1;
      }
      byte e = b[p + 1];
      p += 2;
      switch (e) {
        case '"', '\\', '/' -> scratch[n++] = e;
        case 'b' -> scratch[n++] = '\b';
        case 'f' -> scratch[n++] = '\f';
        case 'n' -> scratch[n++] = '\n';
        case 'r' -> scratch[n++] = '\r';
        case 't' -> scratch[n++] = '\t';
        case 'u' -> {
          int cp = hex4(b, p, end);
          if (cp < 0) {
            return -1;
          }
          p += 4;
          if (Character.isHighSurrogate((char) cp)) {
            int low = p + 6 <= end && b[p] == '\\' && b[p + 1] == 'u' ? hex4(b, p + 2, end) : -1;
            if (low < 0 || !Character.isLowSurrogate((char) low)) {
              return -1; // unpaired: the jackson path names it
            }
            p += 6;
            cp = Character.toCodePoint((char) cp, (char) low);
          } else if (Character.isLowSurrogate((char) cp)) {
            return -1;
          }
          n = Utf8Sequences.encodeCodePoint(cp, scratch, n);
        }
        default -> {
          return -1;
        }
      }
    }
    return -1;
  }

  private static int hex4(byte[] b, int p, int end) {
    if (p + 4 > end) {
      return -1;
    }
    int v = 0;
    for (int i = 0; i < 4; i++) {
      int d = Character.digit(b[p + i], 16);
      if (d < 0) {
        return -1;
      }
      v = (v << 4) | d;
    }
    return v;
  }

  private void ensureScratch(int n) {
    if (scratch.length < n) {
      scratch = Arrays.copyOf(scratch, Math.max(n, scratch.length * 2));
    }
  }
}
