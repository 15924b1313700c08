package io.variant.core;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.UUID;

/**
 * A zero-copy view of one Variant value: a {@link VariantMetadata} dictionary plus the value bytes that
 * start at an offset in a buffer. Nested values (object fields, array elements) are views into the same
 * buffer. spec: VariantEncoding §Value encoding
 *
 * <pre>{@code
 * Variant v = VariantJson.parse("{\"user\": {\"id\": 42}}");
 * long id = v.field("user").field("id").longValue(); // 42
 * }</pre>
 *
 * <p><b>Validation:</b> construction checks only that the header byte is inside the buffer (O(1)).
 * Every accessor checks the bytes it reads and throws {@link VariantFormatException} with the byte
 * offset; no accessor throws {@code ArrayIndexOutOfBoundsException}. An unknown primitive type id fails
 * only when that value is read, so its siblings stay readable. {@link #validate()} checks the whole value
 * up front (use it on untrusted input). <b>Thread safety:</b> immutable.
 *
 * <p><b>Equality:</b> {@link #equals} is logical equality ({@link VariantEquality#logical}).
 */
public final class Variant {
  private static final BigInteger[] POW10 = new BigInteger[Layout.MAX_DECIMAL_PRECISION + 1];

  static {
    for (int i = 0; i <= Layout.MAX_DECIMAL_PRECISION; i++) {
      POW10[i] = BigInteger.TEN.pow(i);
    }
  }

  private final VariantMetadata metadata;
  private final byte[] buf;
  private final int pos;
  private final int limit; // exclusive; no read goes past it
  private final int header;

  Variant(VariantMetadata metadata, byte[] buf, int pos, int limit) {
    if (pos < 0 || pos >= limit || limit > buf.length) {
      throw VariantFormatException.at(pos, "value starts at byte %d, outside the value data ending at %d", pos, limit);
    }
    this.metadata = metadata;
    this.buf = buf;
    this.pos = pos;
    this.limit = limit;
    this.header = buf[pos] & 0xFF;
  }

  /** Wraps metadata and value arrays without copying. */
  public static Variant of(byte[] metadata, byte[] value) {
    return of(VariantMetadata.of(metadata), value, 0, value == null ? 0 : value.length);
  }

  /** Wraps {@code valueLength} bytes from {@code valueOffset} of {@code buffer}, without copying. */
  public static Variant of(VariantMetadata metadata, byte[] buffer, int valueOffset, int valueLength) {
    if (metadata == null || buffer == null) {
      throw new NullPointerException("metadata and value must not be null");
    }
    if (valueOffset < 0 || valueLength < 0 || valueOffset + valueLength > buffer.length) {
      throw new IllegalArgumentException(
          "range [" + valueOffset + ", " + valueOffset + "+" + valueLength + ") outside buffer of " + buffer.length);
    }
    if (valueLength == 0) {
      throw VariantFormatException.at(valueOffset, "value is empty, expected at least a header byte");
    }
    return new Variant(metadata, buffer, valueOffset, valueOffset + valueLength);
  }

  /** Wraps a metadata ‖ value buffer as the draft layout's {@code untyped_value} stores it. */
  public static Variant ofConcatenated(byte[] buffer, int offset, int length) {
    int mlen = VariantMetadata.encodedLength(buffer, offset, length);
    return of(VariantMetadata.of(buffer, offset, mlen), buffer, offset + mlen, length - mlen);
  }

  /** Wraps the value in a ByteBuffer; array-backed buffers are not copied, others are copied once. */
  public static Variant of(ByteBuffer metadata, ByteBuffer value) {
    return of(VariantMetadata.of(Buffers.array(metadata), Buffers.offset(metadata), metadata.remaining()),
        Buffers.array(value), Buffers.offset(value), value.remaining());
  }

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

  public VariantMetadata metadata() {
    return metadata;
  }

  /** A copy of the encoded metadata. */
  public byte[] metadataBytes() {
    return metadata.toBytes();
  }

  /** A copy of exactly this value's encoded bytes (nested values included). */
  public byte[] valueBytes() {
    return java.util.Arrays.copyOfRange(buf, pos, pos + valueSize());
  }

  /** A read-only view of this value's encoded bytes; no copy. */
  public ByteBuffer valueBuffer() {
    return ByteBuffer.wrap(buf, pos, valueSize()).slice().asReadOnlyBuffer();
  }

  /** Copies this value's encoded bytes into {@code dest} at {@code destOffset}; returns the count. */
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
   * Where this value's encoding starts in the buffer it was read from: 0 for a value on its own bytes, more
   * for a field or element. For tools that show a value's layout ({@code variant inspect}).
   */
  public int offsetInBuffer() {
    return pos;
  }

  /**
   * The bytes this value was given ({@code valueLength} of {@link #of(VariantMetadata, byte[], int, int)}
   * for a root): more than {@link #valueSize()} when bytes trail the value, which readers should reject.
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
    long size;
    switch (Layout.basicTypeBits(header)) {
      case 0: {
        VariantType t = VariantType.ofPrimitiveId(Layout.valueHeader(header), pos);
        int fixed = t.fixedPayloadSize();
        size = fixed >= 0 ? 1 + fixed : 5 + (need(pos + 1, 4) & 0xFFFFFFFFL);
        break;
      }
      case 1:
        size = 1 + Layout.valueHeader(header);
        break;
      default: {
        int n = rawCount();
        int dataStart = containerDataStart(n);
        size = dataStart - pos + lastOffset(n, dataStart);
        break;
      }
    }
    if (pos + size > limit) {
      throw VariantFormatException.at(pos, "%s of %d bytes runs past the end of its data at byte %d", describe(), size, limit);
    }
    return (int) size;
  }

  private String describe() {
    int bt = Layout.basicTypeBits(header);
    return bt == 0 ? "primitive id " + Layout.valueHeader(header) : BasicType.ofHeader(header).name().toLowerCase();
  }

  /** Reads an unsigned little-endian int of {@code width} bytes at {@code at}, bounds-checked. */
  private int need(int at, int width) {
    if (at + width > limit || at < 0) {
      throw VariantFormatException.at(at, "needs %d bytes, value data ends at %d", width, limit);
    }
    return LittleEndian.readUnsigned(buf, at, width);
  }

  // ---------------------------------------------------------------- containers

  private int countSize() {
    boolean large = isObject()
        ? (Layout.valueHeader(header) & Layout.OBJECT_LARGE_BIT) != 0
        : (Layout.valueHeader(header) & Layout.ARRAY_LARGE_BIT) != 0;
    return large ? 4 : 1;
  }

  private int offsetSize() {
    return (Layout.valueHeader(header) & 0x3) + 1;
  }

  int idSize() {
    return ((Layout.valueHeader(header) >>> Layout.OBJECT_ID_SIZE_SHIFT) & 0x3) + 1;
  }

  private int rawCount() {
    int n = need(pos + 1, countSize());
    if (n < 0) {
      throw VariantFormatException.at(pos + 1, "element count %d exceeds %d", n & 0xFFFFFFFFL, Integer.MAX_VALUE);
    }
    return n;
  }

  int idsStart() {
    return pos + 1 + countSize();
  }

  // The helpers below take the element count n (read once by the caller through rawCount()), so that an
  // accessor parses the header once; child() runs for every field and element read.

  private int offsetsStart(int n) {
    return idsStart() + (isObject() ? n * idSize() : 0);
  }

  /** First byte after the offset table of a container of {@code n} elements; checks that the tables fit. */
  private int containerDataStart(int n) {
    // Invariant: long arithmetic; n + 1 overflows an int when a forged count is Integer.MAX_VALUE.
    long start = (long) pos + 1 + countSize() + (isObject() ? (long) n * idSize() : 0) + ((long) n + 1) * offsetSize();
    if (start > limit) {
      throw VariantFormatException.at(pos + 1, "%s of %d elements needs tables up to byte %d, data ends at %d", describe(), n, start, limit);
    }
    return (int) start;
  }

  /** The data size (the last offset); {@code dataStart} is {@link #containerDataStart(int)}, which checked the tables. */
  private long lastOffset(int n, int dataStart) {
    int at = offsetsStart(n) + n * offsetSize();
    long last = need(at, offsetSize()) & 0xFFFFFFFFL;
    if (dataStart + last > limit) {
      throw VariantFormatException.at(at, "%s data of %d bytes runs past byte %d", describe(), last, limit);
    }
    return last;
  }

  private void requireObject() {
    if (!isObject()) {
      throw new VariantTypeException("Cannot read fields: value is " + safeTypeName() + ", not an object");
    }
  }

  private void requireArray() {
    if (!isArray()) {
      throw new VariantTypeException("Cannot read elements: value is " + safeTypeName() + ", not an array");
    }
  }

  private String safeTypeName() {
    try {
      return type().name();
    } catch (VariantFormatException e) {
      return describe();
    }
  }

  /** Number of fields of an object. @throws VariantTypeException if this is not an object */
  public int fieldCount() {
    requireObject();
    int n = rawCount();
    containerDataStart(n);
    return n;
  }

  /** Number of elements of an array. @throws VariantTypeException if this is not an array */
  public int size() {
    requireArray();
    int n = rawCount();
    containerDataStart(n);
    return n;
  }

  private int checkIndex(int i) {
    int n = rawCount();
    if (i < 0 || i >= n) {
      throw new IndexOutOfBoundsException("index " + i + " outside " + n + " elements");
    }
    return n;
  }

  /** The dictionary id of field {@code i} (fields are in key order). */
  public int fieldId(int i) {
    requireObject();
    checkIndex(i);
    return idAt(idsStart(), idSize(), i);
  }

  /** Field {@code i}'s id, read from the id table at {@code idsStart}; checks it against the dictionary. */
  private int idAt(int idsStart, int idSize, int i) {
    int at = idsStart + i * idSize;
    int id = need(at, idSize);
    if (id < 0 || id >= metadata.size()) {
      throw VariantFormatException.at(at, "field id %d outside the metadata dictionary of %d keys", id & 0xFFFFFFFFL, metadata.size());
    }
    return id;
  }

  /** The key of field {@code i}; fields are in unsigned UTF-8 key order. */
  public String fieldName(int i) {
    return metadata.key(fieldId(i));
  }

  /** The value of field {@code i}, a view into the same buffer. */
  public Variant fieldValue(int i) {
    requireObject();
    return child(i, checkIndex(i));
  }

  /** Element {@code i} of an array, a view into the same buffer. */
  public Variant element(int i) {
    requireArray();
    return child(i, checkIndex(i));
  }

  /** Element or field {@code i} of this container of {@code n} elements (i is checked by the caller). */
  private Variant child(int i, int n) {
    int dataStart = containerDataStart(n);
    int dataEnd = (int) (dataStart + lastOffset(n, dataStart));
    int at = offsetsStart(n) + i * offsetSize();
    long off = need(at, offsetSize()) & 0xFFFFFFFFL;
    if (dataStart + off >= dataEnd) {
      throw VariantFormatException.at(at, "offset %d of element %d is outside the %d bytes of data", off, i, dataEnd - dataStart);
    }
    return new Variant(metadata, buf, (int) (dataStart + off), dataEnd);
  }

  /**
   * The value of field {@code name}, or {@code null} if the object has no such field. Binary search over
   * the key-ordered field ids: O(log n), no allocation beyond the returned view.
   *
   * @throws VariantTypeException if this is not an object
   */
  public Variant field(String name) {
    int i = fieldIndex(name);
    return i < 0 ? null : child(i, rawCount());
  }

  /** Index of field {@code name}, or -1. */
  public int fieldIndex(String name) {
    requireObject();
    int n = rawCount();
    containerDataStart(n);
    int idsStart = idsStart();
    int idSize = idSize();
    int lo = 0;
    int hi = n - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int id = idAt(idsStart, idSize, mid);
      int ks = metadata.keyStart(id);
      int c = Utf8Compare.compare(metadata.buffer(), ks, metadata.keyLength(id), name);
      if (c < 0) {
        lo = mid + 1;
      } else if (c > 0) {
        hi = mid - 1;
      } else {
        return mid;
      }
    }
    return -1;
  }

  /**
   * Looks up several names in one pass: writes to {@code indexes[j]} the index of the field named {@code
   * sortedNames[j]}, or -1 if there is none. The names are UTF-8 bytes in unsigned byte order without
   * duplicates, the order the spec gives an object's fields, so one merge over both lists finds them all:
   * O(fields + names) byte comparisons, no key decoded, nothing allocated. Prefer it to one {@link
   * #fieldIndex} per name when a fixed set of names is looked up in many objects (the shredding writer does).
   *
   * <p>Found indexes increase with {@code j}. On an object whose fields break the key order (malformed) a
   * present name may be reported as absent, never as another field.
   *
   * @return how many names were found
   * @throws VariantTypeException if this is not an object
   * @throws IllegalArgumentException if {@code indexes} is shorter than {@code sortedNames}
   * @throws VariantFormatException if a field id or a key's offsets are malformed
   */
  public int fieldIndexes(byte[][] sortedNames, int[] indexes) {
    requireObject();
    if (indexes.length < sortedNames.length) {
      throw new IllegalArgumentException("indexes has " + indexes.length + " slots for " + sortedNames.length + " names");
    }
    int n = rawCount();
    containerDataStart(n);
    int idsStart = idsStart();
    int idSize = idSize();
    byte[] keys = metadata.buffer();
    int found = 0;
    int i = 0;
    for (int j = 0; j < sortedNames.length; j++) {
      byte[] name = sortedNames[j];
      int match = -1;
      while (i < n) {
        int id = idAt(idsStart, idSize, i);
        int c = Utf8.compare(keys, metadata.keyStart(id), metadata.keyLength(id), name, 0, name.length);
        if (c < 0) {
          i++; // field i sorts before this name: no later name matches it either
          continue;
        }
        if (c == 0) {
          match = i++;
          found++;
        }
        break;
      }
      indexes[j] = match;
    }
    return found;
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
      throw VariantFormatException.at(at, "%s needs %d payload bytes, data ends at %d", describe(), width, limit);
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
   * The exact value of any Exact Numeric type (int8 to int64, decimal4 to decimal16); decimals keep their
   * scale.
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
      throw VariantFormatException.at(at, "decimal scale %d exceeds %d", scale, Layout.MAX_DECIMAL_PRECISION);
    }
    BigInteger unscaled;
    if (t == VariantType.DECIMAL16) {
      byte[] be = new byte[16];
      for (int i = 0; i < 16; i++) {
        be[i] = buf[at + 16 - i];
      }
      unscaled = new BigInteger(be);
      if (unscaled.abs().compareTo(POW10[Layout.MAX_DECIMAL_PRECISION]) >= 0) {
        throw VariantFormatException.at(at + 1, "decimal16 unscaled value %s has precision above %d", unscaled, Layout.MAX_DECIMAL_PRECISION);
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
   * The raw 8-byte payload of a timestamp or time: microseconds (TIMESTAMP_MICROS, TIMESTAMP_NTZ_MICROS,
   * TIME_NTZ_MICROS) or nanoseconds (TIMESTAMP_NANOS, TIMESTAMP_NTZ_NANOS); see {@link #type()}.
   */
  public long temporalValue() {
    VariantType t = type();
    switch (t) {
      case TIMESTAMP_MICROS:
      case TIMESTAMP_NTZ_MICROS:
      case TIME_NTZ_MICROS:
      case TIMESTAMP_NANOS:
      case TIMESTAMP_NTZ_NANOS:
        return LittleEndian.readLong(buf, payload(8), 8);
      default:
        throw new VariantTypeException("Cannot read timestamp or time: value is " + t);
    }
  }

  /** The instant of a UTC timestamp (micro- or nanosecond). */
  public Instant instantValue() {
    VariantType t = type();
    if (t == VariantType.TIMESTAMP_MICROS) {
      return Temporals.instantOfMicros(temporalValue());
    }
    if (t == VariantType.TIMESTAMP_NANOS) {
      return Temporals.instantOfNanos(temporalValue());
    }
    throw new VariantTypeException("Cannot read instant: value is " + t);
  }

  /** The wall-clock date-time of a timestamp without time zone (micro- or nanosecond). */
  public LocalDateTime localDateTimeValue() {
    VariantType t = type();
    if (t == VariantType.TIMESTAMP_NTZ_MICROS) {
      return LocalDateTime.ofInstant(Temporals.instantOfMicros(temporalValue()), ZoneOffset.UTC);
    }
    if (t == VariantType.TIMESTAMP_NTZ_NANOS) {
      return LocalDateTime.ofInstant(Temporals.instantOfNanos(temporalValue()), ZoneOffset.UTC);
    }
    throw new VariantTypeException("Cannot read local date-time: value is " + t);
  }

  /**
   * A time of day.
   *
   * @throws VariantFormatException if the microseconds are outside one day
   */
  public LocalTime timeValue() {
    requirePrimitive("time", VariantType.TIME_NTZ_MICROS);
    long micros = temporalValue();
    if (micros < 0 || micros >= 86_400_000_000L) {
      throw VariantFormatException.at(pos + 1, "time of %d microseconds is outside one day", micros);
    }
    return LocalTime.ofNanoOfDay(micros * 1000);
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
      throw VariantFormatException.at(at, "length %d runs past the data end at byte %d", len & 0xFFFFFFFFL, limit);
    }
    return ((long) (at + 4) << 32) | len;
  }

  /** A string (short or long form). @throws VariantFormatException if it is not valid UTF-8 */
  public String stringValue() {
    long r = bytesRange(VariantType.STRING);
    int at = (int) (r >>> 32);
    return Utf8.decode(buf, at, (int) r, at);
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

  // ---------------------------------------------------------------- whole-value operations

  /**
   * This value over another dictionary without re-encoding it: a copy of its bytes in which every field id
   * is replaced by the id of the same key in {@code dictionary}. Nothing else changes, so a canonical value
   * stays canonical and comes out byte for byte as {@code
   * VariantBuilder.withMetadata(dictionary).appendVariant(this).build()} would make it, at the cost of one
   * copy and a walk over the containers: no key or string is decoded. O(encoded size).
   *
   * <p>It is possible only when {@code dictionary} is sorted and holds every key of this value's dictionary,
   * this value's dictionary has no duplicate keys, and no object needs a different id width for the new ids
   * than it has (a canonical value then keeps its minimal widths).
   *
   * <p><b>Validation:</b> containers are read with bounds checks; scalars are copied unread, as when the
   * bytes are used as they are.
   *
   * @return the value over {@code dictionary}, or {@code null} when ids cannot simply be translated: then
   *     re-encode it with {@link VariantBuilder#withMetadata}
   * @throws VariantFormatException if a container is malformed
   * @throws VariantLimitException past {@link Limits#maxDepth()} levels, or if offsets share sub-values so
   *     much that the walk would expand far past the encoded size
   */
  public Variant translateIds(VariantMetadata dictionary) {
    return KeyRemapper.translate(this, dictionary);
  }

  /**
   * Checks the metadata and the whole value: every offset, length, field id, key order and uniqueness,
   * UTF-8, decimal scale and precision, and known type ids. O(bytes): a sub-value reached through several
   * offsets is checked once.
   *
   * @return this, for chaining
   * @throws VariantFormatException naming the first problem and its byte offset
   */
  public Variant validate() {
    return validate(Limits.defaults());
  }

  /** {@link #validate()} with an explicit nesting limit. */
  public Variant validate(Limits limits) {
    metadata.validate();
    new VariantValidator(limits.maxDepth()).check(this);
    return this;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Variant && VariantEquality.logical(this, (Variant) o);
  }

  @Override
  public int hashCode() {
    return VariantEquality.logicalHash(this);
  }

  /** The JSON rendering (see {@code VariantJson.toJson}). */
  @Override
  public String toString() {
    return io.variant.core.json.VariantJson.toJson(this);
  }
}
