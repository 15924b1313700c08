// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.testkit.Trials;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Random;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridEncoder;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;

/**
 * {@link LeafPages}' runs of list elements ({@code run}, {@code runValues}, {@code nextBits} and
 * {@code consume(n)}) against its entry-by-entry reads, on data pages v1 cut anywhere, also inside
 * a list (other writers than parquet-java do): both see the same levels and values, a run never
 * takes an entry of another list, a level no writer produces or a value past the page, and values
 * cut short fail with {@link ParquetDecodingException} in a run too.
 */
class LevelRunTest {
  // optional group l (LIST) { repeated group list { optional group element { optional int64 x }}}:
  // r 0-1; d 0 null list, 1 empty, 2 null element, 3 null x, 4 a value (3 bits: 5-7 are damage)
  private static final ColumnDescriptor COLUMN =
      new ColumnDescriptor(
          new String[] {"l", "list", "element", "x"},
          Types.optional(PrimitiveTypeName.INT64).named("x"),
          1,
          4);

  /** One entry: its levels and, at definition level 3, its value. */
  private record Entry(int r, int d, long value) {}

  @Test
  void runsReadWhatEntriesRead() {
    Trials.run(
        "levelRuns",
        rnd -> {
          List<Entry> entries = rows(rnd);
          List<Entry> got = new ArrayList<>();
          LeafPages pages = pages(entries, rnd, 0);
          long[] out = new long[2048];
          while (got.size() < entries.size()) {
            int r = pages.repetition();
            int d = pages.definition();
            if (r == 1 && d >= 3 && rnd.nextInt(4) > 0) {
              int n = pages.run(1, 3);
              assertTrue(n >= 1, "a run holds the current entry");
              int values = pages.runValues();
              int present = 0;
              for (int j = 0; j < n; j++) {
                present += pages.definitionAhead(j) == 4 ? 1 : 0;
              }
              assertEquals(present, values, "values of the run");
              if (values == n && rnd.nextBoolean()) {
                pages.nextBits(out, 0, n);
              } else {
                for (int j = 0; j < n; j++) {
                  out[j] = pages.definitionAhead(j) == 4 ? pages.nextBits() : 0;
                }
              }
              for (int j = 0; j < n; j++) {
                int dj = pages.definitionAhead(j);
                got.add(new Entry(1, dj, dj == 4 ? out[j] : 0));
              }
              pages.consume(n); // a run past its list would show as a wrong level below
            } else {
              long v = 0;
              if (d == 4) {
                v = pages.nextBits();
              }
              got.add(new Entry(r, d, v));
              pages.consume();
            }
          }
          assertEquals(entries, got);
        });
  }

  @Test
  void aLevelNoWriterProducesEndsTheRunBeforeIt() {
    List<Entry> entries = new ArrayList<>();
    entries.add(new Entry(0, 4, 1));
    for (int i = 0; i < 9; i++) {
      entries.add(new Entry(1, i == 4 ? 3 : 4, i));
    }
    entries.add(new Entry(1, 5, 0)); // above the maximum: the entry-by-entry path reports it
    LeafPages pages = pages(entries, new Random(1), 3);
    pages.nextBits();
    pages.consume();
    assertEquals(9, pages.run(1, 3));
    assertEquals(8, pages.runValues());
  }

  @Test
  void valuesCutShortFailInARun() {
    List<Entry> entries = new ArrayList<>();
    entries.add(new Entry(0, 4, 1));
    for (int i = 0; i < 20; i++) {
      entries.add(new Entry(1, 4, i));
    }
    LeafPages pages = pages(entries, new Random(2), -1); // the last value's bytes cut off
    pages.nextBits();
    pages.consume();
    int n = pages.run(1, 3);
    assertEquals(20, n);
    var e = assertThrows(ParquetDecodingException.class, () -> pages.nextBits(new long[n], 0, n));
    assertTrue(e.getMessage().contains("a value past the page"), e.getMessage());
  }

  /** Rows of lists: null, empty, and of lengths around the 64 and 1024 levels decoded at a time. */
  private static List<Entry> rows(Random rnd) {
    int[] lengths = {1, 2, 7, 8, 9, 63, 64, 65, 127, 128, 129, 1023, 1024, 1025, 1100};
    List<Entry> out = new ArrayList<>();
    int rows = 1 + rnd.nextInt(12);
    for (int row = 0; row < rows; row++) {
      int kind = rnd.nextInt(6);
      if (kind == 0) {
        out.add(new Entry(0, 0, 0)); // null list
        continue;
      }
      if (kind == 1) {
        out.add(new Entry(0, 1, 0)); // empty list
        continue;
      }
      int n = lengths[rnd.nextInt(lengths.length)];
      int nullEvery = rnd.nextInt(3) == 0 ? 1 + rnd.nextInt(70) : 0;
      for (int i = 0; i < n; i++) {
        // null values and, more rarely, null element groups (where a run stops)
        int d = nullEvery > 0 && i % nullEvery == nullEvery - 1 ? 2 + rnd.nextInt(2) : 4;
        d = d == 2 && rnd.nextBoolean() ? 3 : d;
        out.add(new Entry(i == 0 ? 0 : 1, d, d == 4 ? rnd.nextLong() : 0));
      }
    }
    return out;
  }

  /**
   * A chunk of v1 pages holding {@code entries}, cut at random entries (inside lists too), levels
   * RLE, values PLAIN; {@code cut} &gt; 0 writes every level as is with one page, -1 also drops the
   * last value's last byte.
   */
  private static LeafPages pages(List<Entry> entries, Random rnd, int cut) {
    Deque<DataPage> pages = new ArrayDeque<>();
    for (int from = 0; from < entries.size(); ) {
      int n =
          cut != 0
              ? entries.size()
              : Math.min(entries.size() - from, 1 + rnd.nextInt(rnd.nextBoolean() ? 40 : 3000));
      pages.add(page(entries.subList(from, from + n), cut < 0));
      from += n;
    }
    PageReader reader = HandMadePages.of(entries.size(), pages);
    return new LeafPages(COLUMN, reader, new PrimitiveConverter() {}, null);
  }

  private static DataPage page(List<Entry> entries, boolean cutLastValue) {
    try {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      levels(out, entries, true);
      levels(out, entries, false);
      ByteBuffer values = ByteBuffer.allocate(8 * entries.size()).order(ByteOrder.LITTLE_ENDIAN);
      for (Entry e : entries) {
        if (e.d() == 4) {
          values.putLong(e.value());
        }
      }
      out.write(values.array(), 0, values.position() - (cutLastValue ? 1 : 0));
      byte[] bytes = out.toByteArray();
      return HandMadePages.v1(bytes, entries.size());
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** One kind of levels as a v1 page holds them: a 4-byte length, then RLE/bit-packed. */
  private static void levels(ByteArrayOutputStream out, List<Entry> entries, boolean repetition)
      throws java.io.IOException {
    RunLengthBitPackingHybridEncoder e =
        new RunLengthBitPackingHybridEncoder(
            repetition ? 1 : 3, 64, 1 << 20, new HeapByteBufferAllocator());
    for (Entry x : entries) {
      e.writeInt(repetition ? x.r() : x.d());
    }
    byte[] b = e.toBytes().toByteArray();
    out.write(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(b.length).array());
    out.write(b);
  }
}
