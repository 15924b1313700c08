package io.variant.core;

// Size (over 400 lines): one bounds-checked, documented accessor per primitive type; they share the
// header and offset reads kept here, and containers live in ContainerHeader and FieldSearch.

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

/**
 * The part of {@link Variant} that reads one value's own bytes: the header, the size, and the
 * scalar payloads. {@link Variant} adds the dictionary, objects and arrays, and whole-value
 * operations. Split out so that each file has one job; package-private, so users see these methods
 * as {@link Variant}'s own. Every read is bounds-checked against {@code limit} (see {@link
 * Variant}'s validation contract).
 */
abstract class EncodedValue {
  private static final BigInteger[] POW10 = new BigInteger[Layout.MAX_DECIMAL_PRECISION + 1];

  static {
    for (int i = 0; i <= Layout.MAX_DECIMAL_PRECISION; i++) {
      POW10[i] = BigInteger.TEN.pow(i);
    }
  }

  final byte[] buf;
  final int pos;
  final int limit; // exclusive; no read goes past it
  final int header;

  EncodedValue(byte[] buf, int pos, int limit) {
    if (pos < 0 || pos >= limit || limit > buf.length) {
      throw VariantFormatException.at(
          pos, "value starts at byte %d, outside the value data ending at %d", pos, limit);
    }
    this.buf = buf;
    this.pos = pos;
    this.limit = limit;
    this.header = buf[pos] & 0xFF;
  }

  /** End of this object's or array's data (its header parsed and checked). */
  abstract int containerEnd();

  // ---------------------------------------------------------------- type

  /** The basic type from the header's two low bits. */
  public BasicType basicType() {
    return BasicType.ofHeader(header);
  }

  /**
   * The value's type; short strings report {@link VariantType#STRING}.
   *
   * @throws VariantFormatException for a primitive type id this version does not know
   */
  public VariantType type() {
    switch (Layout.basicTypeBits(header)) {
      case 0:
        return VariantType.ofPrimitiveId(Layout.valueHeader(header), pos);
      case 1:
        return VariantType.STRING;
      case 2:
        return VariantType.OBJECT;
      default:
        return VariantType.ARRAY;
    }
  }

  /** True if this is the short-string form (basic type 1). */
  public boolean isShortString() {
    return Layout.basicTypeBits(header) == 1;
  }

  public boolean isNull() {
    return header == 0;
  }

  public boolean isObject() {
    return Layout.basicTypeBits(header) == 2;
  }

  public boolean isArray() {
    return Layout.basicTypeBits(header) == 3;
  }

  /** A copy of exactly this value's encoded bytes (nested values included). */
  public byte[] valueBytes() {
    return java.util.Arrays.copyOfRange(buf, pos, pos + valueSize());
  }

  /** A read-only view of this value's encoded bytes; no copy. */
  public ByteBuffer valueBuffer() {
    return ByteBuffer.wrap(buf, pos, valueSize()).slice().asReadOnlyBuffer();
  }

  /**
   * Copies this value's encoded bytes into {@code dest} at {@code destOffset}; returns the count.
   */
  public int copyValueTo(byte[] dest, int destOffset) {
    int n = valueSize();
    System.arraycopy(buf, pos, dest, destOffset, n);
    return n;
  }

  byte[] buffer() {
    return buf;
  }

  int position() {
    return pos;
  }

  /**
   * Where this value's encoding starts in the buffer it was read from: 0 for a value on its own
   * bytes, more for a field or element. For tools that show a value's layout ({@code variant
   * inspect}).
   */
  public int offsetInBuffer() {
    return pos;
  }

  /**
   * The bytes this value was given ({@code valueLength} of {@link Variant#of(VariantMetadata,
   * byte[], int, int)} for a root): more than {@link #valueSize()} when bytes trail the value,
   * which readers should reject.
   */
  public int bytesGiven() {
    return limit - pos;
  }

  int limit() {
    return limit;
  }

  int header() {
    return header;
  }

  /**
   * Size in bytes of this value's encoding, header included. O(1).
   *
   * @throws VariantFormatException if the encoding runs past the buffer or the type id is unknown
   */
  public int valueSize() {
    long size =
        Layout.basicTypeBits(header) >= 2
            ? containerEnd() - pos
            : scalarSize(buf, pos, limit, header);
    return fitting(pos, size, limit, header);
  }

  /**
   * {@link #valueSize()} of the value at {@code pos} whose data ends at {@code limit}, without a
   * view of it: the same size and the same errors as {@code valueSize()} of a {@link Variant} over
   * those bounds (for a builder that copies an object's field by its offsets).
   */
  static int valueSizeAt(byte[] buf, int pos, int limit) {
    int header = buf[pos] & 0xFF;
    long size =
        Layout.basicTypeBits(header) >= 2
            ? ContainerHeader.dataEnd(buf, pos, limit, header) - pos
            : scalarSize(buf, pos, limit, header);
    return fitting(pos, size, limit, header);
  }

  /**
   * The encoded size of the primitive or short string at {@code pos} with header byte {@code
   * header}, not yet checked against {@code limit} (only its length field is read within it).
   *
   * @throws VariantFormatException for an unknown primitive type id or a length past {@code limit}
   */
  static long scalarSize(byte[] buf, int pos, int limit, int header) {
    if (Layout.basicTypeBits(header) == 1) {
      return 1 + Layout.valueHeader(header);
    }
    VariantType t = VariantType.ofPrimitiveId(Layout.valueHeader(header), pos);
    int fixed = t.fixedPayloadSize();
    return fixed >= 0
        ? 1 + fixed
        : 5 + (ContainerHeader.read(buf, pos + 1, 4, limit) & 0xFFFFFFFFL);
  }

  /**
   * {@code size}, the size of the value at {@code pos}, checked to end within {@code limit}.
   *
   * @throws VariantFormatException if it runs past {@code limit}
   */
  static int fitting(int pos, long size, int limit, int header) {
    if (pos + size > limit) {
      throw VariantFormatException.at(
          pos,
          "%s of %d bytes runs past the end of its data at byte %d",
          describe(header),
          size,
          limit);
    }
    return (int) size;
  }

  final String describe() {
    return describe(header);
  }

  private static String describe(int header) {
    int bt = Layout.basicTypeBits(header);
    return bt == 0
        ? "primitive id " + Layout.valueHeader(header)
        : BasicType.ofHeader(header).name().toLowerCase();
  }

  final String safeTypeName() {
    try {
      return type().name();
    } catch (VariantFormatException e) {
      return describe();
    }
  }

  // ---------------------------------------------------------------- primitives

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
    return java.util.Arrays.copyOfRange(buf, at, at + (int) r);
  }

  /** A binary's bytes as a read-only view; no copy. */
  public ByteBuffer binaryBuffer() {
    long r = bytesRange(VariantType.BINARY);
    return ByteBuffer.wrap(buf, (int) (r >>> 32), (int) r).slice().asReadOnlyBuffer();
  }
}
