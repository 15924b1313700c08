// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantFormatException;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.filter.Literal;
import io.variant.parquet.filter.VariantPredicate;
import io.variant.parquet.guard.GuardedInputFile;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.shredding.ShreddedType;
import io.variant.shredding.ShreddingPlan;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.ConcurrentModificationException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.FileMetaData;
import org.apache.parquet.io.DelegatingSeekableInputStream;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.SeekableInputStream;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The row cursor under the readers: the file's index of the row last read counts the rows of row
 * groups a filter skipped, and a second thread inside {@code next()} is refused while the first one
 * reads, whatever the timing. A failure names the file and the row: a damaged page as bad input, a
 * failing stream as an {@link IOException}. A filter prunes by dictionaries on a column the read
 * leaves out.
 */
class RowCursorTest {
  private static final ShreddingPlan PLAN =
      ShreddingPlan.object(Map.of("k", ShreddingPlan.scalar(ShreddedType.INT64)));

  @TempDir Path tmp;

  /** 30 rows {"k": r}, in row groups of 10. */
  private Path file() throws IOException {
    List<Variant> rows = new ArrayList<>();
    for (int r = 0; r < 30; r++) {
      rows.add(new VariantBuilder().startObject().key("k").appendLong(r).endObject().build());
    }
    Path f = tmp.resolve("rows.parquet");
    TestFileWriter.write(f, PLAN, ShreddingLayout.SPEC, rows, 10);
    return f;
  }

  @Test
  void theRowIndexCountsTheRowsOfSkippedRowGroups() throws IOException {
    Path f = file();
    try (VariantParquetReader r =
        VariantParquetReader.builder(f)
            .filter(VariantPredicate.gt(TestFileWriter.COLUMN, "$.k", Literal.of(14L)))
            .build()) {
      assertEquals(-1, r.currentRowIndex());
      // the first row group (k 0 to 9) is skipped, the second (10 to 19) read whole
      for (long k = 10; k < 30; k++) {
        assertEquals(k, r.read().variant(TestFileWriter.COLUMN).field("k").longValue());
        assertEquals(k, r.currentRowIndex());
      }
      assertNull(r.read());
    }
    try (VariantParquetReader r = VariantParquetReader.open(f)) {
      r.read();
      r.read();
      assertEquals(1, r.currentRowIndex());
    }
  }

  @Test
  void aSecondThreadInsideNextIsRefused() throws Exception {
    Path f = file();
    CountDownLatch inside = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    RowCursor.Source<String> blocking =
        new RowCursor.Source<>() {
          @Override
          MessageType open(FileMetaData meta, ParquetConfiguration configuration) {
            return meta.getSchema();
          }

          @Override
          void startRowGroup(PageReadStore pages) {}

          @Override
          String read() {
            inside.countDown();
            try {
              assertTrue(release.await(10, TimeUnit.SECONDS));
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
            return "row";
          }
        };
    GuardedInputFile in = GuardedInputFile.open(new LocalInputFile(f), f.toString());
    try (RowCursor<String> cursor =
        new RowCursor<>(
            FileScope.whole(in, f.toString(), new PlainParquetConfiguration()),
            blocking,
            FilterCompat.NOOP)) {
      CompletableFuture<String> first =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  return cursor.next();
                } catch (IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
              });
      assertTrue(inside.await(30, TimeUnit.SECONDS));
      var e = assertThrows(ConcurrentModificationException.class, cursor::next);
      assertTrue(
          e.getMessage().contains("open one reader (or projection) per thread"), e.getMessage());
      release.countDown();
      assertEquals("row", first.get(30, TimeUnit.SECONDS));
      assertEquals("row", cursor.next()); // the first thread has left: the next read is served
    }
  }

  /** A source of the rows {@code rows} gives, one per call: a value, or an exception it throws. */
  private static RowCursor.Source<String> scripted(List<Object> rows) {
    return new RowCursor.Source<>() {
      private int next;

      @Override
      MessageType open(FileMetaData meta, ParquetConfiguration configuration) {
        return meta.getSchema();
      }

      @Override
      void startRowGroup(PageReadStore pages) {}

      @Override
      String read() {
        Object row = rows.get(next++);
        if (row instanceof RuntimeException e) {
          throw e;
        }
        return (String) row;
      }
    };
  }

  @Test
  void aFailedRowIsNamedByItsInnermostCauseAndTheNextRowReads() throws IOException {
    Path f = file();
    VariantFormatException format = VariantFormatException.at(3, "no such type");
    List<Object> rows =
        List.of(
            "row 0",
            new IllegalStateException("where it stopped", new ArithmeticException("the reason")),
            new IllegalArgumentException("wrapped", format),
            new VariantParquetException("elsewhere", "v.x", 99, "a typed value", null),
            "row 4");
    GuardedInputFile in = GuardedInputFile.open(new LocalInputFile(f), f.toString());
    try (RowCursor<String> cursor =
        new RowCursor<>(
            FileScope.whole(in, "the file", new PlainParquetConfiguration()),
            scripted(rows),
            FilterCompat.NOOP)) {
      assertEquals("row 0", cursor.next());
      var inner = assertThrows(VariantParquetException.class, cursor::next);
      assertEquals("Cannot read row: ArithmeticException: the reason", inner.detail());
      assertEquals(1, inner.row());
      assertEquals("the file", inner.file());
      var variant = assertThrows(VariantParquetException.class, cursor::next);
      assertEquals(format.getMessage(), variant.detail());
      assertSame(format, variant.getCause());
      assertEquals(2, variant.row());
      var named = assertThrows(VariantParquetException.class, cursor::next);
      assertEquals("a typed value", named.detail());
      assertEquals("v.x", named.column());
      assertEquals(3, named.row()); // this cursor's row and file, not the ones it was thrown with
      assertEquals("the file", named.file());
      assertEquals("row 4", cursor.next());
      assertEquals(4, cursor.lastRowIndex());
    }
  }

  @Test
  void closingTheCursorClosesTheFilesStream() throws IOException {
    Path f = file();
    List<SeekableInputStream> opened = new ArrayList<>();
    InputFile counted =
        new LocalInputFile(f) {
          @Override
          public SeekableInputStream newStream() throws IOException {
            SeekableInputStream s = super.newStream();
            opened.add(s);
            return s;
          }
        };
    GuardedInputFile in = GuardedInputFile.open(counted, f.toString());
    int before = opened.size(); // the footer's, closed
    RowCursor<String> cursor =
        new RowCursor<>(
            FileScope.whole(in, "the file", new PlainParquetConfiguration()),
            scripted(List.of("row 0")),
            FilterCompat.NOOP);
    assertEquals("row 0", cursor.next());
    SeekableInputStream rows = opened.get(before);
    rows.getPos(); // open
    cursor.close();
    assertThrows(IOException.class, rows::getPos, "the rows' stream is closed");
  }

  /**
   * Every page overwritten: the page headers do not decode, which is bad input, not an I/O error: a
   * {@link VariantParquetException} naming the file and the row.
   */
  @Test
  void aDamagedPageHeaderIsBadInputNamingTheFileAndRow() throws IOException {
    Path f = file();
    byte[] bytes = Files.readAllBytes(f);
    int footer =
        ByteBuffer.wrap(bytes, bytes.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    Arrays.fill(bytes, 4, bytes.length - 8 - footer, (byte) 0xEE); // all but magic and footer
    Files.write(f, bytes);
    try (VariantParquetReader r = VariantParquetReader.open(f)) {
      VariantParquetException e = assertThrows(VariantParquetException.class, r::read);
      assertEquals(f.toString(), e.file());
      assertEquals(0, e.row());
      assertTrue(e.getMessage().contains("damaged page header"), e.getMessage());
    }
  }

  /**
   * A stream that fails after the footer is read, as a failing disk or a file cut short while it is
   * read: an {@link IOException} whose message names the row and the file and says what failed,
   * with the stream's exception as its cause.
   */
  @Test
  void anIoFailureWhileReadingRowsNamesTheRowAndTheFile() throws IOException {
    Path f = file();
    Map<IOException, String> said = new LinkedHashMap<>();
    said.put(new IOException("the disk is gone"), "the disk is gone");
    said.put(
        new EOFException(),
        "the file ends early: it is truncated, or a size or offset in it is wrong");
    said.put(new IOException(), "IOException");
    for (Map.Entry<IOException, String> failure : said.entrySet()) {
      boolean[] failing = {false};
      InputFile flaky =
          new LocalInputFile(f) {
            @Override
            public SeekableInputStream newStream() throws IOException {
              SeekableInputStream s = super.newStream();
              return failing[0] ? failing(s, failure.getKey()) : s;
            }
          };
      try (VariantParquetReader r = VariantParquetReader.builder(flaky, "flaky.parquet").build()) {
        failing[0] = true; // the footer is read: the rows' stream fails
        IOException e = assertThrows(IOException.class, r::read);
        assertEquals("Cannot read row 0 of flaky.parquet: " + failure.getValue(), e.getMessage());
        assertSame(failure.getKey(), e.getCause());
      }
    }
  }

  /** {@code s}, whose reads throw {@code e}. */
  private static SeekableInputStream failing(SeekableInputStream s, IOException e) {
    return new DelegatingSeekableInputStream(s) {
      @Override
      public long getPos() throws IOException {
        return s.getPos();
      }

      @Override
      public void seek(long newPos) throws IOException {
        s.seek(newPos);
      }

      @Override
      public int read() throws IOException {
        throw e;
      }

      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        throw e;
      }

      @Override
      public void readFully(byte[] bytes, int start, int len) throws IOException {
        throw e;
      }

      @Override
      public int read(ByteBuffer buf) throws IOException {
        throw e;
      }

      @Override
      public void readFully(ByteBuffer buf) throws IOException {
        throw e;
      }
    };
  }

  /**
   * A read that leaves out the filter's column still skips the row groups whose dictionaries lack
   * the value, not only those whose statistics exclude it: the filter reads its column by the
   * file's schema, not the read's. {@code k} has no residual column, so its typed column alone
   * decides; row group 0 holds k 0 and 20, group 1 k 5 and 15, group 2 k 10: k = 10 lies within the
   * statistics of all three, in the dictionary of group 2 only.
   */
  @Test
  void aFilterOnAColumnTheReadLeavesOutSkipsRowGroupsByTheirDictionaries() throws IOException {
    MessageType schema =
        MessageTypeParser.parseMessageType(
            "message m { required int64 id; optional group v (VARIANT(1)) {"
                + " required binary metadata; optional binary value; optional group typed_value {"
                + " required group k { optional int64 typed_value; } } } }");
    byte[] keyK = {0x11, 0x01, 0x00, 0x01, 'k'}; // v1 sorted, 1 key, offsets 0..1, "k"
    long[] ks = {0, 20, 5, 15, 10, 10};
    SimpleGroupFactory groups = new SimpleGroupFactory(schema);
    List<Group> rows = new ArrayList<>();
    for (long id = 0; id < 30; id++) {
      Group row = groups.newGroup().append("id", id);
      Group v = row.addGroup("v").append("metadata", Binary.fromConstantByteArray(keyK));
      v.addGroup("typed_value")
          .addGroup("k")
          .append("typed_value", ks[(int) (id / 10 * 2 + id % 2)]);
      rows.add(row);
    }
    Path f = tmp.resolve("dictionaries.parquet");
    try (ParquetWriter<Group> w =
        ExampleParquetWriter.builder(new LocalOutputFile(f))
            .withType(schema)
            .withConf(new PlainParquetConfiguration())
            .withRowGroupRowCountLimit(10)
            .build()) {
      for (Group row : rows) {
        w.write(row);
      }
    }
    VariantPredicate k10 = VariantPredicate.eq("v", "$.k", Literal.of(10L));
    try (VariantParquetReader r = VariantParquetReader.builder(f).filter(k10).build()) {
      for (long id = 20; id < 30; id++) {
        assertEquals(id, r.read().get("id"));
      }
      assertNull(r.read());
    }
    try (VariantParquetReader r =
        VariantParquetReader.builder(f).column("id").filter(k10).build()) {
      for (long id = 20; id < 30; id++) {
        assertEquals(id, r.read().get("id"));
      }
      assertNull(r.read());
    }
  }
}
