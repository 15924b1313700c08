// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.encoding;

import java.util.Arrays;
import org.apache.parquet.io.ParquetDecodingException;

/**
 * Parquet's delta encodings, decoded a page at a time from a byte array: {@code
 * DELTA_BINARY_PACKED} (integers, and the lengths inside the two below), {@code
 * DELTA_LENGTH_BYTE_ARRAY} and {@code DELTA_BYTE_ARRAY} (binaries as a shared prefix plus a
 * suffix). parquet-java's readers slice a {@code ByteBuffer} per binary value (11% of a full read
 * of the event log); these hand out each value as an array of its own.
 *
 * <p>One decoder per leaf, reused page after page. Damaged input fails with {@link
 * ParquetDecodingException}, never an index error. <b>Thread safety:</b> none.
 */
final class DeltaPages {
  private static final long MAX_BLOCK = 1 << 20; // writers use 128; bounds a forged header
  private long[] ints = new long[0]; // integers, or binary lengths
  private long[] prefixes = new long[0]; // DELTA_BYTE_ARRAY: prefix lengths
  private int count; // values in the page
  private int next; // the next value to hand out
  private byte[] buf;
  private int pos; // binaries: where the next value's bytes start
  private int end;
  private byte[] previous; // DELTA_BYTE_ARRAY: the value before the next one
  private boolean prefixed;
  private boolean ofBinaries; // the page holds binaries (else integers)
  private int valuesEnd; // integers: where the last miniblock read ends
  private int miniblocks; // per block, as the last header read says
  private int limit; // values the page can hold: bounds what a forged header allocates

  /** Starts a page of at most {@code limit} integers at {@code buf[from, to)}. */
  void integers(byte[] buf, int from, int to, int limit) {
    this.limit = limit;
    this.buf = buf;
    this.end = to;
    this.ofBinaries = false;
    long[][] out = {ints};
    valuesEnd = packed(from, out);
    ints = out[0];
    next = 0;
  }

  /** The next integer of the page. */
  long nextLong() {
    if (next >= count) {
      throw new ParquetDecodingException("Cannot read a delta value: the page holds " + count);
    }
    return ints[next++];
  }

  /**
   * Starts a page of binaries at {@code buf[from, to)}: {@code DELTA_BYTE_ARRAY} if {@code
   * prefixed}, else {@code DELTA_LENGTH_BYTE_ARRAY}; at most {@code limit} of them.
   */
  void binaries(byte[] buf, int from, int to, boolean prefixed, int limit) {
    this.limit = limit;
    this.buf = buf;
    this.end = to;
    this.prefixed = prefixed;
    this.ofBinaries = true;
    int p = from;
    int n = -1;
    if (prefixed) {
      long[][] out = {prefixes};
      p = packed(p, out);
      prefixes = out[0];
      n = count;
    }
    long[][] out = {ints};
    p = packed(p, out);
    ints = out[0];
    if (n >= 0 && n != count) {
      throw new ParquetDecodingException(
          "Cannot read DELTA_BYTE_ARRAY: " + n + " prefixes for " + count + " suffixes");
    }
    pos = p;
    next = 0;
    previous = new byte[0];
  }

  /** The next binary of the page, an array nobody else holds. */
  byte[] nextBinary() {
    if (next >= count) {
      throw new ParquetDecodingException("Cannot read a delta value: the page holds " + count);
    }
    long length = ints[next];
    long prefix = prefixed ? prefixes[next] : 0;
    next++;
    if (length < 0 || length > end - pos || prefix < 0 || prefix > previous.length) {
      throw new ParquetDecodingException(
          "Cannot read a delta binary: a suffix of "
              + length
              + " bytes after a prefix of "
              + prefix
              + " runs past the page or the previous value");
    }
    int p = (int) prefix;
    int n = (int) length;
    byte[] v = p == 0 ? Arrays.copyOfRange(buf, pos, pos + n) : new byte[p + n];
    if (p > 0) {
      System.arraycopy(previous, 0, v, 0, p);
      System.arraycopy(buf, pos, v, p, n);
    }
    pos += n;
    previous = v;
    return v;
  }

  /**
   * Once the values wanted are read: why the page's bytes do not end with them, or {@code null} if
   * they do. spec: Encodings.md, Delta Encoding: the miniblocks of the last block that hold no
   * value have no bytes, so integers end where the last miniblock read does; a writer may still end
   * them with a block of no values (its minimum delta and bit widths alone), which is all that may
   * follow them. The binaries of Delta-length byte array and Delta Strings end with the last one's
   * bytes. Every value the header counts must have been read: the page's levels call for them.
   */
  String leftover() {
    if (next < count) {
      return (count - next) + " of its " + count + " values are left unread";
    }
    int last = ofBinaries ? pos : valuesEnd;
    if (last == end || !ofBinaries && emptyBlock(last)) {
      return null;
    }
    return PageEnd.bytesLeft(end - last);
  }

  /**
   * Whether {@code buf[p, end)} is exactly a block's header: its minimum delta (a varint) and a bit
   * width per miniblock.
   */
  private boolean emptyBlock(int p) {
    for (int shift = 0; p < end && shift <= 63; shift += 7) {
      if (buf[p++] >= 0) {
        return end - p == miniblocks;
      }
    }
    return false;
  }

  /**
   * spec: Parquet Encodings, DELTA_BINARY_PACKED. Decodes the block starting at {@code p} into
   * {@code out[0]} (grown as needed), sets {@link #count}, returns the offset after its last
   * miniblock read.
   */
  private int packed(int p, long[][] out) {
    long[] header = new long[1];
    p = varint(p, header);
    long blockSize = header[0];
    p = varint(p, header);
    long miniblocks = header[0];
    p = varint(p, header);
    long total = header[0];
    p = varint(p, header);
    long first = (header[0] >>> 1) ^ -(header[0] & 1);
    if (blockSize <= 0
        || blockSize > MAX_BLOCK
        || blockSize % 128 != 0
        || miniblocks <= 0
        || blockSize % miniblocks != 0
        || (blockSize / miniblocks) % 32 != 0
        || total < 0
        || total > limit) {
      throw new ParquetDecodingException(
          "Cannot read DELTA_BINARY_PACKED: block of "
              + blockSize
              + " values in "
              + miniblocks
              + " miniblocks, "
              + total
              + " values");
    }
    int n = (int) total;
    this.miniblocks = (int) miniblocks;
    long[] v = out[0].length >= n ? out[0] : new long[Math.max(n, 16)];
    out[0] = v;
    count = n;
    if (n == 0) {
      return p;
    }
    v[0] = first;
    int have = 1;
    int perMini = (int) (blockSize / miniblocks);
    int[] widths = new int[(int) miniblocks];
    while (have < n) {
      p = varint(p, header);
      long minDelta = (header[0] >>> 1) ^ -(header[0] & 1);
      if (end - p < widths.length) {
        throw new ParquetDecodingException(
            "Cannot read DELTA_BINARY_PACKED: a block past the page");
      }
      for (int m = 0; m < widths.length; m++) {
        widths[m] = buf[p++] & 0xFF;
      }
      for (int m = 0; m < widths.length && have < n; m++) {
        int width = widths[m];
        if (width > 64) {
          throw new ParquetDecodingException(
              "Cannot read DELTA_BINARY_PACKED: a miniblock of " + width + "-bit deltas");
        }
        long bytes = (long) perMini * width / 8;
        if (bytes > end - p) {
          throw new ParquetDecodingException(
              "Cannot read DELTA_BINARY_PACKED: a miniblock past the page");
        }
        int take = Math.min(perMini, n - have);
        unpack(p, width, take, v, have, minDelta);
        have += take;
        p += (int) bytes;
      }
    }
    return p;
  }

  /** {@code take} deltas of {@code width} bits from {@code p}, added up into {@code v[at...]}. */
  private void unpack(int p, int width, int take, long[] v, int at, long minDelta) {
    long acc = 0; // bits not consumed yet, lowest first
    int bits = 0;
    long mask = width == 64 ? -1L : (1L << width) - 1;
    long prev = v[at - 1];
    for (int i = 0; i < take; i++) {
      long d;
      if (width == 0) {
        d = 0;
      } else {
        // fill: up to 64 bits; a value of more than 56 bits may straddle the accumulator
        while (bits < width && bits <= 56) {
          acc |= (long) (buf[p++] & 0xFF) << bits;
          bits += 8;
        }
        if (bits >= width) {
          d = acc & mask;
          acc = width == 64 ? 0 : acc >>> width;
          bits -= width;
        } else { // 57..64-bit values: take what the accumulator has, then the rest
          long low = acc;
          int lowBits = bits;
          acc = 0;
          bits = 0;
          while (bits < width - lowBits) {
            acc |= (long) (buf[p++] & 0xFF) << bits;
            bits += 8;
          }
          int highBits = width - lowBits;
          d = (low | (acc & ((1L << highBits) - 1)) << lowBits) & mask;
          acc >>>= highBits;
          bits -= highBits;
        }
      }
      prev += minDelta + d;
      v[at + i] = prev;
    }
  }

  /** An unsigned LEB128 varint at {@code p} into {@code out[0]}; returns the offset after it. */
  private int varint(int p, long[] out) {
    long v = 0;
    for (int shift = 0; ; shift += 7) {
      if (p >= end || shift > 63) {
        throw new ParquetDecodingException(
            "Cannot read DELTA_BINARY_PACKED: a header past the page");
      }
      int b = buf[p++];
      v |= (long) (b & 0x7F) << shift;
      if (b >= 0) {
        out[0] = v;
        return p;
      }
    }
  }
}
