// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.encoding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.Zstd;
import io.variant.testkit.Trials;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForInteger;
import org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter;
import org.apache.parquet.column.values.dictionary.DictionaryValuesWriter;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.Test;

/**
 * With PLAIN the only candidate beside the dictionary, {@link SmallestEncodingWriter} writes values
 * straight to both and compresses PLAIN's judged values only if the dictionary comes to be weighed.
 * That path writes what the general one (values kept, then written each way, judged, written again)
 * writes: for generated columns of binaries or ints, pages of any size (empty, under and over what
 * is judged) and several chunks, every page, its encoding and every dictionary page are equal.
 */
class PlainBesideDictionaryPropertyTest {
  private static final HeapByteBufferAllocator HEAP = HeapByteBufferAllocator.getInstance();

  @Test
  void thePlainPathWritesWhatTheGeneralOneWrites() {
    Trials.run(
        "plainBesideDictionaryEqualsGeneralPath",
        Math.max(40, Trials.trials() / 5),
        rnd -> {
          boolean binary = rnd.nextBoolean();
          compare(rnd, binary, writer(binary, false, false), writer(binary, true, false));
        });
  }

  @Test
  void aPlainWinnerWritesWhatTheGeneralPathWrites() {
    int[] plainChosen = {0};
    Trials.run(
        "plainWinnerEqualsGeneralPath",
        Math.max(40, Trials.trials() / 5),
        rnd -> {
          boolean binary = rnd.nextBoolean();
          plainChosen[0] +=
              compare(rnd, binary, writer(binary, false, true), writer(binary, true, true));
        });
    assertTrue(plainChosen[0] > 0, "no trial chose PLAIN");
  }

  /**
   * Writes the same generated column to both writers; every page must be equal. Returns how many
   * pages with values were PLAIN.
   */
  private static int compare(
      Random rnd, boolean binary, SmallestEncodingWriter direct, SmallestEncodingWriter general) {
    int distinct = 1 + rnd.nextInt(rnd.nextBoolean() ? 50 : 50_000);
    int maxLength = 1 + rnd.nextInt(rnd.nextBoolean() ? 20 : 400);
    byte[][] pool = new byte[Math.min(distinct, 4_096)][];
    int plain = 0;
    for (int chunk = rnd.nextInt(3); chunk >= 0; chunk--) {
      for (int page = rnd.nextInt(3); page >= 0; page--) {
        int values = rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(rnd.nextBoolean() ? 300 : 6_000);
        for (int i = 0; i < values; i++) {
          int pick = rnd.nextInt(distinct);
          if (binary) {
            Binary v = Binary.fromConstantByteArray(value(rnd, pool, pick, maxLength));
            direct.writeBytes(v);
            general.writeBytes(v);
          } else {
            direct.writeInteger(pick * 7919);
            general.writeInteger(pick * 7919);
          }
        }
        assertArrayEquals(bytes(general.getBytes()), bytes(direct.getBytes()));
        assertEquals(general.getEncoding(), direct.getEncoding());
        if (values > 0 && direct.getEncoding() == Encoding.PLAIN) {
          plain++;
        }
        general.reset();
        direct.reset();
      }
      DictionaryPage theirs = general.toDictPageAndClose();
      DictionaryPage ours = direct.toDictPageAndClose();
      assertEquals(theirs == null, ours == null);
      if (theirs != null) {
        assertArrayEquals(bytes(theirs.getBytes()), bytes(ours.getBytes()));
        assertEquals(theirs.getDictionarySize(), ours.getDictionarySize());
        general.resetDictionary();
        direct.resetDictionary();
      }
    }
    return plain;
  }

  /** Value {@code pick} of the column: one of a pool of repeated values, or a new one. */
  private static byte[] value(Random rnd, byte[][] pool, int pick, int maxLength) {
    if (pick < pool.length) {
      if (pool[pick] == null) {
        pool[pick] = bytes(rnd, maxLength);
      }
      return pool[pick];
    }
    return bytes(rnd, maxLength);
  }

  private static byte[] bytes(Random rnd, int maxLength) {
    byte[] b = new byte[rnd.nextInt(maxLength + 1)];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) ('a' + rnd.nextInt(rnd.nextBoolean() ? 4 : 26));
    }
    return b;
  }

  /**
   * A dictionary beside PLAIN and, if {@code withDelta}, a delta encoding; PLAIN hidden from the
   * writer's shortcuts if {@code general}.
   */
  private static SmallestEncodingWriter writer(boolean binary, boolean general, boolean withDelta) {
    DictionaryValuesWriter dictionary =
        binary
            ? BinaryDictionaryWriter.judgingEarly(
                1 << 20, Encoding.PLAIN_DICTIONARY, Encoding.PLAIN_DICTIONARY, HEAP)
            : new DictionaryValuesWriter.PlainIntegerDictionaryValuesWriter(
                1 << 20, Encoding.PLAIN_DICTIONARY, Encoding.PLAIN_DICTIONARY, HEAP);
    ValuesWriter plain = new PlainValuesWriter(64, 1 << 20, HEAP);
    List<ValuesWriter> others = new ArrayList<>();
    others.add(general ? new Opaque(plain) : plain);
    if (withDelta) {
      others.add(
          binary
              ? new DeltaByteArrayWriter(64, 1 << 20, HEAP)
              : new DeltaBinaryPackingValuesWriterForInteger(64, 1 << 20, HEAP));
    }
    return new SmallestEncodingWriter(dictionary, others, b -> Zstd.compress(bytes(b)).length);
  }

  private static byte[] bytes(BytesInput b) {
    try {
      return b.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** PLAIN, but not known to be: the writer takes its general path. */
  private static final class Opaque extends ValuesWriter {
    private final ValuesWriter plain;

    Opaque(ValuesWriter plain) {
      this.plain = plain;
    }

    @Override
    public long getBufferedSize() {
      return plain.getBufferedSize();
    }

    @Override
    public BytesInput getBytes() {
      return plain.getBytes();
    }

    @Override
    public Encoding getEncoding() {
      return plain.getEncoding();
    }

    @Override
    public void reset() {
      plain.reset();
    }

    @Override
    public long getAllocatedSize() {
      return plain.getAllocatedSize();
    }

    @Override
    public String memUsageString(String prefix) {
      return plain.memUsageString(prefix);
    }

    @Override
    public void writeBytes(Binary v) {
      plain.writeBytes(v);
    }

    @Override
    public void writeInteger(int v) {
      plain.writeInteger(v);
    }

    @Override
    public void writeLong(long v) {
      plain.writeLong(v);
    }
  }
}
