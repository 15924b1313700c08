// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import io.variant.core.internal.Utf8Sequences;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.util.Locale;

/**
 * A strict UTF-8 {@link Reader} that knows where it is: invalid bytes (overlong forms, surrogates,
 * code points above U+10FFFF, truncated sequences) raise a {@link VariantJsonException} at their
 * true line and column, however large the input. The JDK's decoder reports no position, and
 * jackson, which reads ahead in blocks, can only give the position of its last buffer fill.
 *
 * <pre>{@code
 * try (JsonDocumentReader docs = new JsonDocumentReader(new Utf8Reader(in), JsonOptions.defaults())) { ... }
 * }</pre>
 *
 * <p>Every character before the bad byte is delivered first, so documents that precede it are read;
 * the read that reaches the bad byte throws. Lines are counted at {@code \n}; columns are 1-based
 * and count UTF-16 chars, as jackson counts text columns. <b>Thread safety:</b> none.
 */
public final class Utf8Reader extends Reader {
  private static final int BUFFER_BYTES = 1 << 16;

  private final InputStream in;
  private final byte[] buf = new byte[BUFFER_BYTES];
  private int pos;
  private int end;
  private boolean eof;
  private long line = 1;
  private long column = 1; // of the next char
  private char pendingLow; // second half of a surrogate pair that did not fit the caller's buffer

  /** A reader of {@code in}, which {@link #close()} closes. */
  public Utf8Reader(InputStream in) {
    if (in == null) {
      throw new NullPointerException("in");
    }
    this.in = in;
  }

  /**
   * @throws VariantJsonException at the line and column of the first invalid byte, once every char
   *     before it has been read
   */
  @Override
  public int read(char[] cbuf, int off, int len) throws IOException {
    if (len == 0) {
      return 0;
    }
    int n = 0;
    if (pendingLow != 0) {
      cbuf[off + n++] = pendingLow;
      pendingLow = 0;
      column++;
    }
    while (n < len) {
      if (end - pos < 4 && !eof) {
        fill();
      }
      if (pos == end) {
        break;
      }
      int b = buf[pos];
      if (b >= 0) { // ASCII
        pos++;
        cbuf[off + n++] = (char) b;
        if (b == '\n') {
          line++;
          column = 1;
        } else {
          column++;
        }
        continue;
      }
      int length =
          Utf8Sequences.sequenceLength(
              buf, pos, end); // -2 only at the end of the input: fill() keeps 4 bytes
      if (length < 0) {
        if (n > 0) {
          return n; // deliver what precedes the bad byte; the next call throws
        }
        throw VariantJsonException.at(
            line,
            column,
            String.format(
                Locale.ROOT,
                "invalid UTF-8: byte 0x%02X %s",
                buf[pos] & 0xFF,
                length == -2 ? "ends the input inside a character" : "starts no valid character"));
      }
      int cp = decode(buf, pos, length);
      pos += length;
      if (cp >= 0x10000) {
        cbuf[off + n++] = Character.highSurrogate(cp);
        column++;
        if (n == len) {
          pendingLow = Character.lowSurrogate(cp);
          break;
        }
        cbuf[off + n++] = Character.lowSurrogate(cp);
      } else {
        cbuf[off + n++] = (char) cp;
      }
      column++;
    }
    return n == 0 ? -1 : n;
  }

  /**
   * Moves the unread bytes to the front and reads more; sets {@code eof} at the end of the input.
   */
  private void fill() throws IOException {
    int left = end - pos;
    System.arraycopy(buf, pos, buf, 0, left);
    pos = 0;
    end = left;
    while (end < buf.length) {
      int r = in.read(buf, end, buf.length - end);
      if (r < 0) {
        eof = true;
        return;
      }
      end += r;
      if (end - pos >= 4) {
        return;
      }
    }
  }

  private static int decode(byte[] b, int i, int len) {
    int c = b[i] & 0xFF;
    return switch (len) {
      case 2 -> ((c & 0x1F) << 6) | (b[i + 1] & 0x3F);
      case 3 -> ((c & 0x0F) << 12) | ((b[i + 1] & 0x3F) << 6) | (b[i + 2] & 0x3F);
      default ->
          ((c & 0x07) << 18)
              | ((b[i + 1] & 0x3F) << 12)
              | ((b[i + 2] & 0x3F) << 6)
              | (b[i + 3] & 0x3F);
    };
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
