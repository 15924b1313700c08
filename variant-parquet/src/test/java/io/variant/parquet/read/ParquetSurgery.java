// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongUnaryOperator;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.Util;

/**
 * Test-only surgery on the bytes of a valid Parquet file: finds the footer, every column chunk and
 * every page (spec: parquet-format §File format), and returns corrupted copies: bytes changed in
 * place, pages swapped, the footer or a page header re-serialized with a forged field (every
 * absolute offset after the change shifted so that only the forged field is wrong). Reads thrift
 * with parquet-format-structures, never with the reader under test.
 */
final class ParquetSurgery {
  /** The 4-byte magic at both ends of a Parquet file. */
  static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);

  /** Footer length (4 bytes, little-endian) followed by the magic. */
  static final int TAIL = 8;

  /**
   * A page: its header at {@code start}, {@code headerLength} bytes, then {@code payloadLength}
   * bytes.
   */
  record Page(long start, int headerLength, int payloadLength, PageHeader header) {
    long payloadStart() {
      return start + headerLength;
    }

    long end() {
      return payloadStart() + payloadLength;
    }
  }

  /** One column chunk: {@code [start, start + length)}, with its pages in file order. */
  record Chunk(int rowGroup, int column, long start, long length, List<Page> pages) {}

  final byte[] file;
  final FileMetaData footer;
  final int footerStart;
  final int footerLength;
  final List<Chunk> chunks = new ArrayList<>();

  private ParquetSurgery(byte[] file) {
    this.file = file;
    this.footerLength =
        ByteBuffer.wrap(file, file.length - TAIL, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    this.footerStart = file.length - TAIL - footerLength;
    this.footer = readFooter(file, footerStart, footerLength);
    List<RowGroup> groups = footer.getRow_groups();
    for (int g = 0; g < groups.size(); g++) {
      List<ColumnChunk> columns = groups.get(g).getColumns();
      for (int c = 0; c < columns.size(); c++) {
        ColumnMetaData m = columns.get(c).getMeta_data();
        long start =
            m.isSetDictionary_page_offset() && m.getDictionary_page_offset() > 0
                ? Math.min(m.getDictionary_page_offset(), m.getData_page_offset())
                : m.getData_page_offset();
        chunks.add(
            new Chunk(
                g,
                c,
                start,
                m.getTotal_compressed_size(),
                pages(start, m.getTotal_compressed_size())));
      }
    }
  }

  /** Parses a file this module wrote; fails the test if the file itself is not valid. */
  static ParquetSurgery of(byte[] file) {
    return new ParquetSurgery(file);
  }

  private static FileMetaData readFooter(byte[] file, int start, int length) {
    try {
      return Util.readFileMetaData(new ByteArrayInputStream(file, start, length));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private List<Page> pages(long start, long length) {
    List<Page> pages = new ArrayList<>();
    long at = start;
    while (at < start + length) {
      ByteArrayInputStream in =
          new ByteArrayInputStream(file, (int) at, (int) (start + length - at));
      int before = in.available();
      PageHeader h;
      try {
        h = Util.readPageHeader(in);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      Page p = new Page(at, before - in.available(), h.getCompressed_page_size(), h);
      if (p.end() <= at
          || p.end() > start + length) { // only damaged files (fuzzing parses its own output again)
        throw new IllegalStateException("page at " + at + " does not fit its chunk");
      }
      pages.add(p);
      at = p.end();
    }
    return pages;
  }

  /**
   * The first chunk (in row-group order) of the column with dotted path {@code column}, e.g. {@code
   * v.metadata}.
   */
  Chunk chunk(String column) {
    for (Chunk c : chunks) {
      ColumnMetaData m =
          footer.getRow_groups().get(c.rowGroup()).getColumns().get(c.column()).getMeta_data();
      if (String.join(".", m.getPath_in_schema()).equals(column)) {
        return c;
      }
    }
    throw new IllegalArgumentException("no column chunk " + column);
  }

  /** The chunk of the column with dotted path {@code column} in row group {@code rowGroup}. */
  Chunk chunk(String column, int rowGroup) {
    for (Chunk c : chunks) {
      ColumnMetaData m =
          footer.getRow_groups().get(c.rowGroup()).getColumns().get(c.column()).getMeta_data();
      if (c.rowGroup() == rowGroup && String.join(".", m.getPath_in_schema()).equals(column)) {
        return c;
      }
    }
    throw new IllegalArgumentException("no column chunk " + column + " in row group " + rowGroup);
  }

  /** Every page of every chunk. */
  List<Page> allPages() {
    List<Page> all = new ArrayList<>();
    chunks.forEach(c -> all.addAll(c.pages()));
    return all;
  }

  /**
   * A copy of the file with {@code [start, end)} replaced by {@code replacement}; nothing else
   * adjusted.
   */
  byte[] splice(long start, long end, byte[] replacement) {
    byte[] out = new byte[file.length - (int) (end - start) + replacement.length];
    System.arraycopy(file, 0, out, 0, (int) start);
    System.arraycopy(replacement, 0, out, (int) start, replacement.length);
    System.arraycopy(
        file, (int) end, out, (int) start + replacement.length, file.length - (int) end);
    return out;
  }

  /** A copy of the file whose last 8 bytes claim a footer of {@code length} bytes. */
  byte[] withFooterLength(int length) {
    byte[] out = file.clone();
    ByteBuffer.wrap(out, out.length - TAIL, 4).order(ByteOrder.LITTLE_ENDIAN).putInt(length);
    return out;
  }

  /**
   * A copy of the file whose footer is {@code forged} (re-serialized; the footer length follows).
   */
  byte[] withFooter(FileMetaData forged) {
    return replaceFooter(file, footerStart, forged);
  }

  /**
   * {@code file}'s bytes before {@code footerStart}, then {@code footer}, its length and the magic.
   */
  private static byte[] replaceFooter(byte[] file, int footerStart, FileMetaData footer) {
    byte[] thrift = serialize(footer);
    byte[] tail =
        ByteBuffer.allocate(TAIL)
            .order(ByteOrder.LITTLE_ENDIAN)
            .putInt(thrift.length)
            .put(MAGIC)
            .array();
    byte[] out = Arrays.copyOf(file, footerStart + thrift.length + TAIL);
    System.arraycopy(thrift, 0, out, footerStart, thrift.length);
    System.arraycopy(tail, 0, out, footerStart + thrift.length, TAIL);
    return out;
  }

  /** A copy of the footer, to forge before {@link #withFooter}. */
  FileMetaData footerCopy() {
    return footer.deepCopy();
  }

  /**
   * A copy of the file whose page {@code page} of chunk {@code chunk} has header {@code forged}. If
   * the serialized header changes length, the chunk's size and every absolute offset after it move
   * with it, so the footer stays consistent and only the forged field is wrong.
   */
  byte[] withPageHeader(Chunk chunk, Page page, PageHeader forged) {
    byte[] header = serialize(forged);
    int delta = header.length - page.headerLength();
    FileMetaData meta = footerCopy();
    LongUnaryOperator shift = offset -> offset > page.start() ? offset + delta : offset;
    for (RowGroup g : meta.getRow_groups()) {
      if (g.isSetFile_offset()) {
        g.setFile_offset(shift.applyAsLong(g.getFile_offset()));
      }
      for (ColumnChunk c : g.getColumns()) {
        c.setFile_offset(shift.applyAsLong(c.getFile_offset()));
        ColumnMetaData m = c.getMeta_data();
        m.setData_page_offset(shift.applyAsLong(m.getData_page_offset()));
        if (m.isSetDictionary_page_offset()) {
          m.setDictionary_page_offset(shift.applyAsLong(m.getDictionary_page_offset()));
        }
        // The page indexes hold offsets of their own, still right if no header changed length
        // (a changed byte, as damage makes it): kept, readers with page filtering use them.
        // Otherwise dropped: readers without page filtering never look at them.
        if (delta != 0) {
          c.unsetColumn_index_offset();
          c.unsetColumn_index_length();
          c.unsetOffset_index_offset();
          c.unsetOffset_index_length();
        }
      }
    }
    ColumnMetaData forgedChunk =
        meta.getRow_groups().get(chunk.rowGroup()).getColumns().get(chunk.column()).getMeta_data();
    forgedChunk.setTotal_compressed_size(forgedChunk.getTotal_compressed_size() + delta);
    return replaceFooter(
        splice(page.start(), page.payloadStart(), header), footerStart + delta, meta);
  }

  /**
   * A copy of the file with pages {@code a} and {@code b} (of one chunk, {@code a} first) swapped.
   */
  byte[] swapPages(Page a, Page b) {
    byte[] out = file.clone();
    int at = (int) a.start();
    at = copy(b, out, at);
    System.arraycopy(file, (int) a.end(), out, at, (int) (b.start() - a.end()));
    at += (int) (b.start() - a.end());
    copy(a, out, at);
    return out;
  }

  private int copy(Page p, byte[] out, int at) {
    int n = (int) (p.end() - p.start());
    System.arraycopy(file, (int) p.start(), out, at, n);
    return at + n;
  }

  private static byte[] serialize(Object thrift) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      if (thrift instanceof FileMetaData f) {
        Util.writeFileMetaData(f, out);
      } else {
        Util.writePageHeader((PageHeader) thrift, out);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}
