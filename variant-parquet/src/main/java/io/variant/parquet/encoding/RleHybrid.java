// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.encoding;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.parquet.io.ParquetDecodingException;

/**
 * Parquet's RLE / bit-packing hybrid encoding (repetition and definition levels, dictionary ids),
 * decoded from a byte array a few hundred values at a time into an {@code int[]}: what
 * parquet-java's {@code RunLengthBitPackingHybridDecoder} returns value by value through a stream
 * (its per-byte stream reads of run headers were 16% of a full read). Resumable, so a leaf keeps
 * small buffers that stay in cache rather than a page of levels: a row of 80 leaves read from
 * page-sized arrays spent a fifth of its time in cache misses on them.
 *
 * <p>Damaged input fails with {@link ParquetDecodingException}, never an index error: runs that end
 * before the values asked for, a run header or value past the end. A last bit-packed group cut
 * short reads the missing bytes as zeros, as parquet-java's decoder does. <b>Thread safety:</b>
 * none.
 */
final class RleHybrid {
  /** The values of each bit-packed run some writers write, the last one padded (DuckDB's). */
  private static final int BLOCK = 256;

  private static final VarHandle WORDS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private byte[] buf;
  private int pos; // the next run header, or the next byte of the bit-packed run
  private int end;
  private int bitWidth;
  private long mask;
  private long runLeft; // values left in the current RLE run
  private int runValue;
  private long packedLeft; // values left in the current bit-packed run
  private int packedEnd; // where the bit-packed run's bytes end (or the input, if cut short)
  private long acc; // bit-packed bits not consumed yet, lowest first
  private int bits;
  private int counted; // readCounting: the values equal to its max
  private int single = -1; // readCounting: the one value, or -1
  // for leftover(): the values handed out, and the last run read (its first value's index, -1
  // before any; its values; whether bit-packed; where its packed bytes start)
  private long decoded;
  private long runFirst;
  private long runLength;
  private boolean runPacked;
  private int runBytes;

  /**
   * Starts decoding values of {@code bitWidth} bits (0 to 32) from {@code buf[from, to)}.
   *
   * @return this
   */
  RleHybrid start(byte[] buf, int from, int to, int bitWidth) {
    if (bitWidth < 0 || bitWidth > 32) {
      throw new ParquetDecodingException("Cannot decode values of " + bitWidth + " bits");
    }
    this.buf = buf;
    this.pos = from;
    this.end = to;
    this.bitWidth = bitWidth;
    this.mask = (1L << bitWidth) - 1;
    runLeft = 0;
    packedLeft = 0;
    acc = 0;
    bits = 0;
    decoded = 0;
    runFirst = -1;
    return this;
  }

  /**
   * Decodes {@code count} values of {@code bitWidth} bits (0 to 32) from {@code buf[from, to)} into
   * {@code out[0, count)}.
   *
   * @return the offset after the last run read
   */
  static int decode(byte[] buf, int from, int to, int bitWidth, int[] out, int count) {
    RleHybrid d = new RleHybrid().start(buf, from, to, bitWidth);
    d.read(out, 0, count);
    return d.packedLeft > 0 ? d.packedEnd : d.pos;
  }

  /** Decodes the next {@code n} values into {@code out[off, off + n)}. */
  void read(int[] out, int off, int n) {
    readSome(out, off, n, true, -1);
  }

  /**
   * Decodes the next {@code n} values into {@code out[0, n)}, as {@link #read}, and returns how
   * many of them are {@code max} (levels: the entries that hold a value), counted as they are
   * decoded instead of in a second pass; {@link #single()} then tells whether they are all one
   * value.
   */
  int readCounting(int[] out, int n, int max) {
    readSome(out, 0, n, true, max);
    return counted;
  }

  /**
   * After {@link #readCounting}: the value all of its values share when they came from runs of one
   * repeated value, else -1 (values of a bit-packed run, even if equal, count as differing).
   */
  int single() {
    return single;
  }

  /**
   * Decodes up to {@code n} values into {@code out[0, n)}, fewer where the input ends between runs
   * (dictionary ids: how many a page holds is known only from its levels).
   *
   * @return the number of values decoded
   */
  int readUpTo(int[] out, int n) {
    return readSome(out, 0, n, false, -1);
  }

  /**
   * Also counts the values equal to {@code max} into {@link #counted}, and sets {@link #single}.
   */
  private int readSome(int[] out, int off, int n, boolean all, int max) {
    int i = off;
    int stop = off + n;
    int count = 0;
    int one = -2; // the one value so far: -2 none yet, -1 several
    while (i < stop) {
      if (runLeft > 0) {
        int take = (int) Math.min(runLeft, stop - i);
        int v = runValue;
        Arrays.fill(out, i, i + take, v);
        i += take;
        runLeft -= take;
        count += v == max ? take : 0;
        one = one == -2 || one == v ? v : -1;
      } else if (packedLeft > 0) {
        int take = (int) Math.min(packedLeft, stop - i);
        count += unpack(out, i, take, max);
        one = -1;
        i += take;
        packedLeft -= take;
        if (packedLeft == 0) {
          pos = packedEnd; // whole groups: no bits left over
          acc = 0;
          bits = 0;
        }
      } else if (!all && pos >= end) {
        break;
      } else {
        nextRun(i - off, n);
      }
    }
    counted = count;
    single = one < 0 ? -1 : one;
    decoded += i - off;
    return i - off;
  }

  /**
   * Unpacks {@code take} values of the bit-packed run; returns how many of them are {@code max}.
   */
  private int unpack(int[] out, int from, int take, int max) {
    int count = 0;
    long a = acc;
    int b = bits;
    int p = pos;
    int w = bitWidth;
    int i = from;
    int stop = from + take;
    while (i < stop) {
      if (b == 0 && w > 0) {
        // Whole groups of 8 values (w bytes each) where no bits are pending: in one loop, each
        // value from a little-endian word, as long as the group's bytes are in the run and every
        // word read is in the array.
        int room = buf.length - 8 - ((7 * w) >>> 3) - p; // for the words after the first group's
        int groups =
            room < 0 ? 0 : Math.min(Math.min((stop - i) >>> 3, (packedEnd - p) / w), room / w + 1);
        if (groups > 0) {
          count += groups(out, i, p, groups, max);
          i += groups << 3;
          p += groups * w;
          continue;
        }
      }
      while (b < w) {
        a |= (long) (p < packedEnd ? buf[p] & 0xFF : 0) << b;
        p++;
        b += 8;
      }
      int v = (int) (a & mask);
      out[i++] = v;
      count += v == max ? 1 : 0;
      a >>>= w;
      b -= w;
    }
    acc = a;
    bits = b;
    pos = p;
    return count;
  }

  /**
   * Unpacks {@code groups} whole groups of 8 values from {@code buf[p, p + groups * w)} into {@code
   * out[i, i + 8 * groups)}; returns how many are {@code max}. Invariant: every word read (8 bytes
   * from {@code p + (7w >>> 3)} in the last group) is in the array. A method of its own, so that it
   * is compiled as a unit with its word reads (reached from deep in a leaf's decoding, a word
   * read's guard was once left as a call).
   */
  private int groups(int[] out, int i, int p, int groups, int max) {
    byte[] in = buf;
    int w = bitWidth;
    long m = mask;
    int count = 0;
    if (w <= 8) { // levels, small dictionaries: a group is one word
      for (int g = 0; g < groups; g++) {
        long word = (long) WORDS.get(in, p);
        for (int k = 0; k < 8; k++) {
          int v = (int) ((word >>> (k * w)) & m);
          out[i + k] = v;
          count += v == max ? 1 : 0;
        }
        i += 8;
        p += w;
      }
      return count;
    }
    for (int g = 0; g < groups; g++) {
      for (int k = 0; k < 8; k++) {
        int o = k * w;
        long word = (long) WORDS.get(in, p + (o >>> 3));
        int v = (int) ((word >>> (o & 7)) & m);
        out[i + k] = v;
        count += v == max ? 1 : 0;
      }
      i += 8;
      p += w;
    }
    return count;
  }

  /** The values handed out since {@link #start}. */
  long decoded() {
    return decoded;
  }

  /**
   * Once the values wanted are read: why the input does not end with the first {@code used} values
   * (those decoded after them unused), or {@code null} if it does. spec: Encodings.md, RLE /
   * Bit-Packing Hybrid. What may follow the last value used is what writers leave in valid files:
   * the rest of its run (an RLE run may count more values than are used; a bit-packed run holds
   * groups of 8, so up to 7 more, or is one of the {@link #BLOCK}-value runs some writers pack all
   * values in, the last one padded), the missing bytes of a last bit-packed run cut short after the
   * values used (parquet-java's decoder reads them as zeros), and, after a run that ends with the
   * last value used, one more such block of padding alone (some writers end with an empty one).
   * Anything else is values or bytes no level accounts for.
   */
  String leftover(long used) {
    int after = packedLeft > 0 ? packedEnd : pos;
    if (runFirst >= 0 && used <= runFirst) {
      boolean padding = used == runFirst && used > 0 && runPacked && runLength == BLOCK;
      return padding && after == end
          ? null
          : "its last run holds none of the " + used + " values it is read for";
    }
    if (runFirst >= 0 && runPacked) {
      long unused = runFirst + runLength - used;
      if (unused >= 8 && runLength != BLOCK) {
        return "its last run holds " + unused + " values after the " + used + " read";
      }
      if (runBytes + ((used - runFirst) * bitWidth + 7) / 8 > end) {
        return "its values run past its end";
      }
    }
    if (after == end || used > 0 && paddingBlock(after)) {
      return null;
    }
    return PageEnd.bytesLeft(end - after);
  }

  /** Whether {@code buf[from, end)} is exactly one bit-packed run of {@link #BLOCK} values. */
  private boolean paddingBlock(int from) {
    long header = 0;
    int p = from;
    for (int shift = 0; ; shift += 7) {
      if (p >= end || shift > 28) {
        return false;
      }
      int b = buf[p++];
      header |= (long) (b & 0x7F) << shift;
      if (b >= 0) {
        break;
      }
    }
    return header == (BLOCK / 8 << 1 | 1) && BLOCK / 8 * bitWidth == end - p;
  }

  /** Reads the next run's header (and an RLE run's value). */
  private void nextRun(int done, int wanted) {
    int header = 0;
    for (int shift = 0; ; shift += 7) {
      if (pos >= end || shift > 28) {
        throw new ParquetDecodingException(
            "Cannot decode levels or dictionary ids: the page ends after "
                + done
                + " of "
                + wanted
                + " values");
      }
      int b = buf[pos++];
      header |= (b & 0x7F) << shift;
      if (b >= 0) {
        break;
      }
    }
    runFirst = decoded + done;
    runPacked = (header & 1) != 0;
    if (!runPacked) { // a run of one repeated value
      int valueBytes = (bitWidth + 7) >>> 3;
      if (pos + valueBytes > end) {
        throw new ParquetDecodingException("Cannot decode a run: its value runs past the page");
      }
      int v = 0;
      for (int k = 0; k < valueBytes; k++) {
        v |= (buf[pos++] & 0xFF) << (8 * k);
      }
      runValue = v;
      runLeft = header >>> 1;
      runLength = runLeft;
    } else { // groups of 8 bit-packed values, least significant bit first
      long groups = header >>> 1;
      packedLeft = groups * 8;
      runLength = packedLeft;
      runBytes = pos;
      packedEnd = (int) Math.min(end, pos + groups * bitWidth);
      acc = 0;
      bits = 0;
    }
  }
}
