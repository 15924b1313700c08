// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.encoding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.testkit.Trials;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.dictionary.DictionaryValuesWriter;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.Test;

/**
 * {@link BinaryDictionaryWriter} writes the bytes parquet-java's {@code
 * PlainBinaryDictionaryValuesWriter} writes, for any sequence of values: pages, the dictionary
 * page, the fallback to PLAIN, sizes and the fallback decision agree, whether values come as whole
 * arrays, slices, reused buffers overwritten after the call, direct buffers, or the same constant
 * instance again (the identity shortcut).
 */
class BinaryDictionaryWriterPropertyTest {
  private static final int MAX_DICTIONARY_BYTES = 2_000; // small, so that some trials fall back

  @Test
  void writesWhatParquetJavaWrites() {
    Trials.run(
        "binaryDictionaryWriterEqualsParquetJava",
        Math.max(50, Trials.trials() / 5),
        rnd -> {
          DictionaryValuesWriter ours = ours();
          DictionaryValuesWriter theirs = theirs();
          byte[][] pool = pool(rnd);
          byte[] reused = new byte[256];
          Binary lastConstant = null;
          int values = rnd.nextInt(400);
          for (int n = 0; n < values; n++) {
            if (lastConstant != null && rnd.nextInt(4) == 0) {
              write(ours, theirs, lastConstant); // the identity shortcut
            } else {
              byte[] v = pool[rnd.nextInt(pool.length)];
              switch (rnd.nextInt(4)) {
                case 0 -> {
                  lastConstant = Binary.fromConstantByteArray(v);
                  write(ours, theirs, lastConstant);
                }
                case 1 -> {
                  byte[] padded = new byte[v.length + 3];
                  System.arraycopy(v, 0, padded, 2, v.length);
                  lastConstant = Binary.fromConstantByteArray(padded, 2, v.length);
                  write(ours, theirs, lastConstant);
                }
                case 2 -> {
                  System.arraycopy(v, 0, reused, 1, v.length);
                  write(ours, theirs, Binary.fromReusedByteArray(reused, 1, v.length));
                  Arrays.fill(reused, (byte) rnd.nextInt()); // a kept reference would show
                }
                default -> {
                  ByteBuffer direct = ByteBuffer.allocateDirect(v.length);
                  direct.put(v).flip();
                  write(ours, theirs, Binary.fromConstantByteBuffer(direct));
                }
              }
            }
            assertEquals(theirs.shouldFallBack(), ours.shouldFallBack());
            assertEquals(theirs.getBufferedSize(), ours.getBufferedSize());
            if (theirs.shouldFallBack()) {
              fallBack(ours, theirs); // as FallbackValuesWriter does at once
              return;
            }
            if (rnd.nextInt(50) == 0) {
              assertArrayEquals(page(theirs), page(ours)); // a page ends
            }
            if (rnd.nextInt(200) == 0) {
              endRowGroup(ours, theirs); // as parquet-java's column writer ends one
              lastConstant = null;
            }
          }
          if (rnd.nextBoolean()) {
            fallBack(ours, theirs);
          } else {
            endRowGroup(ours, theirs);
          }
        });
  }

  /** The values written since the last page, re-encoded as PLAIN. */
  private static void fallBack(DictionaryValuesWriter ours, DictionaryValuesWriter theirs)
      throws IOException {
    PlainValuesWriter a = plain();
    PlainValuesWriter b = plain();
    theirs.fallBackAllValuesTo(a);
    ours.fallBackAllValuesTo(b);
    assertArrayEquals(a.getBytes().toByteArray(), b.getBytes().toByteArray());
  }

  /** The last page, the dictionary page, then a fresh dictionary. */
  private static void endRowGroup(DictionaryValuesWriter ours, DictionaryValuesWriter theirs)
      throws IOException {
    assertArrayEquals(page(theirs), page(ours));
    DictionaryPage d1 = theirs.toDictPageAndClose();
    DictionaryPage d2 = ours.toDictPageAndClose();
    assertEquals(d1 == null, d2 == null);
    if (d1 != null) {
      assertEquals(d1.getDictionarySize(), d2.getDictionarySize());
      assertArrayEquals(d1.getBytes().toByteArray(), d2.getBytes().toByteArray());
    }
    theirs.resetDictionary();
    ours.resetDictionary();
  }

  @Test
  void equalBytesHashAlikeWhereverTheyStart() {
    Random rnd = new Random(7);
    for (int length = 0; length < 40; length++) {
      byte[] v = new byte[length];
      rnd.nextBytes(v);
      byte[] shifted = new byte[length + 5];
      System.arraycopy(v, 0, shifted, 5, length);
      assertEquals(
          BinaryDictionaryWriter.hash(v, 0, length),
          BinaryDictionaryWriter.hash(shifted, 5, length));
    }
  }

  private static void write(ValuesWriter ours, ValuesWriter theirs, Binary v) {
    theirs.writeBytes(v);
    ours.writeBytes(v);
  }

  private static byte[] page(ValuesWriter w) throws IOException {
    byte[] bytes = w.getBytes().toByteArray();
    w.reset();
    return bytes;
  }

  /** Values with repeats: few distinct ones, lengths around the 8-byte step and some longer. */
  static byte[][] pool(Random rnd) {
    byte[][] pool = new byte[1 + rnd.nextInt(60)][];
    for (int i = 0; i < pool.length; i++) {
      pool[i] = new byte[rnd.nextInt(4) == 0 ? rnd.nextInt(200) : rnd.nextInt(20)];
      rnd.nextBytes(pool[i]);
      if (i > 0 && rnd.nextInt(5) == 0) {
        // a prefix of another value: hash and compare must tell them apart
        byte[] other = pool[rnd.nextInt(i)];
        pool[i] = Arrays.copyOf(other, Math.max(0, other.length - 1 - rnd.nextInt(3)));
      }
    }
    return pool;
  }

  private static DictionaryValuesWriter ours() {
    return new BinaryDictionaryWriter(
        MAX_DICTIONARY_BYTES,
        Encoding.PLAIN_DICTIONARY,
        Encoding.PLAIN_DICTIONARY,
        HeapByteBufferAllocator.getInstance());
  }

  private static DictionaryValuesWriter theirs() {
    return new DictionaryValuesWriter.PlainBinaryDictionaryValuesWriter(
        MAX_DICTIONARY_BYTES,
        Encoding.PLAIN_DICTIONARY,
        Encoding.PLAIN_DICTIONARY,
        HeapByteBufferAllocator.getInstance());
  }

  private static PlainValuesWriter plain() {
    return new PlainValuesWriter(64, 1 << 20, HeapByteBufferAllocator.getInstance());
  }
}
