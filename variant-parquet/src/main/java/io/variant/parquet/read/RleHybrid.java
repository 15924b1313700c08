package io.variant.parquet.read;

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
    readSome(out, off, n, true);
  }

  /**
   * Decodes up to {@code n} values into {@code out[0, n)}, fewer where the input ends between runs
   * (dictionary ids: how many a page holds is known only from its levels).
   *
   * @return the number of values decoded
   */
  int readUpTo(int[] out, int n) {
    return readSome(out, 0, n, false);
  }

  private int readSome(int[] out, int off, int n, boolean all) {
    int i = off;
    int stop = off + n;
    while (i < stop) {
      if (runLeft > 0) {
        int take = (int) Math.min(runLeft, stop - i);
        java.util.Arrays.fill(out, i, i + take, runValue);
        i += take;
        runLeft -= take;
      } else if (packedLeft > 0) {
        int take = (int) Math.min(packedLeft, stop - i);
        unpack(out, i, take);
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
    return i - off;
  }

  private void unpack(int[] out, int from, int take) {
    long a = acc;
    int b = bits;
    int p = pos;
    int w = bitWidth;
    int i = from;
    int stop = from + take;
    // Eight values at a time where no bits are pending and their w bytes are in the run: a group
    // of 8 values is w whole bytes. Plain byte reads, no VarHandle: called from deep in a leaf's
    // decoding, the VarHandle's guard was sometimes not inlined and then cost more than the rest
    // of the read of the leaf.
    byte[] in = buf;
    int fastEnd = packedEnd;
    long m = mask;
    while (i < stop) {
      if (b == 0 && w > 0 && stop - i >= 8 && p + w <= fastEnd) {
        if (w <= 8) { // levels, small dictionaries: the group is one long
          long g = 0;
          for (int k = 0; k < w; k++) {
            g |= (in[p + k] & 0xFFL) << (k << 3);
          }
          for (int k = 0; k < 8; k++) {
            out[i + k] = (int) (g & m);
            g >>>= w;
          }
        } else {
          long g = 0;
          int have = 0;
          int q = p;
          for (int k = 0; k < 8; k++) {
            while (have < w) { // at most 31 + 8 bits held
              g |= (in[q++] & 0xFFL) << have;
              have += 8;
            }
            out[i + k] = (int) (g & m);
            g >>>= w;
            have -= w;
          }
        }
        i += 8;
        p += w;
        continue;
      }
      while (b < w) {
        a |= (long) (p < packedEnd ? buf[p] & 0xFF : 0) << b;
        p++;
        b += 8;
      }
      out[i++] = (int) (a & mask);
      a >>>= w;
      b -= w;
    }
    acc = a;
    bits = b;
    pos = p;
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
    if ((header & 1) == 0) { // a run of one repeated value
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
    } else { // groups of 8 bit-packed values, least significant bit first
      long groups = header >>> 1;
      packedLeft = groups * 8;
      packedEnd = (int) Math.min(end, pos + groups * bitWidth);
      acc = 0;
      bits = 0;
    }
  }
}
