// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import io.variant.parquet.VariantParquetException;
import io.variant.parquet.encoding.BinaryConverter;
import java.math.BigDecimal;
import java.math.BigInteger;
import org.apache.arrow.vector.BaseFixedWidthVector;
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
 * vector, at the slot its {@link LeafReader} sets before each value: no boxing, no Variant. Binary,
 * string and fixed-width vectors are written through their buffers' addresses ({@link BinarySlots},
 * {@link FixedSlots}); booleans and UUIDs through Arrow's {@code setSafe}.
 */
final class SlotConverter {
  /** The slot the next value goes to; set by the leaf reader. */
  static final class Slot {
    int at;
  }

  /** A leaf's converter and the buffers it writes, which the leaf reader starts and finishes. */
  record Bound(PrimitiveConverter converter, LeafBuffers buffers) {}

  private SlotConverter() {}

  /**
   * The converter of a Parquet leaf of type {@code type} into {@code vector}, whose Arrow type the
   * caller chose for that Parquet type ({@code StorageFields.arrowType} or {@link PlainColumns}).
   *
   * @throws IllegalArgumentException if the vector is of a kind no leaf is read into
   */
  static Bound of(FieldVector vector, PrimitiveType type, Slot slot) {
    if (vector instanceof BaseVariableWidthVector v) {
      BinarySlots slots = new BinarySlots(v);
      return new Bound(binaries(slots, slot), slots);
    }
    if (vector instanceof FixedSizeBinaryVector v) {
      return new Bound(bytes(slot, v), LeafBuffers.NONE);
    }
    if (vector instanceof BitVector v) {
      return new Bound(
          new PrimitiveConverter() {
            @Override
            public void addBoolean(boolean value) {
              v.setSafe(slot.at, value ? 1 : 0);
            }
          },
          LeafBuffers.NONE);
    }
    if (!(vector instanceof BaseFixedWidthVector fixed) || !isNumeric(vector)) {
      throw new IllegalArgumentException(
          "Cannot read Parquet column " + type + " into an Arrow " + vector.getMinorType());
    }
    FixedSlots slots = new FixedSlots(fixed);
    PrimitiveConverter converter;
    if (vector instanceof DecimalVector d) {
      converter = decimal(slots, slot, d, type.getPrimitiveTypeName().javaType == Binary.class);
    } else if (vector instanceof Float4Vector) {
      converter =
          new PrimitiveConverter() {
            @Override
            public void addFloat(float value) {
              slots.putFloat(slot.at, value);
            }
          };
    } else if (vector instanceof Float8Vector) {
      converter =
          new PrimitiveConverter() {
            @Override
            public void addDouble(double value) {
              slots.putDouble(slot.at, value);
            }
          };
    } else {
      converter = integers(slots, slot, fixed.getTypeWidth());
    }
    return new Bound(converter, slots);
  }

  /** The fixed-width vectors a leaf is read into, besides booleans and UUIDs. */
  private static boolean isNumeric(FieldVector vector) {
    return vector instanceof TinyIntVector
        || vector instanceof SmallIntVector
        || vector instanceof IntVector
        || vector instanceof BigIntVector
        || vector instanceof DateDayVector
        || vector instanceof TimeMicroVector
        || vector instanceof TimeStampVector
        || vector instanceof Float4Vector
        || vector instanceof Float8Vector
        || vector instanceof DecimalVector;
  }

  /**
   * Integers, dates, times and timestamps: Parquet INT32 or INT64 in their unit already, stored in
   * the vector's width. An INT32 annotated INTEGER(8) or INTEGER(16) may hold a value its
   * annotation does not allow (the physical type does): refused, as the row reader's rebuild
   * refuses it, where a cast to the vector's width would read another number.
   */
  private static PrimitiveConverter integers(FixedSlots slots, Slot slot, int width) {
    return switch (width) {
      case Byte.BYTES ->
          new PrimitiveConverter() {
            @Override
            public void addInt(int value) {
              if (value != (byte) value) {
                throw outOfRange(value, "INT8");
              }
              slots.putByte(slot.at, (byte) value);
            }
          };
      case Short.BYTES ->
          new PrimitiveConverter() {
            @Override
            public void addInt(int value) {
              if (value != (short) value) {
                throw outOfRange(value, "INT16");
              }
              slots.putShort(slot.at, (short) value);
            }
          };
      case Integer.BYTES ->
          new PrimitiveConverter() {
            @Override
            public void addInt(int value) {
              slots.putInt(slot.at, value);
            }
          };
      default ->
          new PrimitiveConverter() {
            @Override
            public void addInt(int value) {
              slots.putLong(slot.at, value);
            }

            @Override
            public void addLong(long value) {
              slots.putLong(slot.at, value);
            }
          };
    };
  }

  private static VariantParquetException outOfRange(int value, String type) {
    return unreadable(
        "Cannot read " + value + " as " + type + ": out of range of the column's annotation");
  }

  /**
   * A value its column's type does not allow. The column is left unnamed: the batch's failure names
   * the leaf being read ({@link BatchFailure}).
   */
  private static VariantParquetException unreadable(String detail) {
    return new VariantParquetException(null, null, -1, detail, null);
  }

  /** Binaries and strings: a page's value copied once, from the page into the vector. */
  private static PrimitiveConverter binaries(BinarySlots slots, Slot slot) {
    return new BinaryConverter() {
      @Override
      protected void accept(byte[] bytes, int dictionaryId) {
        slots.set(slot.at, bytes, 0, bytes.length);
      }

      @Override
      public void addBinary(Binary value) {
        slots.set(slot.at, value.toByteBuffer()); // a view of the page's bytes, not a copy
      }
    };
  }

  /** UUIDs: 16 bytes. */
  private static PrimitiveConverter bytes(Slot slot, FixedSizeBinaryVector v) {
    return new BinaryConverter() {
      @Override
      protected void accept(byte[] bytes, int dictionaryId) {
        v.setSafe(slot.at, bytes);
      }
    };
  }

  /**
   * spec: LogicalTypes §DECIMAL: INT32, INT64, or big-endian two's complement bytes. Bytes read as
   * the row reader reads them: any number of them, as long as the value fits the vector's 128 bits
   * (beyond them it has more digits than any column's precision, which the row reader's rebuild
   * refuses), but never none.
   */
  private static PrimitiveConverter decimal(
      FixedSlots slots, Slot slot, DecimalVector vector, boolean binary) {
    return new BinaryConverter() {
      @Override
      protected void accept(byte[] bytes, int dictionaryId) {
        if (bytes.length == 0) {
          throw unreadable("Cannot read a decimal from an empty binary");
        }
        if (!slots.putBigEndianDecimal(slot.at, bytes)) {
          throw unreadable(
              "Cannot read the decimal "
                  + new BigDecimal(new BigInteger(bytes), vector.getScale()).toPlainString()
                  + ": it does not fit DECIMAL("
                  + vector.getPrecision()
                  + ","
                  + vector.getScale()
                  + ")");
        }
      }

      @Override
      public boolean hasDictionarySupport() {
        return binary; // INT32 and INT64 dictionaries are decoded for addInt and addLong
      }

      @Override
      public void addInt(int value) {
        slots.putDecimal(slot.at, value);
      }

      @Override
      public void addLong(long value) {
        slots.putDecimal(slot.at, value);
      }
    };
  }
}
