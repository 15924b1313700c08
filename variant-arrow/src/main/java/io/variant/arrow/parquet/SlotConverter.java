// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import io.variant.parquet.encoding.BinaryConverter;
import java.nio.ByteBuffer;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.PrimitiveType;

/**
 * Writes the values a leaf's pages hand over ({@code LeafPages#writeValue}) straight into its Arrow
 * vector, at the slot its {@link LeafReader} sets before each value: no boxing, no Variant.
 */
final class SlotConverter {
  /** The slot the next value goes to; set by the leaf reader. */
  static final class Slot {
    int at;
  }

  private SlotConverter() {}

  /**
   * The converter of a Parquet leaf of type {@code type} into {@code vector}, whose Arrow type the
   * caller chose for that Parquet type ({@code StorageFields.arrowType} or {@link PlainColumns}).
   *
   * @throws IllegalArgumentException if the vector is of a kind no leaf is read into
   */
  static PrimitiveConverter of(FieldVector vector, PrimitiveType type, Slot slot) {
    if (vector instanceof BaseVariableWidthVector v) {
      return variableWidth(v, slot);
    }
    if (vector instanceof FixedSizeBinaryVector v) {
      return bytes((b) -> v.setSafe(slot.at, b));
    }
    if (vector instanceof DecimalVector v) {
      return decimal(
          v, slot, type.getPrimitiveTypeName().javaType == org.apache.parquet.io.api.Binary.class);
    }
    if (vector instanceof BitVector v) {
      return new PrimitiveConverter() {
        @Override
        public void addBoolean(boolean value) {
          v.setSafe(slot.at, value ? 1 : 0);
        }
      };
    }
    if (vector instanceof Float4Vector v) {
      return new PrimitiveConverter() {
        @Override
        public void addFloat(float value) {
          v.setSafe(slot.at, value);
        }
      };
    }
    if (vector instanceof Float8Vector v) {
      return new PrimitiveConverter() {
        @Override
        public void addDouble(double value) {
          v.setSafe(slot.at, value);
        }
      };
    }
    LongSetter longs = longs(vector, slot);
    if (longs == null) {
      throw new IllegalArgumentException(
          "Cannot read Parquet column " + type + " into an Arrow " + vector.getMinorType());
    }
    return new PrimitiveConverter() {
      @Override
      public void addInt(int value) {
        longs.set(value);
      }

      @Override
      public void addLong(long value) {
        longs.set(value);
      }
    };
  }

  private interface LongSetter {
    void set(long value);
  }

  private interface BytesSetter {
    void set(byte[] value);
  }

  /** Integers, dates, times and timestamps: Parquet INT32 or INT64 in their unit already. */
  private static LongSetter longs(FieldVector vector, Slot slot) {
    if (vector instanceof TinyIntVector v) {
      return x -> v.setSafe(slot.at, (byte) x);
    }
    if (vector instanceof SmallIntVector v) {
      return x -> v.setSafe(slot.at, (short) x);
    }
    if (vector instanceof IntVector v) {
      return x -> v.setSafe(slot.at, (int) x);
    }
    if (vector instanceof BigIntVector v) {
      return x -> v.setSafe(slot.at, x);
    }
    if (vector instanceof DateDayVector v) {
      return x -> v.setSafe(slot.at, (int) x);
    }
    if (vector instanceof TimeMicroVector v) {
      return x -> v.setSafe(slot.at, x);
    }
    if (vector instanceof TimeStampVector v) {
      return x -> v.setSafe(slot.at, x);
    }
    return null;
  }

  /** Binaries and strings: a page's value copied once, from the page into the vector. */
  private static PrimitiveConverter variableWidth(BaseVariableWidthVector v, Slot slot) {
    return new BinaryConverter() {
      @Override
      protected void accept(byte[] bytes, int dictionaryId) {
        v.setSafe(slot.at, bytes, 0, bytes.length);
      }

      @Override
      public void addBinary(Binary value) {
        ByteBuffer b = value.toByteBuffer(); // a view of the page's bytes, not a copy
        v.setSafe(slot.at, b, b.position(), b.remaining());
      }
    };
  }

  private static PrimitiveConverter bytes(BytesSetter setter) {
    return new BinaryConverter() {
      @Override
      protected void accept(byte[] bytes, int dictionaryId) {
        setter.set(bytes);
      }
    };
  }

  /** spec: LogicalTypes §DECIMAL: INT32, INT64, or big-endian two's complement bytes. */
  private static PrimitiveConverter decimal(DecimalVector v, Slot slot, boolean binary) {
    return new BinaryConverter() {
      @Override
      protected void accept(byte[] bytes, int dictionaryId) {
        v.setBigEndianSafe(slot.at, bytes); // sign-extends fewer than 16 bytes
      }

      @Override
      public boolean hasDictionarySupport() {
        return binary; // INT32 and INT64 dictionaries are decoded for addInt and addLong
      }

      @Override
      public void addInt(int value) {
        v.setSafe(slot.at, value);
      }

      @Override
      public void addLong(long value) {
        v.setSafe(slot.at, value);
      }
    };
  }
}
