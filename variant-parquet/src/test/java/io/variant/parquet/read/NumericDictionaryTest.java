// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.testkit.Trials;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Random;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridEncoder;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;

/**
 * {@link PageValues} decodes a numeric dictionary (INT32, INT64, FLOAT, DOUBLE) once per chunk for
 * converters that take decoded values: every id of a page gives its entry's value, bit for bit, and
 * an id outside the dictionary fails with {@link ParquetDecodingException}.
 */
class NumericDictionaryTest {
  private static final PrimitiveTypeName[] TYPES = {
    PrimitiveTypeName.INT32,
    PrimitiveTypeName.INT64,
    PrimitiveTypeName.FLOAT,
    PrimitiveTypeName.DOUBLE
  };

  @Test
  void everyIdGivesItsEntryBitForBit() {
    Trials.run(
        "numericDictionary",
        rnd -> {
          PrimitiveTypeName type = TYPES[rnd.nextInt(TYPES.length)];
          long[] entries = entries(type, rnd);
          int[] ids = ids(entries.length, rnd);
          Capture got = new Capture(ids.length);
          PageValues values = values(type, entries, got);
          byte[] page = idPage(ids, entries.length);
          values.start(Encoding.RLE_DICTIONARY, page, 0, ids.length);
          long[] want = new long[ids.length];
          for (int i = 0; i < ids.length; i++) {
            values.write();
            want[i] = entries[ids[i]];
          }
          assertArrayEquals(want, got.bits, type.toString());
        });
  }

  @Test
  void rawBitsOneByOneAndInRunsAreWhatTheConverterGets() {
    Trials.run(
        "numericDictionaryBits",
        rnd -> {
          PrimitiveTypeName type = TYPES[rnd.nextInt(TYPES.length)];
          if (type == PrimitiveTypeName.FLOAT) {
            type = PrimitiveTypeName.INT32; // FLOAT has no raw path: see PageValues#hasBits
          }
          long[] entries = entries(type, rnd);
          // past the 64 ids decoded at a time, and runs that end on and off those boundaries
          int[] ids = ids(entries.length, rnd);
          byte[] page = idPage(ids, entries.length);
          Capture want = new Capture(ids.length);
          PageValues byConverter = values(type, entries, want);
          byConverter.start(Encoding.RLE_DICTIONARY, page, 0, ids.length);
          PageValues raw = values(type, entries, new Capture(0));
          raw.start(Encoding.RLE_DICTIONARY, page, 0, ids.length);
          assertTrue(raw.hasBits(), type.toString());
          long[] got = new long[ids.length];
          for (int at = 0; at < ids.length; ) {
            int n = Math.min(ids.length - at, rnd.nextBoolean() ? 1 : 1 + rnd.nextInt(130));
            if (n == 1 && rnd.nextBoolean()) {
              got[at] = raw.nextBits();
            } else {
              raw.nextBits(got, at, n);
            }
            for (int k = 0; k < n; k++) {
              byConverter.write();
            }
            at += n;
          }
          assertArrayEquals(want.bits, got, type.toString());
        });
  }

  @Test
  void anIdOutsideTheDictionaryFailsInARunToo() throws Exception {
    for (PrimitiveTypeName type : TYPES) {
      if (type == PrimitiveTypeName.FLOAT) {
        continue;
      }
      int[] ids = new int[70]; // the bad id after the first 64 decoded
      ids[66] = 3;
      PageValues values = values(type, new long[] {1, 2, 3}, new Capture(0));
      values.start(Encoding.RLE_DICTIONARY, idPage(ids, 4), 0, ids.length);
      long[] out = new long[ids.length];
      var e = assertThrows(ParquetDecodingException.class, () -> values.nextBits(out, 0, 70));
      assertTrue(e.getMessage().contains("dictionary id 3 outside its 3"), e.getMessage());
      long[] before = new long[64];
      Arrays.fill(before, 1);
      assertArrayEquals(before, Arrays.copyOf(out, 64), "the ids before it: entry 0");
    }
  }

  @Test
  void anIdOutsideTheDictionaryFailsAsADecodingError() throws Exception {
    for (PrimitiveTypeName type : TYPES) {
      PageValues values = values(type, new long[] {1, 2, 3}, new Capture(2));
      values.start(Encoding.RLE_DICTIONARY, idPage(new int[] {2, 3}, 4), 0, 2);
      values.write();
      var e = assertThrows(ParquetDecodingException.class, values::write);
      assertTrue(e.getMessage().contains("dictionary id 3 outside its 3"), e.getMessage());
    }
  }

  /** A dictionary of up to 300 entries of {@code type}, as raw bits. */
  private static long[] entries(PrimitiveTypeName type, Random rnd) {
    long[] entries = new long[1 + rnd.nextInt(300)];
    for (int i = 0; i < entries.length; i++) {
      entries[i] = bits(type, rnd);
    }
    return entries;
  }

  /** Up to 1,000 ids of a dictionary of {@code size} entries. */
  private static int[] ids(int size, Random rnd) {
    int[] ids = new int[1 + rnd.nextInt(1000)];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = rnd.nextInt(size);
    }
    return ids;
  }

  private static long bits(PrimitiveTypeName type, Random rnd) {
    return switch (type) {
      case INT32 -> rnd.nextInt();
      case FLOAT -> Float.floatToRawIntBits(rnd.nextFloat() * 1e6f - 5e5f);
      default -> rnd.nextLong(); // INT64; DOUBLE: any bits, NaN payloads included
    };
  }

  static PageValues values(PrimitiveTypeName type, long[] entries, Capture to) throws Exception {
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
  static byte[] idPage(int[] ids, int dictionarySize) throws Exception {
    int width = 32 - Integer.numberOfLeadingZeros(Math.max(1, dictionarySize - 1));
    RunLengthBitPackingHybridEncoder e =
        new RunLengthBitPackingHybridEncoder(width, 64, 1 << 20, new HeapByteBufferAllocator());
    for (int id : ids) {
      e.writeInt(id);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(width);
    e.toBytes().writeAllTo(out);
    return out.toByteArray();
  }

  /** Records each value as raw bits, as the typed converters receive them. */
  static final class Capture extends PrimitiveConverter {
    final long[] bits;
    int n;

    Capture(int size) {
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
