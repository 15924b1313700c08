package io.variant.parquet.read;

import org.apache.parquet.io.ParquetDecodingException;

/**
 * Parquet's RLE / bit-packing hybrid encoding (repetition and definition levels, dictionary ids),
 * decoded a page at a time into an {@code int[]}: what parquet-java's {@code
 * RunLengthBitPackingHybridDecoder} returns value by value, from a byte array instead of a stream
 * (its per-byte stream reads of run headers were 16% of a full read).
 *
 * <p>Damaged input fails with {@link ParquetDecodingException}, never an index error: runs that end
 * before {@code count} values, a run header or value past the end. A last bit-packed group cut
 * short reads the missing bytes as zeros, as parquet-java's decoder does.
 */
final class RleHybrid {
  private RleHybrid() {}

  /**
   * Decodes {@code count} values of {@code bitWidth} bits (0 to 32) from {@code buf[from, to)} into
   * {@code out[0, count)}.
   *
   * @return the offset after the last run read
   */
  static int decode(byte[] buf, int from, int to, int bitWidth, int[] out, int count) {
    if (bitWidth < 0 || bitWidth > 32) {
      throw new ParquetDecodingException("Cannot decode values of " + bitWidth + " bits");
    }
    int p = from;
    int n = 0;
    int valueBytes = (bitWidth + 7) >>> 3;
    long mask = (1L << bitWidth) - 1;
    while (n < count) {
      // the run header: an unsigned varint
      int header = 0;
      for (int shift = 0; ; shift += 7) {
        if (p >= to || shift > 28) {
          throw new ParquetDecodingException(
              "Cannot decode levels or dictionary ids: the page ends after "
                  + n
                  + " of "
                  + count
                  + " values");
        }
        int b = buf[p++];
        header |= (b & 0x7F) << shift;
        if (b >= 0) {
          break;
        }
      }
      if ((header & 1) == 0) { // a run of one repeated value
        int run = header >>> 1;
        if (p + valueBytes > to) {
          throw new ParquetDecodingException("Cannot decode a run: its value runs past the page");
        }
        int v = 0;
        for (int k = 0; k < valueBytes; k++) {
          v |= (buf[p++] & 0xFF) << (8 * k);
        }
        int end = Math.min(count, n + Math.max(run, 0));
        java.util.Arrays.fill(out, n, end, v);
        n = end;
      } else { // groups of 8 bit-packed values, least significant bit first
        long groups = header >>> 1;
        long end = Math.min(to, p + groups * bitWidth);
        long take = Math.min(groups * 8, count - n);
        long acc = 0;
        int bits = 0;
        for (long i = 0; i < take; i++) {
          while (bits < bitWidth) {
            acc |= (long) (p < end ? buf[p] & 0xFF : 0) << bits;
            p++;
            bits += 8;
          }
          out[n++] = (int) (acc & mask);
          acc >>>= bitWidth;
          bits -= bitWidth;
        }
        p = (int) end;
      }
    }
    return p;
  }
}
