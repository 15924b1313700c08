// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * JSON text as UTF-8 for {@link JsonRowParser#parse(String)}, into a buffer kept from one text to
 * the next, with a guarantee the byte parser can rely on: the bytes are valid UTF-8 (a text with an
 * unpaired surrogate is refused), so strings need not be checked again.
 *
 * <p>Why not {@code String.getBytes(UTF_8)}: for a text stored as UTF-16 (any char above U+00FF,
 * 73% of the mixed corpus's documents) the JDK encodes one char per step into a new array three
 * times the length and copies it down, 12% of {@code parse(String)}'s profile on mixed; and it
 * replaces an unpaired surrogate by '?', which then had to be told from a real one. Why not a char
 * loop of our own over {@code charAt}: for a compact (Latin-1) ASCII text the JDK's encode is one
 * vectorized copy, and such a loop was 5.7 times slower on the wide corpus. So the text is read in
 * chunks with {@code getChars} (a vectorized inflate for a Latin-1 text, an array copy for a UTF-16
 * one), its ASCII runs are narrowed by the JDK's US-ASCII encoder (vectorized as well), and only
 * the chars around non-ASCII ones are encoded by the loop here. Chunks keep the char buffer small,
 * also for the one-shot parse of a large text.
 *
 * <p>Not thread-safe; one per {@link JsonRowParser}.
 */
final class TextToUtf8 {
  /** Chars read per {@code getChars}: a few KB, to stay in the L1 cache. */
  static final int CHUNK = 2048;

  /** ASCII chars in a row after which the rest goes to the JDK's encoder again. */
  private static final int LONG_RUN = 32;

  private final char[] chars = new char[CHUNK];
  private final CharBuffer charBuffer = CharBuffer.wrap(chars);
  private final CharsetEncoder ascii = StandardCharsets.US_ASCII.newEncoder(); // stops at non-ASCII
  private byte[] bytes;
  private ByteBuffer byteBuffer;
  private int length;

  /** With room for {@code capacity} bytes to start with; it grows as texts need. */
  TextToUtf8(int capacity) {
    bytes = new byte[Math.max(capacity, 16)];
    byteBuffer = ByteBuffer.wrap(bytes);
  }

  /**
   * Encodes {@code text} into {@link #bytes()}, {@link #length()} of them, or returns false if it
   * starts with a byte order mark (the jackson path takes those) or holds an unpaired surrogate
   * (which strict UTF-8 cannot encode: the jackson path reports it).
   */
  boolean encode(String text) {
    int n = text.length();
    if (n > 0 && text.charAt(0) == '\uFEFF') {
      return false;
    }
    ensure(capacityFor(n));
    int out = 0;
    for (int from = 0; from < n; ) {
      int to = Math.min(n, from + CHUNK);
      if (to < n && Character.isHighSurrogate(text.charAt(to - 1))) {
        to--; // a pair is encoded from one chunk
      }
      text.getChars(from, to, chars, 0);
      out = chunk(to - from, out);
      if (out < 0) {
        return false;
      }
      from = to;
    }
    length = out;
    return true;
  }

  /**
   * The buffer size that encodes a text of {@code chars} chars without growing when its bytes do
   * not outnumber its chars (ASCII, or a little other text): a chunk reserves 3 bytes per char it
   * has not encoded yet, at most 2 per char of one chunk more than the text takes. Sized exactly,
   * the last chunk of a one-shot megabyte text doubled the buffer and copied it.
   */
  static int capacityFor(int chars) {
    return chars + 2 * Math.min(chars, CHUNK);
  }

  /** The UTF-8 of the last text {@link #encode} took; valid up to {@link #length()}. */
  byte[] bytes() {
    return bytes;
  }

  /** The byte length of the last text {@link #encode} took. */
  int length() {
    return length;
  }

  /**
   * Encodes {@code count} chars of {@link #chars} at {@code out}; returns the new end, or -1 at an
   * unpaired surrogate. ASCII runs go to the JDK's vectorized encoder: the one at the start, and
   * each one after other text that is longer than {@link #LONG_RUN} (a call costs some tens of
   * chars' work, so mostly non-ASCII text with spaces between stays in this loop).
   */
  private int chunk(int count, int out) {
    int i = 0;
    while (true) {
      ensure(out + 3 * (count - i)); // a char takes at most 3 bytes, a pair 4
      int run = asciiRun(i, count, out);
      i += run;
      out += run;
      byte[] b = bytes;
      char[] c = chars;
      int ascii = 0; // ASCII chars in a row
      while (i < count && ascii < LONG_RUN) {
        char ch = c[i++];
        if (ch < 0x80) {
          b[out++] = (byte) ch;
          ascii++;
          continue;
        }
        ascii = 0;
        if (ch < 0x800) {
          b[out++] = (byte) (0xC0 | ch >> 6);
          b[out++] = (byte) (0x80 | ch & 0x3F);
        } else if (!Character.isSurrogate(ch)) {
          b[out++] = (byte) (0xE0 | ch >> 12);
          b[out++] = (byte) (0x80 | ch >> 6 & 0x3F);
          b[out++] = (byte) (0x80 | ch & 0x3F);
        } else if (Character.isHighSurrogate(ch) && i < count && Character.isLowSurrogate(c[i])) {
          int cp = Character.toCodePoint(ch, c[i++]);
          b[out++] = (byte) (0xF0 | cp >> 18);
          b[out++] = (byte) (0x80 | cp >> 12 & 0x3F);
          b[out++] = (byte) (0x80 | cp >> 6 & 0x3F);
          b[out++] = (byte) (0x80 | cp & 0x3F);
        } else {
          return -1;
        }
      }
      if (i == count) {
        return out;
      }
    }
  }

  /**
   * Narrows the ASCII chars of {@code chars[from, count)} up to the first other char to {@link
   * #bytes} at {@code out} by the JDK's vectorized US-ASCII encoder, which stops there; returns how
   * many it took. The caller has made room for them.
   */
  private int asciiRun(int from, int count, int out) {
    charBuffer.limit(count).position(from);
    byteBuffer.limit(bytes.length).position(out);
    ascii.reset();
    ascii.encode(charBuffer, byteBuffer, true); // the result only says why it stopped
    return charBuffer.position() - from;
  }

  private void ensure(int capacity) {
    if (bytes.length < capacity) {
      bytes = Arrays.copyOf(bytes, Math.max(capacity, bytes.length * 2));
      byteBuffer = ByteBuffer.wrap(bytes);
    }
  }
}
