// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.encoding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.testkit.Trials;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.deltastrings.DeltaByteArrayReader;
import org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.Test;

/**
 * {@link CappedPrefixWriter} uncapped writes parquet-java's {@code DeltaByteArrayWriter}'s bytes;
 * capped anywhere, parquet-java's {@code DeltaByteArrayReader} reads back every value, over pages
 * and resets; and values sharing a fixed prefix with a varying tail share exactly the cap.
 */
class CappedPrefixWriterPropertyTest {
  private static final HeapByteBufferAllocator HEAP = new HeapByteBufferAllocator();

  /** 0 to 300 values: random bytes, or a few prefixes with random tails (shared prefixes vary). */
  private static List<byte[]> values(Random rnd) {
    List<byte[]> out = new ArrayList<>();
    int n = rnd.nextInt(301);
    byte[][] stems = {new byte[0], "s-".getBytes(), "2024-03-01T0".getBytes(), "abcabc".getBytes()};
    for (int i = 0; i < n; i++) {
      byte[] stem = stems[rnd.nextInt(stems.length)];
      byte[] tail = new byte[rnd.nextInt(12)];
      for (int j = 0; j < tail.length; j++) {
        tail[j] = (byte) (rnd.nextBoolean() ? '0' + rnd.nextInt(3) : rnd.nextInt(256));
      }
      byte[] v = new byte[stem.length + tail.length];
      System.arraycopy(stem, 0, v, 0, stem.length);
      System.arraycopy(tail, 0, v, stem.length, tail.length);
      out.add(v);
    }
    return out;
  }

  /** {@code v} as a binary of one of the forms column writers hand out. */
  private static Binary binary(Random rnd, byte[] v) {
    return switch (rnd.nextInt(3)) {
      case 0 -> Binary.fromConstantByteArray(v);
      case 1 -> {
        byte[] padded = new byte[v.length + 4];
        System.arraycopy(v, 0, padded, 3, v.length);
        yield Binary.fromReusedByteArray(padded, 3, v.length);
      }
      default -> Binary.fromReusedByteBuffer(ByteBuffer.wrap(v.clone()));
    };
  }

  @Test
  void uncappedWritesParquetJavasBytes() {
    Trials.run(
        "cappedPrefixUncappedWritesParquetJavasBytes",
        rnd -> {
          CappedPrefixWriter ours = new CappedPrefixWriter(64, 1 << 16, HEAP);
          DeltaByteArrayWriter theirs = new DeltaByteArrayWriter(64, 1 << 16, HEAP);
          for (int page = 0; page < 1 + rnd.nextInt(3); page++) {
            for (byte[] v : values(rnd)) {
              ours.writeBytes(binary(rnd, v));
              theirs.writeBytes(Binary.fromConstantByteArray(v));
            }
            assertArrayEquals(theirs.getBytes().toByteArray(), ours.getBytes().toByteArray());
            assertEquals(theirs.getBufferedSize(), ours.getBufferedSize());
            assertEquals(Encoding.DELTA_BYTE_ARRAY, ours.getEncoding());
            ours.reset();
            theirs.reset();
          }
        });
  }

  @Test
  void cappedPagesReadBackEveryValue() {
    Trials.run(
        "cappedPrefixPagesReadBackEveryValue",
        rnd -> {
          CappedPrefixWriter ours = new CappedPrefixWriter(64, 1 << 16, HEAP);
          for (int page = 0; page < 1 + rnd.nextInt(3); page++) {
            ours.capAt(rnd.nextInt(4) == 0 ? Integer.MAX_VALUE : rnd.nextInt(16));
            List<byte[]> values = values(rnd);
            for (byte[] v : values) {
              ours.writeBytes(binary(rnd, v));
            }
            assertEquals(
                text(values),
                read(ours.getBytes().toByteArray(), values.size()),
                "cap " + ours.cap());
            ours.reset();
          }
        });
  }

  @Test
  void aFixedStemIsSharedExactlyAtTheCap() throws Exception {
    CappedPrefixWriter capped = new CappedPrefixWriter(64, 1 << 16, HEAP);
    capped.capAt(2);
    CappedPrefixWriter longest = new CappedPrefixWriter(64, 1 << 16, HEAP);
    List<byte[]> values = new ArrayList<>();
    Random rnd = new Random(7);
    for (int i = 0; i < 2_000; i++) {
      values.add(String.format("s-%08x", rnd.nextInt()).getBytes());
    }
    for (byte[] v : values) {
      capped.writeBytes(Binary.fromConstantByteArray(v));
      longest.writeBytes(Binary.fromConstantByteArray(v));
    }
    // prefix lengths all 2 and suffix lengths all 8: both length streams pack to zero bits, only
    // the block headers are left (a tenth of a byte per value)
    long suffixBytes = 8L * values.size();
    long cappedOverhead = capped.getBytes().size() - suffixBytes;
    assertEquals(text(values), read(capped.getBytes().toByteArray(), values.size()));
    assertTrue(
        cappedOverhead < values.size() / 5, "length streams of the capped page: " + cappedOverhead);
    assertTrue(
        longest.getBytes().size() > capped.getBytes().size() + 500,
        "the longest prefixes vary in length and cost bits per value");
  }

  @Test
  void aNegativeCapIsRefused() {
    assertThrows(
        IllegalArgumentException.class, () -> new CappedPrefixWriter(64, 1024, HEAP).capAt(-1));
  }

  /** Each value's bytes as a string of as many chars, so that lists compare by content. */
  private static List<String> text(List<byte[]> values) {
    return values.stream().map(v -> new String(v, StandardCharsets.ISO_8859_1)).toList();
  }

  private static List<String> read(byte[] page, int count) throws Exception {
    DeltaByteArrayReader reader = new DeltaByteArrayReader();
    reader.initFromPage(count, ByteBufferInputStream.wrap(ByteBuffer.wrap(page)));
    List<byte[]> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      out.add(reader.readBytes().getBytes());
    }
    return text(out);
  }
}
