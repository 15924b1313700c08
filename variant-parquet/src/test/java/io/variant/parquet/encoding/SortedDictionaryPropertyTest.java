// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.encoding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.testkit.Trials;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.dictionary.DictionaryValuesReader;
import org.apache.parquet.column.values.dictionary.DictionaryValuesWriter;
import org.apache.parquet.column.values.dictionary.PlainValuesDictionary;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridDecoder;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.Test;

/**
 * {@link BinaryDictionaryWriter#sortedByKey} and {@link
 * BinaryDictionaryWriter#judgingEarlySortedByKey}: every page read through its row group's
 * dictionary page gives the values parquet-java's dictionary writer's pages give (ours judging
 * early, for the latter), over pages, row groups and fallbacks; a row group's first page where
 * values repeat lists its entries in the unsigned order of their bytes.
 */
class SortedDictionaryPropertyTest {
  private static final int MAX_DICTIONARY_BYTES = 2_000; // small, so that some trials fall back
  private static final HeapByteBufferAllocator HEAP = HeapByteBufferAllocator.getInstance();

  @Test
  void sortedPagesReadAsParquetJavasPages() {
    Trials.run(
        "sortedDictionaryPagesReadAsParquetJavas",
        Math.max(50, Trials.trials() / 5),
        rnd -> {
          // judging early, against our unsorted writer that judges early alike
          boolean early = rnd.nextBoolean();
          Encoding dict = Encoding.PLAIN_DICTIONARY;
          BinaryDictionaryWriter ours =
              early
                  ? BinaryDictionaryWriter.judgingEarlySortedByKey(
                      MAX_DICTIONARY_BYTES, dict, dict, HEAP)
                  : BinaryDictionaryWriter.sortedByKey(MAX_DICTIONARY_BYTES, dict, dict, HEAP);
          DictionaryValuesWriter theirs =
              early
                  ? BinaryDictionaryWriter.judgingEarly(MAX_DICTIONARY_BYTES, dict, dict, HEAP)
                  : new DictionaryValuesWriter.PlainBinaryDictionaryValuesWriter(
                      MAX_DICTIONARY_BYTES, dict, dict, HEAP);
          byte[][] pool = BinaryDictionaryWriterPropertyTest.pool(rnd);
          List<Page> oursPages = new ArrayList<>();
          List<Page> theirPages = new ArrayList<>();
          int values = rnd.nextInt(400);
          int onPage = 0;
          byte[] reused = new byte[256];
          Binary lastConstant = null;
          for (int n = 0; n < values; n++) {
            byte[] v = pool[rnd.nextInt(pool.length)];
            if (lastConstant != null && rnd.nextInt(4) == 0) {
              v = lastConstant.getBytes(); // the same instance again: the identity shortcut
            }
            theirs.writeBytes(Binary.fromConstantByteArray(v));
            if (lastConstant != null && Arrays.equals(v, lastConstant.getBytes())) {
              ours.writeBytes(lastConstant);
            } else if (rnd.nextBoolean()) {
              lastConstant = Binary.fromConstantByteArray(v);
              ours.writeBytes(lastConstant);
            } else {
              System.arraycopy(v, 0, reused, 0, v.length);
              ours.writeBytes(Binary.fromReusedByteArray(reused, 0, v.length));
              Arrays.fill(reused, (byte) rnd.nextInt()); // a kept reference would show
            }
            onPage++;
            assertEquals(theirs.shouldFallBack(), ours.shouldFallBack());
            if (theirs.shouldFallBack()) {
              PlainValuesWriter a = plain();
              PlainValuesWriter b = plain();
              theirs.fallBackAllValuesTo(a);
              ours.fallBackAllValuesTo(b);
              assertArrayEquals(a.getBytes().toByteArray(), b.getBytes().toByteArray());
              return;
            }
            if (rnd.nextInt(50) == 0) {
              oursPages.add(page(ours, onPage));
              theirPages.add(page(theirs, onPage));
              onPage = 0;
            }
            if (rnd.nextInt(200) == 0) {
              endRowGroup(ours, theirs, oursPages, theirPages, onPage);
              onPage = 0;
              lastConstant = null;
            }
          }
          endRowGroup(ours, theirs, oursPages, theirPages, onPage);
        });
  }

  /** A page of ids, with the number of values it holds. */
  private record Page(byte[] ids, int values) {}

  private static Page page(DictionaryValuesWriter w, int values) throws IOException {
    Page p = new Page(w.getBytes().toByteArray(), values);
    w.reset();
    return p;
  }

  /** Ends the row group: every page of each, read through its dictionary, gives the same values. */
  private static void endRowGroup(
      BinaryDictionaryWriter ours,
      DictionaryValuesWriter theirs,
      List<Page> oursPages,
      List<Page> theirPages,
      int onPage)
      throws IOException {
    if (onPage > 0) {
      oursPages.add(page(ours, onPage));
      theirPages.add(page(theirs, onPage));
    }
    Page first = oursPages.isEmpty() ? null : oursPages.get(0);
    int firstPageEntries = first == null ? 0 : entriesUsed(first);
    // a first page of (nearly) only new values is left in the order they came
    boolean sorted = first != null && 64L * firstPageEntries < 63L * first.values();
    DictionaryPage d1 = theirs.toDictPageAndClose();
    DictionaryPage d2 = ours.toDictPageAndClose();
    assertEquals(d1 == null, d2 == null);
    if (d1 != null) {
      assertEquals(d1.getDictionarySize(), d2.getDictionarySize());
      PlainValuesDictionary.PlainBinaryDictionary dict1 =
          new PlainValuesDictionary.PlainBinaryDictionary(d1);
      PlainValuesDictionary.PlainBinaryDictionary dict2 =
          new PlainValuesDictionary.PlainBinaryDictionary(d2);
      for (int i = 0; i < oursPages.size(); i++) {
        assertEquals(read(theirPages.get(i), dict1), read(oursPages.get(i), dict2), "page " + i);
      }
      for (int id = 1; sorted && id < Math.min(firstPageEntries, d2.getDictionarySize()); id++) {
        byte[] before = dict2.decodeToBinary(id - 1).getBytes();
        byte[] after = dict2.decodeToBinary(id).getBytes();
        assertTrue(Arrays.compareUnsigned(before, after) < 0, "entry " + id + " out of order");
      }
    }
    oursPages.clear();
    theirPages.clear();
    theirs.resetDictionary();
    ours.resetDictionary();
  }

  /** The largest id on {@code page}, plus one: the entries the first page numbered. */
  private static int entriesUsed(Page page) throws IOException {
    int bitWidth = page.ids()[0];
    if (bitWidth == 0) {
      return 1;
    }
    RunLengthBitPackingHybridDecoder decoder =
        new RunLengthBitPackingHybridDecoder(
            bitWidth, new ByteArrayInputStream(page.ids(), 1, page.ids().length - 1));
    int max = 0;
    for (int i = 0; i < page.values(); i++) {
      max = Math.max(max, decoder.readInt());
    }
    return max + 1;
  }

  private static List<String> read(Page page, PlainValuesDictionary.PlainBinaryDictionary dict)
      throws IOException {
    DictionaryValuesReader reader = new DictionaryValuesReader(dict);
    reader.initFromPage(page.values(), ByteBufferInputStream.wrap(ByteBuffer.wrap(page.ids())));
    List<String> out = new ArrayList<>();
    for (int i = 0; i < page.values(); i++) {
      out.add(Arrays.toString(reader.readBytes().getBytes()));
    }
    return out;
  }

  private static PlainValuesWriter plain() {
    return new PlainValuesWriter(64, 1 << 20, HEAP);
  }
}
