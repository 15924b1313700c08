// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.encoding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.Zstd;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ValuesType;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;

/**
 * The encodings besides the dictionary are weighed on a page's first values only, and the page
 * holds every value in the encoding kept.
 */
class SmallestEncodingWriterTest {
  private static final ColumnDescriptor COLUMN =
      new ColumnDescriptor(
          new String[] {"s"}, Types.required(PrimitiveTypeName.BINARY).named("s"), 0, 0);

  /**
   * A dictionary that judges early gives up among the values kept for judging (distinct, under what
   * decides the encoding), whose verdict holds only at the value it was asked after: asked twice,
   * it went on as if it had every value, and wrote a page of ids for the first 256 only.
   */
  @Test
  void aDictionaryGivingUpAmongTheKeptValuesLeavesAPageOfThemAll() throws IOException {
    SmallestEncodingWriter w =
        plainBesideEarlyDictionary(
            b -> {
              try {
                return Zstd.compress(b.toByteArray()).length;
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
            });
    List<String> values = writeDistinct(w, 3000); // about 40 KB: judged at the page's end
    assertPlainPageHolds(w, values);
    assertNull(w.toDictPageAndClose());
  }

  /**
   * With PLAIN the only candidate beside a dictionary that gives up (distinct values), there is
   * nothing to weigh: the values go to PLAIN as they come and nothing is compressed.
   */
  @Test
  void plainBesideADictionaryThatGivesUpIsNeverCompressed() throws IOException {
    List<Long> weighed = new ArrayList<>();
    SmallestEncodingWriter w =
        plainBesideEarlyDictionary(
            b -> {
              weighed.add(b.size());
              return b.size();
            });
    List<String> values = writeDistinct(w, 10_000); // about 160 KB: past what is judged
    assertPlainPageHolds(w, values);
    assertEquals(List.of(), weighed);
  }

  /** PLAIN beside a dictionary that judges early, as residual {@code value} columns have. */
  private static SmallestEncodingWriter plainBesideEarlyDictionary(PageWeigher weigher) {
    HeapByteBufferAllocator heap = HeapByteBufferAllocator.getInstance();
    return new SmallestEncodingWriter(
        BinaryDictionaryWriter.judgingEarly(
            1 << 20, Encoding.PLAIN_DICTIONARY, Encoding.PLAIN_DICTIONARY, heap),
        List.of(new PlainValuesWriter(64, 1 << 20, heap)),
        weigher);
  }

  /** Writes {@code n} distinct small objects' text; returns them. */
  private static List<String> writeDistinct(SmallestEncodingWriter w, int n) {
    List<String> values = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      String v = "{\"k" + i + "\": " + i + "}";
      values.add(v);
      w.writeBytes(Binary.fromString(v));
    }
    return values;
  }

  /** The page is PLAIN and holds {@code values}, in order. */
  private static void assertPlainPageHolds(SmallestEncodingWriter w, List<String> values)
      throws IOException {
    BytesInput page = w.getBytes();
    assertEquals(Encoding.PLAIN, w.getEncoding());
    ValuesReader reader = w.getEncoding().getValuesReader(COLUMN, ValuesType.VALUES);
    reader.initFromPage(values.size(), ByteBufferInputStream.wrap(page.toByteBuffer()));
    for (String v : values) {
      assertEquals(v, reader.readBytes().toStringUsingUTF8());
    }
  }

  @Test
  void theOtherEncodingsAreWeighedOnTheFirstValuesAndThePageHoldsThemAll() throws IOException {
    List<Long> weighed = new ArrayList<>();
    PageWeigher compressed =
        b -> {
          try {
            byte[] bytes = b.toByteArray();
            weighed.add((long) bytes.length);
            return Zstd.compress(bytes).length;
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        };
    HeapByteBufferAllocator heap = HeapByteBufferAllocator.getInstance();
    SmallestEncodingWriter w =
        new SmallestEncodingWriter(
            null,
            List.of(
                new PlainValuesWriter(64, 1 << 20, heap),
                new DeltaByteArrayWriter(64, 1 << 20, heap)),
            compressed);
    Random r = new Random(7);
    List<String> values = new ArrayList<>();
    long raw = 0;
    while (raw < 1 << 20) { // a megabyte of values, 16 times what decides the encoding
      String v = "https://example.com/items/" + r.nextInt(1_000_000) + "/" + values.size();
      values.add(v);
      w.writeBytes(Binary.fromString(v));
      raw += v.length() + 4;
    }
    assertEquals(2, weighed.size(), "each candidate weighed once: " + weighed);
    for (long n : weighed) {
      assertTrue(n <= SmallestEncodingWriter.JUDGE_BYTES + 200, "weighed " + n + " bytes");
    }
    assertEquals(raw, w.getBufferedSize());

    BytesInput page = w.getBytes();
    assertEquals(2, weighed.size(), "nothing more weighed at the page's end: " + weighed);
    ValuesReader reader = w.getEncoding().getValuesReader(COLUMN, ValuesType.VALUES);
    reader.initFromPage(values.size(), ByteBufferInputStream.wrap(page.toByteBuffer()));
    for (String v : values) {
      assertEquals(v, reader.readBytes().toStringUsingUTF8());
    }
  }

  /**
   * Ids after a fixed stem ("s-" and 8 random hex digits): most share exactly the stem with the
   * value before, one in 16 a digit more. The delta candidate is capped at the stem, weighs less
   * than the uncapped encoding would, wins over PLAIN, and its page reads back every value.
   */
  @Test
  void theDeltaCandidateIsCappedAtTheMostCommonSharedPrefix() throws IOException {
    HeapByteBufferAllocator heap = HeapByteBufferAllocator.getInstance();
    CappedPrefixWriter delta = new CappedPrefixWriter(64, 1 << 20, heap);
    PageWeigher compressed =
        b -> {
          try {
            return Zstd.compress(b.toByteArray()).length;
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        };
    SmallestEncodingWriter w =
        new SmallestEncodingWriter(
            null, List.of(new PlainValuesWriter(64, 1 << 20, heap), delta), compressed);
    DeltaByteArrayWriter uncapped = new DeltaByteArrayWriter(64, 1 << 20, heap);
    Random r = new Random(11);
    List<String> values = new ArrayList<>();
    for (int i = 0; i < 5_000; i++) {
      String v = String.format("s-%08x", r.nextInt());
      values.add(v);
      w.writeBytes(Binary.fromString(v));
      uncapped.writeBytes(Binary.fromString(v));
    }
    BytesInput page = w.getBytes();
    assertEquals(2, delta.cap());
    assertEquals(org.apache.parquet.column.Encoding.DELTA_BYTE_ARRAY, w.getEncoding());
    assertTrue(
        compressed.compressedSize(page) < compressed.compressedSize(uncapped.getBytes()),
        "capped at the stem compresses smaller than the longest prefixes");
    ValuesReader reader = w.getEncoding().getValuesReader(COLUMN, ValuesType.VALUES);
    reader.initFromPage(values.size(), ByteBufferInputStream.wrap(page.toByteBuffer()));
    for (String v : values) {
      assertEquals(v, reader.readBytes().toStringUsingUTF8());
    }
  }

  /** Values that share 64 bytes or more with the one before leave the delta candidate uncapped. */
  @Test
  void longSharedPrefixesLeaveTheDeltaCandidateUncapped() {
    HeapByteBufferAllocator heap = HeapByteBufferAllocator.getInstance();
    CappedPrefixWriter delta = new CappedPrefixWriter(64, 1 << 20, heap);
    SmallestEncodingWriter w =
        new SmallestEncodingWriter(
            null, List.of(new PlainValuesWriter(64, 1 << 20, heap), delta), b -> b.size());
    String stem = "x".repeat(80);
    for (int i = 0; i < 100; i++) {
      w.writeBytes(Binary.fromString(stem + i));
    }
    w.getBytes();
    assertEquals(Integer.MAX_VALUE, delta.cap());
  }

  /**
   * The other encoding's estimate, taken from the judged head (a weigher that compresses that head
   * to its own size and everything else to 90%), favours a dictionary that the whole page beats:
   * within the close contest the page is weighed whole and kept, and it holds every value.
   */
  @Test
  void aCloseContestWeighsTheOtherEncodingsWholePage() throws IOException {
    HeapByteBufferAllocator heap = HeapByteBufferAllocator.getInstance();
    Encoding dict = Encoding.PLAIN_DICTIONARY;
    PageWeigher headAtItsSize =
        b -> {
          long n = b.size();
          boolean judgedHead =
              n >= SmallestEncodingWriter.JUDGE_BYTES
                  && n < SmallestEncodingWriter.JUDGE_BYTES + 64;
          return judgedHead ? n : n * 9 / 10;
        };
    SmallestEncodingWriter w =
        new SmallestEncodingWriter(
            new BinaryDictionaryWriter(1 << 20, dict, dict, heap),
            List.of(new PlainValuesWriter(64, 1 << 20, heap)),
            headAtItsSize);
    List<String> values = new ArrayList<>();
    for (int i = 0; i < 5_000; i++) {
      String v = String.format("%040d", i % 50 == 49 ? i - 1 : i); // 2% repeats
      values.add(v);
      w.writeBytes(Binary.fromString(v));
    }
    // estimate 220,000 B (the head's rate, 1.0); dictionary 0.9 x (ids + a 215,600 B page), within
    // a tenth of it; the page whole 198,000 B
    assertPlainPageHolds(w, values);
  }

  /**
   * As above with a delta encoding beside PLAIN: the delta page, read once to be weighed whole, is
   * the page written, and it holds every value.
   */
  @Test
  void aDeltaPageWeighedWholeIsThePageWritten() throws IOException {
    HeapByteBufferAllocator heap = HeapByteBufferAllocator.getInstance();
    Encoding dict = Encoding.PLAIN_DICTIONARY;
    int[] calls = {0};
    // the two judged heads at their size, everything weighed after them at 90%
    PageWeigher headsAtTheirSize = b -> ++calls[0] <= 2 ? b.size() : b.size() * 9 / 10;
    SmallestEncodingWriter w =
        new SmallestEncodingWriter(
            new BinaryDictionaryWriter(1 << 20, dict, dict, heap),
            List.of(
                new PlainValuesWriter(64, 1 << 20, heap),
                new CappedPrefixWriter(64, 1 << 20, heap)),
            headsAtTheirSize);
    Random r = new Random(3);
    List<String> values = new ArrayList<>();
    for (int i = 0; i < 5_000; i++) {
      String v =
          i % 50 == 49
              ? values.get(i - 1)
              : String.format("%016x%016x%08x", r.nextLong(), r.nextLong(), i);
      values.add(v);
      w.writeBytes(Binary.fromString(v));
    }
    BytesInput page = w.getBytes();
    assertEquals(Encoding.DELTA_BYTE_ARRAY, w.getEncoding());
    assertEquals(5, calls[0], "two heads, the ids, the dictionary page and the delta page whole");
    ValuesReader reader = w.getEncoding().getValuesReader(COLUMN, ValuesType.VALUES);
    reader.initFromPage(values.size(), ByteBufferInputStream.wrap(page.toByteBuffer()));
    for (String v : values) {
      assertEquals(v, reader.readBytes().toStringUsingUTF8());
    }
  }
}
