// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.encoding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.testkit.Trials;
import java.util.Arrays;
import java.util.Random;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForInteger;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForLong;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesWriter;
import org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridEncoder;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.Test;

/**
 * The page decoders of the level reader ({@link RleHybrid}, {@link DeltaPages}) against
 * parquet-java's encoders: whatever parquet-java writes decodes to the values written, and damaged
 * bytes (cut short, bytes flipped) fail with {@link ParquetDecodingException} or decode to some
 * values, never with another exception; once the values are read, nothing is left of the bytes but
 * what the encoding allows ({@code leftover}). End to end, {@code LevelReaderEquivalenceTest} reads
 * whole files written with every page format both ways.
 */
class PageDecoderPropertyTest {
  private static final HeapByteBufferAllocator HEAP = new HeapByteBufferAllocator();

  @Test
  void rleHybridDecodesWhatParquetJavaEncodes() {
    Trials.run(
        "rleHybrid",
        rnd -> {
          int width = rnd.nextInt(33);
          int[] values = new int[1 + rnd.nextInt(2000)];
          long bound = 1L << width;
          int run = 0;
          int v = 0;
          for (int i = 0; i < values.length; i++) {
            if (run-- <= 0) { // alternate long runs (RLE) with random stretches (bit-packed)
              run = rnd.nextBoolean() ? rnd.nextInt(40) : 0;
              v = (int) (width == 0 ? 0 : (rnd.nextLong() & Long.MAX_VALUE) % bound);
            }
            values[i] =
                run > 0 ? v : (int) (width == 0 ? 0 : (rnd.nextLong() & Long.MAX_VALUE) % bound);
          }
          RunLengthBitPackingHybridEncoder e =
              new RunLengthBitPackingHybridEncoder(width, 64, 1 << 20, HEAP);
          for (int x : values) {
            e.writeInt(x);
          }
          byte[] bytes = e.toBytes().toByteArray();
          int[] out = new int[values.length];
          int end = RleHybrid.decode(bytes, 0, bytes.length, width, out, values.length);
          assertArrayEquals(values, out, "width " + width);
          assertEquals(bytes.length, end, "width " + width);
          // resumed at any point, as a leaf reads a few hundred at a time
          RleHybrid chunked = new RleHybrid().start(bytes, 0, bytes.length, width);
          int[] again = new int[values.length];
          for (int at = 0; at < values.length; ) {
            int n = Math.min(values.length - at, 1 + rnd.nextInt(300));
            chunked.read(again, at, n);
            at += n;
          }
          assertArrayEquals(values, again, "width " + width + ", in chunks");
          // the bytes end with the values: a last group's padding is all that follows them
          assertNull(chunked.leftover(values.length), "width " + width);
          counted(rnd, values, bytes, width);
          damaged(rnd, bytes, b -> RleHybrid.decode(b, 0, b.length, width, out, values.length));
        });
  }

  /**
   * Read in chunks with {@link RleHybrid#readCounting}, from inside a larger array (bytes before
   * and after the runs, which word reads may touch but no value may take): the same values, the
   * count of one value in each chunk, and the chunk's one value only where all of it came from runs
   * of that value.
   */
  private static void counted(Random rnd, int[] values, byte[] bytes, int width) {
    int before = rnd.nextInt(9);
    byte[] padded = new byte[before + bytes.length + rnd.nextInt(12)];
    rnd.nextBytes(padded);
    System.arraycopy(bytes, 0, padded, before, bytes.length);
    RleHybrid r = new RleHybrid().start(padded, before, before + bytes.length, width);
    int max = values[rnd.nextInt(values.length)];
    for (int at = 0; at < values.length; ) {
      int n = Math.min(values.length - at, 1 + rnd.nextInt(300));
      int[] chunk = new int[n];
      int count = r.readCounting(chunk, n, max);
      int[] want = Arrays.copyOfRange(values, at, at + n);
      String where = "width " + width + ", values " + at + " to " + (at + n);
      assertArrayEquals(want, chunk, where);
      assertEquals(Arrays.stream(want).filter(x -> x == max).count(), count, where);
      int single = r.single();
      if (single >= 0) {
        assertTrue(Arrays.stream(want).allMatch(x -> x == single), where);
      }
      at += n;
    }
  }

  @Test
  void deltaIntegersDecodeWhatParquetJavaEncodes() {
    Trials.run(
        "deltaIntegers",
        rnd -> {
          boolean ints = rnd.nextBoolean();
          long[] values = new long[rnd.nextInt(1500)];
          int scale = rnd.nextInt(64);
          long base = rnd.nextLong();
          for (int i = 0; i < values.length; i++) {
            long x =
                switch (rnd.nextInt(4)) {
                  case 0 -> rnd.nextLong(); // full-width deltas
                  case 1 -> base + i; // sorted
                  case 2 -> base + (rnd.nextLong() >> scale);
                  default -> rnd.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE;
                };
            values[i] = ints ? (int) x : x;
          }
          ValuesWriter w =
              ints
                  ? new DeltaBinaryPackingValuesWriterForInteger(64, 1 << 20, HEAP)
                  : new DeltaBinaryPackingValuesWriterForLong(64, 1 << 20, HEAP);
          for (long x : values) {
            if (ints) {
              w.writeInteger((int) x);
            } else {
              w.writeLong(x);
            }
          }
          byte[] bytes = w.getBytes().toByteArray();
          DeltaPages d = new DeltaPages();
          d.integers(bytes, 0, bytes.length, values.length);
          long[] out = new long[values.length];
          for (int i = 0; i < out.length; i++) {
            out[i] = ints ? (int) d.nextLong() : d.nextLong();
          }
          assertArrayEquals(values, out);
          assertNull(d.leftover());
          damaged(
              rnd,
              bytes,
              b -> {
                DeltaPages bad = new DeltaPages();
                bad.integers(b, 0, b.length, values.length);
                for (int i = 0; i < values.length; i++) {
                  bad.nextLong();
                }
              });
        });
  }

  @Test
  void deltaBinariesDecodeWhatParquetJavaEncodes() {
    Trials.run(
        "deltaBinaries",
        rnd -> {
          boolean prefixed = rnd.nextBoolean();
          byte[][] values = new byte[rnd.nextInt(600)][];
          byte[] last = new byte[0];
          for (int i = 0; i < values.length; i++) {
            int keep = rnd.nextInt(last.length + 1); // shared prefixes, as ids and URLs have
            byte[] v = Arrays.copyOf(last, keep + rnd.nextInt(20));
            for (int k = keep; k < v.length; k++) {
              v[k] = (byte) rnd.nextInt(256);
            }
            values[i] = v;
            last = v;
          }
          ValuesWriter w =
              prefixed
                  ? new DeltaByteArrayWriter(64, 1 << 20, HEAP)
                  : new DeltaLengthByteArrayValuesWriter(64, 1 << 20, HEAP);
          for (byte[] v : values) {
            w.writeBytes(Binary.fromConstantByteArray(v));
          }
          byte[] bytes = w.getBytes().toByteArray();
          DeltaPages d = new DeltaPages();
          d.binaries(bytes, 0, bytes.length, prefixed, values.length);
          for (byte[] v : values) {
            assertArrayEquals(v, d.nextBinary());
          }
          assertNull(d.leftover());
          damaged(
              rnd,
              bytes,
              b -> {
                DeltaPages bad = new DeltaPages();
                bad.binaries(b, 0, b.length, prefixed, values.length);
                for (int i = 0; i < values.length; i++) {
                  bad.nextBinary();
                }
              });
        });
  }

  /** Cut short or with bytes flipped, {@code decode} fails cleanly or decodes something. */
  private static void damaged(
      Random rnd, byte[] bytes, java.util.function.Consumer<byte[]> decode) {
    for (int k = 0; k < 8; k++) {
      byte[] b =
          rnd.nextBoolean() ? Arrays.copyOf(bytes, rnd.nextInt(bytes.length + 1)) : bytes.clone();
      for (int f = rnd.nextInt(4); f > 0 && b.length > 0; f--) {
        b[rnd.nextInt(b.length)] = (byte) rnd.nextInt(256);
      }
      try {
        decode.accept(b);
      } catch (ParquetDecodingException expected) {
        // a reported error is the point
      }
    }
  }
}
