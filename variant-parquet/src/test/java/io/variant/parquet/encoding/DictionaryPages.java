// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.encoding;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridEncoder;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;

/**
 * Page decoders over hand-made dictionary pages, for the tests of what reads their values: a
 * numeric or string dictionary, and pages of dictionary ids.
 */
public final class DictionaryPages {
  private DictionaryPages() {}

  /**
   * Starts {@code values} on a page of dictionary ids {@code ids}, of a dictionary of {@code
   * dictionarySize} entries.
   */
  public static void startIds(PageValues values, int[] ids, int dictionarySize) {
    startIds(values, ids, dictionarySize, ids.length);
  }

  /** {@link #startIds(PageValues, int[], int)} on a page that claims {@code entries} entries. */
  public static void startIds(PageValues values, int[] ids, int dictionarySize, int entries) {
    try {
      values.start(Encoding.RLE_DICTIONARY, idPage(ids, dictionarySize), 0, entries);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A page decoder of an optional BINARY column whose PLAIN dictionary holds {@code words}. */
  public static PageValues strings(String[] words, PrimitiveConverter converter) {
    ByteBuffer plain = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN);
    for (String w : words) {
      byte[] b = w.getBytes(StandardCharsets.UTF_8);
      plain.putInt(b.length).put(b);
    }
    byte[] bytes = Arrays.copyOf(plain.array(), plain.position());
    ColumnDescriptor column =
        new ColumnDescriptor(
            new String[] {"s"}, Types.optional(PrimitiveTypeName.BINARY).named("s"), 0, 1);
    DictionaryPage dictionary =
        new DictionaryPage(BytesInput.from(bytes), words.length, Encoding.PLAIN_DICTIONARY);
    return new PageValues(column, dictionary, converter, null);
  }

  /**
   * A page decoder of a required {@code type} column whose PLAIN dictionary holds {@code entries}.
   */
  public static PageValues values(PrimitiveTypeName type, long[] entries, PrimitiveConverter to) {
    boolean wide = type == PrimitiveTypeName.INT64 || type == PrimitiveTypeName.DOUBLE;
    ByteBuffer plain =
        ByteBuffer.allocate(entries.length * (wide ? 8 : 4)).order(ByteOrder.LITTLE_ENDIAN);
    for (long e : entries) {
      if (wide) {
        plain.putLong(e);
      } else {
        plain.putInt((int) e);
      }
    }
    ColumnDescriptor column =
        new ColumnDescriptor(new String[] {"x"}, Types.required(type).named("x"), 0, 0);
    DictionaryPage dictionary =
        new DictionaryPage(
            BytesInput.from(plain.array()), entries.length, Encoding.PLAIN_DICTIONARY);
    return new PageValues(column, dictionary, to, null);
  }

  /** A dictionary-encoded page's values: the ids' bit width, then the ids RLE/bit-packed. */
  public static byte[] idPage(int[] ids, int dictionarySize) {
    int width = 32 - Integer.numberOfLeadingZeros(Math.max(1, dictionarySize - 1));
    RunLengthBitPackingHybridEncoder e =
        new RunLengthBitPackingHybridEncoder(width, 64, 1 << 20, new HeapByteBufferAllocator());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      for (int id : ids) {
        e.writeInt(id);
      }
      out.write(width);
      e.toBytes().writeAllTo(out);
    } catch (IOException x) {
      throw new UncheckedIOException(x);
    }
    return out.toByteArray();
  }

  /** Records each value as raw bits, as the typed converters receive them. */
  public static final class Capture extends PrimitiveConverter {
    public final long[] bits;
    public int n;

    public Capture(int size) {
      bits = new long[size];
    }

    @Override
    public void addInt(int value) {
      bits[n++] = value;
    }

    @Override
    public void addLong(long value) {
      bits[n++] = value;
    }

    @Override
    public void addFloat(float value) {
      bits[n++] = Float.floatToRawIntBits(value);
    }

    @Override
    public void addDouble(double value) {
      bits[n++] = Double.doubleToRawLongBits(value);
    }
  }
}
