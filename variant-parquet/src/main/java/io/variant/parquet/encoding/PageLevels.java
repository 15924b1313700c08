// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.encoding;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.BytesUtils;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ValuesType;
import org.apache.parquet.column.values.ValuesReader;

/**
 * One kind of level (repetition or definition) of the current data page of a {@link LeafPages}: RLE
 * levels decoded by {@link RleHybrid} from the page's bytes, v1 pages' deprecated BIT_PACKED levels
 * by parquet-java's reader for them, and none at all for a column whose maximum level is 0. spec:
 * Parquet Encodings, RLE (a v1 page prefixes its levels with their 4-byte length, a v2 page stores
 * their length in its header). <b>Thread safety:</b> none.
 */
final class PageLevels {
  private final ColumnDescriptor descriptor;
  private final ValuesType kind;
  private final int max;
  private final RleHybrid runs = new RleHybrid();
  private ValuesReader reader; // levels of another encoding than RLE (v1 pages only)
  private boolean zero; // the column's maximum is 0: no levels stored

  /**
   * @param kind {@code REPETITION_LEVEL} or {@code DEFINITION_LEVEL}
   */
  PageLevels(ColumnDescriptor descriptor, ValuesType kind) {
    this.descriptor = descriptor;
    this.kind = kind;
    this.max =
        kind == ValuesType.REPETITION_LEVEL
            ? descriptor.getMaxRepetitionLevel()
            : descriptor.getMaxDefinitionLevel();
  }

  /**
   * Levels of a v1 page of {@code entries} entries, encoded {@code e}, starting at {@code p};
   * returns where they end.
   */
  int v1(Encoding e, byte[] bytes, int p, int entries) throws IOException {
    reader = null;
    zero = max == 0;
    if (zero) {
      return p; // parquet-java reads nothing for a level that is always 0
    }
    if (e == Encoding.RLE) {
      if (bytes.length - p < 4) {
        throw LeafPages.damaged(descriptor, "its levels run past the page");
      }
      int length = (int) ByteViews.INTS.get(bytes, p);
      if (length < 0 || length > bytes.length - p - 4) {
        throw LeafPages.damaged(descriptor, "levels of " + length + " bytes run past the page");
      }
      runs.start(bytes, p + 4, p + 4 + length, BytesUtils.getWidthFromMaxInt(max));
      return p + 4 + length;
    }
    // Levels are RLE or (deprecated) BIT_PACKED (spec: Encodings.md, RLE and BIT_PACKED): any other
    // encoding in a header is damage, which parquet-java would read as levels of garbage
    if (e != Encoding.BIT_PACKED) {
      throw LeafPages.damaged(descriptor, "its " + name() + " are encoded " + e);
    }
    // All of them are stored, packed back to back: a page shorter than that is cut, or its levels
    // are not BIT_PACKED (parquet-java's reader reads the missing bytes as zeros)
    long packed = ((long) entries * BytesUtils.getWidthFromMaxInt(max) + 7) / 8;
    if (packed > bytes.length - p) {
      throw LeafPages.damaged(
          descriptor, "its BIT_PACKED " + name() + " take " + packed + " bytes, past the page");
    }
    reader = e.getValuesReader(descriptor, kind);
    ByteBufferInputStream in =
        ByteBufferInputStream.wrap(ByteBuffer.wrap(bytes, p, bytes.length - p));
    reader.initFromPage(entries, in);
    return p + (int) in.position();
  }

  /**
   * Once the page's levels are read: why their bytes go on after them, or {@code null} ({@link
   * RleHybrid#leftover}). BIT_PACKED levels take a length known from their count, checked by {@link
   * #v1}. A column whose maximum is 0 reads no levels: what a v2 page gives them is not looked at
   * (writers give none), as a v1 page's would be read as its values and checked as those.
   */
  String leftover() {
    String why = zero || reader != null ? null : runs.leftover(runs.decoded());
    return why == null ? null : "its " + name() + ": " + why;
  }

  private String name() {
    return kind == ValuesType.REPETITION_LEVEL ? "repetition levels" : "definition levels";
  }

  /** Levels of a v2 page: RLE, no length. */
  void v2(BytesInput in) throws IOException {
    reader = null;
    zero = max == 0;
    if (!zero) {
      byte[] bytes = LeafPages.array(in);
      runs.start(bytes, 0, bytes.length, BytesUtils.getWidthFromMaxInt(max));
    }
  }

  /**
   * The next {@code n} levels into {@code out[0, n)}, returning how many are the maximum (the
   * entries that hold a value) as they are decoded; then {@link #single()} tells whether they are
   * all one level. Returns -1 where levels are not counted as they are decoded (parquet-java's
   * reader, or none stored): the caller counts them.
   */
  int readCounting(int[] out, int n) {
    if (reader != null || zero) {
      read(out, 0, n);
      return -1;
    }
    return runs.readCounting(out, n, max);
  }

  /** After a {@link #readCounting} that counted: its one level, or -1 (see {@link RleHybrid}). */
  int single() {
    return runs.single();
  }

  /** The next {@code n} levels into {@code out[from, from + n)}. */
  void read(int[] out, int from, int n) {
    // A level that is always 0 writes nothing. Invariant: out is this kind's own buffer and the
    // column's maximum never changes, so it holds only the zeros it was created with.
    if (zero) {
      return;
    }
    if (reader == null) {
      runs.read(out, from, n);
    } else {
      for (int i = from; i < from + n; i++) {
        out[i] = reader.readInteger();
      }
    }
  }
}
