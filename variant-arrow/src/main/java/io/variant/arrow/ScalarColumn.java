// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import io.variant.shredding.ShreddedType;
import java.math.BigDecimal;
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
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;

/**
 * A scalar {@code typed_value} vector, read and written in the forms {@link
 * io.variant.shredding.ShreddedSink} and {@link io.variant.shredding.ShreddedSource} use: the one
 * place that knows which Arrow vector class holds each {@link ShreddedType.Kind} ({@link
 * StorageFields#arrowType} says which Arrow type).
 */
final class ScalarColumn {
  private final ShreddedType.Kind kind;
  private final FieldVector vector;

  ScalarColumn(ShreddedType.Kind kind, FieldVector vector) {
    this.kind = kind;
    this.vector = vector;
  }

  boolean readBoolean(int i) {
    return ((BitVector) vector).get(i) != 0;
  }

  /** Integers, dates (days), times and timestamps, in the column's unit. */
  long readLong(int i) {
    return switch (kind) {
      case INT8 -> ((TinyIntVector) vector).get(i);
      case INT16 -> ((SmallIntVector) vector).get(i);
      case INT32 -> ((IntVector) vector).get(i);
      case INT64 -> ((BigIntVector) vector).get(i);
      case DATE -> ((DateDayVector) vector).get(i);
      case TIME -> ((TimeMicroVector) vector).get(i);
      case TIMESTAMP, TIMESTAMP_NTZ, TIMESTAMP_NANOS, TIMESTAMP_NTZ_NANOS ->
          ((TimeStampVector) vector).get(i);
      case BOOLEAN, FLOAT, DOUBLE, DECIMAL, BINARY, STRING, UUID -> throw notA("an integer");
    };
  }

  float readFloat(int i) {
    return ((Float4Vector) vector).get(i);
  }

  double readDouble(int i) {
    return ((Float8Vector) vector).get(i);
  }

  BigDecimal readDecimal(int i) {
    return ((DecimalVector) vector).getObject(i);
  }

  /** UTF-8 of a string, the bytes of a binary, or the 16 big-endian bytes of a UUID: a copy. */
  byte[] readBytes(int i) {
    return switch (kind) {
      case STRING -> ((VarCharVector) vector).get(i);
      case BINARY -> ((VarBinaryVector) vector).get(i);
      case UUID -> ((FixedSizeBinaryVector) vector).get(i);
      case BOOLEAN,
          INT8,
          INT16,
          INT32,
          INT64,
          FLOAT,
          DOUBLE,
          DECIMAL,
          DATE,
          TIME,
          TIMESTAMP,
          TIMESTAMP_NTZ,
          TIMESTAMP_NANOS,
          TIMESTAMP_NTZ_NANOS ->
          throw notA("bytes");
    };
  }

  void writeBoolean(int i, boolean value) {
    ((BitVector) vector).setSafe(i, value ? 1 : 0);
  }

  void writeLong(int i, long value) {
    switch (kind) {
      case INT8 -> ((TinyIntVector) vector).setSafe(i, (byte) value);
      case INT16 -> ((SmallIntVector) vector).setSafe(i, (short) value);
      case INT32 -> ((IntVector) vector).setSafe(i, (int) value);
      case INT64 -> ((BigIntVector) vector).setSafe(i, value);
      case DATE -> ((DateDayVector) vector).setSafe(i, (int) value);
      case TIME -> ((TimeMicroVector) vector).setSafe(i, value);
      case TIMESTAMP, TIMESTAMP_NTZ, TIMESTAMP_NANOS, TIMESTAMP_NTZ_NANOS ->
          ((TimeStampVector) vector).setSafe(i, value);
      case BOOLEAN, FLOAT, DOUBLE, DECIMAL, BINARY, STRING, UUID -> throw notA("an integer");
    }
  }

  void writeFloat(int i, float value) {
    ((Float4Vector) vector).setSafe(i, value);
  }

  void writeDouble(int i, double value) {
    ((Float8Vector) vector).setSafe(i, value);
  }

  void writeDecimal(int i, BigDecimal value) {
    ((DecimalVector) vector).setSafe(i, value);
  }

  /** A decimal as its unscaled value at the column's scale. */
  void writeDecimal(int i, long unscaled) {
    ((DecimalVector) vector).setSafe(i, unscaled);
  }

  void writeBytes(int i, byte[] buffer, int offset, int length) {
    switch (kind) {
      case STRING -> ((VarCharVector) vector).setSafe(i, buffer, offset, length);
      case BINARY -> ((VarBinaryVector) vector).setSafe(i, buffer, offset, length);
      case UUID -> {
        byte[] uuid = new byte[length];
        System.arraycopy(buffer, offset, uuid, 0, length);
        ((FixedSizeBinaryVector) vector).setSafe(i, uuid);
      }
      case BOOLEAN,
          INT8,
          INT16,
          INT32,
          INT64,
          FLOAT,
          DOUBLE,
          DECIMAL,
          DATE,
          TIME,
          TIMESTAMP,
          TIMESTAMP_NTZ,
          TIMESTAMP_NANOS,
          TIMESTAMP_NTZ_NANOS ->
          throw notA("bytes");
    }
  }

  private IllegalStateException notA(String what) {
    return new IllegalStateException(
        "Cannot use the " + kind.text() + " column " + vector.getName() + " as " + what);
  }
}
