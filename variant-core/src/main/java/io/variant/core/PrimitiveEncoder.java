// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

/**
 * The primitives of a {@link VariantBuilder}: each Java value checked for its Variant type, then
 * encoded into the builder's {@link ValueBuffer} after its {@link ContainerStack} has placed it. A
 * value that fails its check throws before the stack is told, so the builder is as it was. spec:
 * VariantEncoding §Encoding types
 */
final class PrimitiveEncoder {
  private final ContainerStack stack;
  private final ValueBuffer buf;

  PrimitiveEncoder(ContainerStack stack, ValueBuffer buf) {
    this.stack = stack;
    this.buf = buf;
  }

  private int primitive(VariantType t, int payload) {
    stack.beforeValue();
    return buf.primitive(t, payload);
  }

  /** A fixed-size primitive: its payload size is {@code t}'s own. */
  int fixed(VariantType t) {
    return primitive(t, t.fixedPayloadSize());
  }

  /** An integer as the smallest of int8, int16, int32 and int64 that holds it. */
  void smallestInteger(long value) {
    VariantType t =
        value == (byte) value
            ? VariantType.INT8
            : value == (short) value
                ? VariantType.INT16
                : value == (int) value ? VariantType.INT32 : VariantType.INT64;
    integer(t, value);
  }

  /** An integer with exactly type {@code t}; see {@link VariantBuilder#appendInteger}. */
  void integer(VariantType t, long value) {
    if (!t.isInteger()) {
      throw new IllegalArgumentException("Cannot append an integer as " + t);
    }
    int w = t.fixedPayloadSize();
    if (w < 8 && (value << (64 - 8 * w)) >> (64 - 8 * w) != value) {
      throw new IllegalArgumentException("Cannot append " + value + " as " + t + ": out of range");
    }
    int at = primitive(t, w);
    LittleEndian.write(buf.out, at, value, w);
  }

  void doubleValue(double value) {
    int at = fixed(VariantType.DOUBLE);
    LittleEndian.write(buf.out, at, Double.doubleToRawLongBits(value), Double.BYTES);
  }

  void floatValue(float value) {
    int at = fixed(VariantType.FLOAT);
    LittleEndian.write(buf.out, at, Float.floatToRawIntBits(value), Float.BYTES);
  }

  /**
   * A decimal with exactly type {@code t}; see {@link VariantBuilder#appendDecimal(VariantType,
   * BigDecimal)}.
   */
  void decimal(VariantType t, BigDecimal value) {
    if (!t.isDecimal()) {
      throw new IllegalArgumentException("Cannot append a decimal as " + t);
    }
    int scale = value.scale();
    if (scale < 0 || scale > Layout.MAX_DECIMAL_PRECISION) {
      throw new IllegalArgumentException(
          "Cannot append decimal " + value + ": scale must be in [0, 38]");
    }
    BigInteger unscaled = value.unscaledValue();
    int w = t.fixedPayloadSize() - 1;
    if (unscaled.bitLength() > 8 * w - 1
        || DecimalWidth.precision(unscaled) > Layout.MAX_DECIMAL_PRECISION) {
      throw new IllegalArgumentException(
          "Cannot append decimal " + value + " as " + t + ": unscaled value does not fit");
    }
    stack.beforeValue();
    if (w == 16 && unscaled.bitLength() > 63) {
      buf.decimal16(scale, unscaled);
    } else {
      buf.decimal(t, scale, unscaled.longValue());
    }
  }

  /**
   * A decimal in the smallest width for max(precision, scale); see {@link
   * VariantBuilder#appendDecimal(long, int)}.
   */
  void decimal(long unscaled, int scale) {
    if (scale < 0 || scale > Layout.MAX_DECIMAL_PRECISION) {
      throw new IllegalArgumentException(
          "Cannot append decimal with scale " + scale + ": scale must be in [0, 38]");
    }
    stack.beforeValue();
    buf.decimal(DecimalWidth.typeFor(unscaled, scale), scale, unscaled);
  }

  void date(int epochDay) {
    int at = fixed(VariantType.DATE);
    LittleEndian.write(buf.out, at, epochDay, Integer.BYTES);
  }

  void date(LocalDate date) {
    long d = date.toEpochDay();
    if (d != (int) d) {
      throw new IllegalArgumentException(
          "Cannot append date " + date + ": outside the 4-byte day range");
    }
    date((int) d);
  }

  /** A timestamp or time in its type's unit; see {@link VariantBuilder#appendTemporal}. */
  void temporal(VariantType t, long value) {
    ChronoUnit unit = t.temporalUnit();
    if (unit != ChronoUnit.MICROS && unit != ChronoUnit.NANOS) {
      throw new IllegalArgumentException("Cannot append a timestamp or time as " + t);
    }
    long perDay = ChronoUnit.DAYS.getDuration().toNanos() / unit.getDuration().toNanos();
    if (t.equivalenceClass() == EquivalenceClass.TIME_NTZ && (value < 0 || value >= perDay)) {
      String units = unit == ChronoUnit.NANOS ? "nanoseconds" : "microseconds";
      throw new IllegalArgumentException(
          "Cannot append time of " + value + " " + units + ": outside one day");
    }
    int at = fixed(t);
    LittleEndian.write(buf.out, at, value, Long.BYTES);
  }

  void binary(byte[] buffer, int offset, int length) {
    int at = primitive(VariantType.BINARY, 4 + length);
    LittleEndian.write(buf.out, at, length, 4);
    System.arraycopy(buffer, offset, buf.out, at + 4, length);
  }

  /** A string of UTF-8 bytes the caller has checked (short form up to 63 bytes). */
  void string(byte[] b, int offset, int length) {
    stack.beforeValue();
    buf.string(b, offset, length);
  }

  void uuid(UUID value) {
    int at = fixed(VariantType.UUID);
    long hi = value.getMostSignificantBits();
    long lo = value.getLeastSignificantBits();
    for (int i = 0; i < 8; i++) { // big-endian, as the spec stores UUIDs
      buf.out[at + i] = (byte) (hi >>> (56 - 8 * i));
      buf.out[at + 8 + i] = (byte) (lo >>> (56 - 8 * i));
    }
  }

  /** Encoded bytes that carry no field ids (a primitive), as they are. */
  void encoded(byte[] b, int offset, int length) {
    stack.beforeValue();
    buf.copy(b, offset, length);
  }
}
