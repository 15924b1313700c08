// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.UUID;

/**
 * The part of {@link Variant} that reads scalar payloads: one bounds-checked accessor per kind of
 * primitive (numbers, decimals, dates, times and timestamps, uuids, strings, binaries), over the
 * header and size {@link EncodedValue} frames. Package-private, so users see these methods as
 * {@link Variant}'s own. Asking for the wrong type throws {@link VariantTypeException}; bytes that
 * run past the value's data throw {@link VariantFormatException} with the byte offset.
 */
abstract class ScalarAccessors extends EncodedValue {
  private static final BigInteger[] POW10 = new BigInteger[Layout.MAX_DECIMAL_PRECISION + 1];

  static {
    for (int i = 0; i <= Layout.MAX_DECIMAL_PRECISION; i++) {
      POW10[i] = BigInteger.TEN.pow(i);
    }
  }

  ScalarAccessors(byte[] buf, int pos, int limit) {
    super(buf, pos, limit);
  }

  private VariantType requirePrimitive(String accessor, VariantType a) {
    VariantType t = type();
    if (t != a) {
      throw new VariantTypeException("Cannot read " + accessor + ": value is " + t);
    }
    return t;
  }

  private int payload(int width) {
    int at = pos + 1;
    if (at + width > limit) {
      throw VariantFormatException.at(
          at, "%s needs %d payload bytes, data ends at %d", describe(), width, limit);
    }
    return at;
  }

  /** True or false. @throws VariantTypeException for other types */
  public boolean booleanValue() {
    VariantType t = type();
    if (t == VariantType.BOOLEAN_TRUE) {
      return true;
    }
    if (t == VariantType.BOOLEAN_FALSE) {
      return false;
    }
    throw new VariantTypeException("Cannot read boolean: value is " + t);
  }

  /** The value of an int8, int16, int32 or int64. @throws VariantTypeException for other types */
  public long longValue() {
    VariantType t = type();
    if (!t.isInteger()) {
      throw new VariantTypeException("Cannot read long: value is " + t);
    }
    int w = t.fixedPayloadSize();
    return LittleEndian.readLong(buf, payload(w), w);
  }

  /** A double. @throws VariantTypeException for other types, float included (a different class) */
  public double doubleValue() {
    requirePrimitive("double", VariantType.DOUBLE);
    return Double.longBitsToDouble(LittleEndian.readLong(buf, payload(8), 8));
  }

  /** A float. @throws VariantTypeException for other types */
  public float floatValue() {
    requirePrimitive("float", VariantType.FLOAT);
    return Float.intBitsToFloat((int) LittleEndian.readLong(buf, payload(4), 4));
  }

  /**
   * The exact value of any Exact Numeric type (int8 to int64, decimal4 to decimal16); decimals keep
   * their scale.
   *
   * @throws VariantFormatException for a scale or precision above 38
   * @throws VariantTypeException for other types
   */
  public BigDecimal decimalValue() {
    VariantType t = type();
    if (t.isInteger()) {
      return BigDecimal.valueOf(longValue());
    }
    if (!t.isDecimal()) {
      throw new VariantTypeException("Cannot read decimal: value is " + t);
    }
    int at = payload(t.fixedPayloadSize());
    int scale = buf[at] & 0xFF;
    if (scale > Layout.MAX_DECIMAL_PRECISION) {
      throw VariantFormatException.at(
          at, "decimal scale %d exceeds %d", scale, Layout.MAX_DECIMAL_PRECISION);
    }
    BigInteger unscaled;
    if (t == VariantType.DECIMAL16) {
      byte[] be = new byte[16];
      for (int i = 0; i < 16; i++) {
        be[i] = buf[at + 16 - i];
      }
      unscaled = new BigInteger(be);
      if (unscaled.abs().compareTo(POW10[Layout.MAX_DECIMAL_PRECISION]) >= 0) {
        throw VariantFormatException.at(
            at + 1,
            "decimal16 unscaled value %s has precision above %d",
            unscaled,
            Layout.MAX_DECIMAL_PRECISION);
      }
    } else {
      int w = t.fixedPayloadSize() - 1;
      unscaled = BigInteger.valueOf(LittleEndian.readLong(buf, at + 1, w));
    }
    return new BigDecimal(unscaled, scale);
  }

  /** Days since 1970-01-01 of a date. */
  public int epochDay() {
    requirePrimitive("date", VariantType.DATE);
    return (int) LittleEndian.readLong(buf, payload(4), 4);
  }

  /** A date. */
  public LocalDate dateValue() {
    return LocalDate.ofEpochDay(epochDay());
  }

  /**
   * The raw 8-byte payload of a timestamp or time, in its type's {@link VariantType#temporalUnit()
   * unit}: microseconds or nanoseconds (dates are {@link #epochDay()}).
   */
  public long temporalValue() {
    VariantType t = type();
    ChronoUnit unit = t.temporalUnit();
    if (unit != ChronoUnit.MICROS && unit != ChronoUnit.NANOS) {
      throw new VariantTypeException("Cannot read timestamp or time: value is " + t);
    }
    return LittleEndian.readLong(buf, payload(8), 8);
  }

  /** The instant of a UTC timestamp (micro- or nanosecond). */
  public Instant instantValue() {
    VariantType t = type();
    if (t.equivalenceClass() != EquivalenceClass.TIMESTAMP) {
      throw new VariantTypeException("Cannot read instant: value is " + t);
    }
    return instantOf(t);
  }

  /** The wall-clock date-time of a timestamp without time zone (micro- or nanosecond). */
  public LocalDateTime localDateTimeValue() {
    VariantType t = type();
    if (t.equivalenceClass() != EquivalenceClass.TIMESTAMP_NTZ) {
      throw new VariantTypeException("Cannot read local date-time: value is " + t);
    }
    return LocalDateTime.ofInstant(instantOf(t), ZoneOffset.UTC);
  }

  /**
   * The payload of timestamp type {@code t} as an instant on the UTC time line, by the type's unit.
   */
  private Instant instantOf(VariantType t) {
    long raw = temporalValue();
    return t.temporalUnit() == ChronoUnit.NANOS
        ? Temporals.instantOfNanos(raw)
        : Temporals.instantOfMicros(raw);
  }

  /**
   * A time of day, read by the type's {@link VariantType#temporalUnit() unit} (as {@link
   * #instantValue()} reads timestamps), so that a time type of another unit needs no new accessor.
   *
   * @throws VariantFormatException if the value is outside one day
   */
  public LocalTime timeValue() {
    VariantType t = type();
    if (t.equivalenceClass() != EquivalenceClass.TIME_NTZ) {
      throw new VariantTypeException("Cannot read time: value is " + t);
    }
    long ticks = temporalValue();
    ChronoUnit unit = t.temporalUnit();
    if (ticks < 0 || ticks >= Temporals.perDay(unit)) {
      throw VariantFormatException.at(
          pos + 1, "time of %d %s is outside one day", ticks, Temporals.unitName(unit));
    }
    return LocalTime.ofNanoOfDay(ticks * unit.getDuration().toNanos());
  }

  /** A UUID (stored big-endian). */
  public UUID uuidValue() {
    requirePrimitive("uuid", VariantType.UUID);
    int at = payload(16);
    long hi = 0;
    long lo = 0;
    for (int i = 0; i < 8; i++) {
      hi = (hi << 8) | (buf[at + i] & 0xFF);
      lo = (lo << 8) | (buf[at + 8 + i] & 0xFF);
    }
    return new UUID(hi, lo);
  }

  /** Start and length of a string's or binary's bytes, checked. */
  private long bytesRange(VariantType expected) {
    if (expected == VariantType.STRING && isShortString()) {
      int len = Layout.valueHeader(header);
      return ((long) payload(len) << 32) | len;
    }
    requirePrimitive(expected == VariantType.STRING ? "string" : "binary", expected);
    int at = payload(4);
    int len = LittleEndian.readUnsigned(buf, at, 4);
    if (len < 0 || (long) at + 4 + len > limit) {
      throw VariantFormatException.at(
          at, "length %d runs past the data end at byte %d", len & 0xFFFFFFFFL, limit);
    }
    return ((long) (at + 4) << 32) | len;
  }

  /** A string (short or long form). @throws VariantFormatException if it is not valid UTF-8 */
  public String stringValue() {
    long r = bytesRange(VariantType.STRING);
    int at = (int) (r >>> 32);
    return Utf8.decode(buf, at, (int) r, at);
  }

  /**
   * Checks a string as {@link #stringValue()} does (same bounds, same error at the same byte),
   * without decoding it: {@code validate()} checks every string of a row and keeps none.
   */
  void checkString() {
    long r = bytesRange(VariantType.STRING);
    int at = (int) (r >>> 32);
    Utf8.check(buf, at, (int) r, at);
  }

  /** The UTF-8 bytes of a string, as a read-only view without copying or validating. */
  public ByteBuffer stringUtf8() {
    long r = bytesRange(VariantType.STRING);
    return ByteBuffer.wrap(buf, (int) (r >>> 32), (int) r).slice().asReadOnlyBuffer();
  }

  /** A copy of a binary's bytes. */
  public byte[] binaryValue() {
    long r = bytesRange(VariantType.BINARY);
    int at = (int) (r >>> 32);
    return Arrays.copyOfRange(buf, at, at + (int) r);
  }

  /** A binary's bytes as a read-only view; no copy. */
  public ByteBuffer binaryBuffer() {
    long r = bytesRange(VariantType.BINARY);
    return ByteBuffer.wrap(buf, (int) (r >>> 32), (int) r).slice().asReadOnlyBuffer();
  }
}
