// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.encoding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.testkit.Trials;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.dictionary.DictionaryValuesWriter;
import org.apache.parquet.column.values.fallback.FallbackValuesWriter;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.Test;

/**
 * {@link BinaryDictionaryWriter#judgingEarly}: a first page of distinct values falls back to its
 * fallback encoding long before the page ends, and the page is then byte for byte the one
 * parquet-java's dictionary writer gives, which falls back at the page's end; a column that repeats
 * keeps its dictionary as parquet-java's does; whatever it decides, the page holds the values
 * written.
 */
class EarlyFallbackPropertyTest {
  private static final int MAX_DICTIONARY_BYTES = 1 << 20;

  @Test
  void distinctValuesFallBackBeforeTheFirstPageEnds() {
    ValuesWriter ours = FallbackValuesWriter.of(early(), plain());
    Random rnd = new Random(11);
    for (int n = 0; n < 300; n++) {
      ours.writeBytes(Binary.fromConstantByteArray(distinct(rnd, n)));
    }
    assertEquals(Encoding.PLAIN, ours.getEncoding()); // no page written yet
  }

  @Test
  void aPopulationThatStartsDistinctKeepsItsDictionary() throws IOException {
    // an event log's e-mail addresses: 2,000 users, 20,000 rows
    Random rnd = new Random(5);
    byte[][] users = new byte[2_000][];
    for (int i = 0; i < users.length; i++) {
      users[i] = distinct(rnd, i);
    }
    ValuesWriter ours = FallbackValuesWriter.of(early(), plain());
    ValuesWriter theirs = FallbackValuesWriter.of(parquetJava(), plain());
    for (int n = 0; n < 20_000; n++) {
      Binary v = Binary.fromConstantByteArray(users[rnd.nextInt(users.length)]);
      ours.writeBytes(v);
      theirs.writeBytes(v);
    }
    assertArrayEquals(theirs.getBytes().toByteArray(), ours.getBytes().toByteArray());
    assertEquals(Encoding.PLAIN_DICTIONARY, theirs.getEncoding());
    assertEquals(theirs.getEncoding(), ours.getEncoding());
  }

  @Test
  void pagesAreParquetJavasWhenItFallsBackAndHoldTheValuesAlways() {
    Trials.run(
        "earlyFallbackPages",
        Math.max(50, Trials.trials() / 5),
        rnd -> {
          ValuesWriter ours = FallbackValuesWriter.of(early(), plain());
          ValuesWriter theirs = FallbackValuesWriter.of(parquetJava(), plain());
          List<byte[]> written = new ArrayList<>();
          byte[][] pool = new byte[1 + rnd.nextInt(3_000)][];
          int repeatOneIn = 2 + rnd.nextInt(400); // how often a value comes again
          int values = rnd.nextInt(3_000);
          for (int n = 0; n < values; n++) {
            int slot = rnd.nextInt(pool.length);
            if (pool[slot] == null || rnd.nextInt(repeatOneIn) != 0) {
              pool[slot] = distinct(rnd, n);
            }
            written.add(pool[slot]);
            Binary v = Binary.fromReusedByteArray(pool[slot].clone(), 0, pool[slot].length);
            ours.writeBytes(v);
            theirs.writeBytes(v);
          }
          byte[] ourPage = ours.getBytes().toByteArray();
          byte[] theirPage = theirs.getBytes().toByteArray();
          if (theirs.getEncoding() == Encoding.PLAIN || ours.getEncoding() != Encoding.PLAIN) {
            assertEquals(theirs.getEncoding(), ours.getEncoding());
            assertArrayEquals(theirPage, ourPage);
          } else {
            assertPlainValues(written, ourPage);
          }
        });
  }

  /** A value of 4 to 40 bytes, distinct from every other that {@code n} tags. */
  private static byte[] distinct(Random rnd, int n) {
    byte[] v = new byte[4 + rnd.nextInt(37)];
    rnd.nextBytes(v);
    ByteBuffer.wrap(v).order(ByteOrder.LITTLE_ENDIAN).putInt(0, n ^ rnd.nextInt());
    return v;
  }

  private static void assertPlainValues(List<byte[]> expected, byte[] page) {
    ByteBuffer in = ByteBuffer.wrap(page).order(ByteOrder.LITTLE_ENDIAN);
    for (byte[] v : expected) {
      byte[] read = new byte[in.getInt()];
      in.get(read);
      assertArrayEquals(v, read);
    }
    assertEquals(0, in.remaining());
  }

  private static BinaryDictionaryWriter early() {
    return BinaryDictionaryWriter.judgingEarly(
        MAX_DICTIONARY_BYTES,
        Encoding.PLAIN_DICTIONARY,
        Encoding.PLAIN_DICTIONARY,
        HeapByteBufferAllocator.getInstance());
  }

  private static DictionaryValuesWriter parquetJava() {
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
