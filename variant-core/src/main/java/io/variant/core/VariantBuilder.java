package io.variant.core;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.UUID;

/**
 * Streams one Variant value: append primitives, open and close objects and arrays, then {@link #build()}.
 * Output is canonical (digest §C): smallest widths, {@code is_large} only past 255 elements, short strings
 * up to 63 bytes, object fields sorted by unsigned UTF-8 key bytes with values laid out in key order, and a
 * sorted, de-duplicated metadata dictionary. Primitive type ids are kept as appended.
 *
 * <pre>{@code
 * VariantBuilder b = new VariantBuilder();
 * b.startObject();
 * b.key("id").appendLong(42);          // int8: the smallest integer type that holds 42
 * b.key("tags").startArray().appendString("a").endArray();
 * b.endObject();
 * Variant v = b.build();
 * }</pre>
 *
 * <p><b>Metadata:</b> a builder made with {@link #withMetadata} resolves keys against an existing
 * dictionary; if no new key is added, the result reuses that dictionary unchanged (zero copy), and values
 * copied from Variants over the same dictionary are copied byte for byte. Otherwise the result gets a
 * fresh sorted dictionary holding the seed's keys and the new ones.
 *
 * <p><b>Thread safety:</b> none; a builder serves one thread. {@link #reset()} lets a loop reuse buffers.
 *
 * <p><b>Limits:</b> nesting deeper than {@link Limits#maxDepth()} or a value larger than {@link
 * Limits#maxValueBytes()} throws {@link VariantLimitException}.
 */
public final class VariantBuilder {
  private final BuilderOptions options;
  private final VariantMetadata seed;

  // Dictionary: ids are provisional (seed ids first, then first-seen order) until build().
  private final HashMap<String, Integer> ids = new HashMap<>();
  private final List<byte[]> keyBytes = new ArrayList<>();
  private long[] keyPrefixes = new long[16]; // Utf8.prefix of each key, by provisional id
  private final int seedKeyCount;

  private byte[] out = new byte[64];
  private int len;
  private boolean rootWritten;
  private final List<Frame> frames = new ArrayList<>();
  private int depth;
  private byte[] scratch = new byte[64];
  private VariantMetadata lastSameMetadata;
  private boolean copiedVerbatim; // containers copied unchecked from a Variant: not trusted to be well-formed

  /** A builder with a fresh dictionary and default options. */
  public VariantBuilder() {
    this(BuilderOptions.defaults());
  }

  public VariantBuilder(BuilderOptions options) {
    this(options, null);
  }

  private VariantBuilder(BuilderOptions options, VariantMetadata seed) {
    this.options = options;
    this.seed = seed;
    if (seed != null) {
      for (int i = 0; i < seed.size(); i++) {
        String k = seed.key(i);
        ids.putIfAbsent(k, i);
        addKeyBytes(Utf8.encode(k));
      }
      this.seedKeyCount = seed.size();
    } else {
      this.seedKeyCount = 0;
    }
  }

  /** A builder whose keys resolve against {@code metadata} (see the class comment). */
  public static VariantBuilder withMetadata(VariantMetadata metadata) {
    return withMetadata(metadata, BuilderOptions.defaults());
  }

  public static VariantBuilder withMetadata(VariantMetadata metadata, BuilderOptions options) {
    if (metadata == null) {
      throw new NullPointerException("metadata");
    }
    return new VariantBuilder(options, metadata);
  }

  /**
   * Re-encodes any readable Variant in canonical form with a minimal sorted dictionary. Idempotent. O(encoded
   * size).
   *
   * @throws VariantFormatException if {@code v} is malformed where it is read, duplicate keys included
   * @throws VariantLimitException if {@code v} nests deeper than {@link Limits#maxDepth()} or shares
   *     sub-values so that copying would expand it far past its encoded size
   */
  public static Variant canonicalize(Variant v) {
    return new VariantBuilder().appendVariant(v).build();
  }

  /** Clears the value and any keys added beyond the seed, keeping buffers for reuse. */
  public void reset() {
    len = 0;
    rootWritten = false;
    copiedVerbatim = false;
    depth = 0;
    while (keyBytes.size() > seedKeyCount) {
      byte[] k = keyBytes.remove(keyBytes.size() - 1);
      ids.remove(new String(k, java.nio.charset.StandardCharsets.UTF_8));
    }
  }

  // ---------------------------------------------------------------- frames

  private static final class Frame {
    boolean object;
    int start;
    int count;
    int[] keyIds = new int[8];
    int[] offsets = new int[8];
    int[] order = new int[8]; // scratch for endObject's sort
    int pendingKey = -1;

    void add(int keyId, int offset) {
      if (count == offsets.length) {
        offsets = Arrays.copyOf(offsets, count * 2);
        keyIds = Arrays.copyOf(keyIds, count * 2);
      }
      keyIds[count] = keyId;
      offsets[count++] = offset;
    }
  }

  private Frame top() {
    return depth == 0 ? null : frames.get(depth - 1);
  }

  private void beforeValue() {
    Frame f = top();
    if (f == null) {
      if (rootWritten) {
        throw new IllegalStateException("Cannot append a second top-level value: call build() or reset() first");
      }
      rootWritten = true;
      return;
    }
    if (f.object) {
      if (f.pendingKey < 0) {
        throw new IllegalStateException("Cannot append an object field value without its name: call key(name) first");
      }
      f.add(f.pendingKey, len - f.start);
      f.pendingKey = -1;
    } else {
      f.add(-1, len - f.start);
    }
  }

  private Frame push(boolean object) {
    beforeValue();
    if (depth >= options.limits().maxDepth()) {
      throw new VariantLimitException(
          "Cannot nest deeper than " + options.limits().maxDepth() + " levels (raise Limits.maxDepth)");
    }
    if (depth == frames.size()) {
      frames.add(new Frame());
    }
    Frame f = frames.get(depth++);
    f.object = object;
    f.start = len;
    f.count = 0;
    f.pendingKey = -1;
    return f;
  }

  private Frame pop(boolean object) {
    Frame f = top();
    if (f == null || f.object != object) {
      String what = object ? "endObject()" : "endArray()";
      String start = object ? "startObject()" : "startArray()";
      throw new IllegalStateException("Cannot call " + what + " without calling " + start + " first");
    }
    if (f.object && f.pendingKey >= 0) {
      throw new IllegalStateException("Cannot call endObject() after key(\"" + keyString(f.pendingKey) + "\") without a value");
    }
    depth--;
    return f;
  }

  private void addKeyBytes(byte[] k) {
    int id = keyBytes.size();
    keyBytes.add(k);
    if (id == keyPrefixes.length) {
      keyPrefixes = Arrays.copyOf(keyPrefixes, id * 2);
    }
    keyPrefixes[id] = Utf8.prefix(k);
  }

  /** Unsigned UTF-8 order of two keys; the cached 8-byte prefixes decide most comparisons. */
  private int compareKeys(int a, int b) {
    int c = Long.compareUnsigned(keyPrefixes[a], keyPrefixes[b]);
    return c != 0 ? c : Utf8.compare(keyBytes.get(a), keyBytes.get(b));
  }

  private String keyString(int id) {
    return new String(keyBytes.get(id), java.nio.charset.StandardCharsets.UTF_8);
  }

  // ---------------------------------------------------------------- containers

  /** Opens an object; follow with {@code key(name)} and a value per field, then {@link #endObject()}. */
  public VariantBuilder startObject() {
    push(true);
    return this;
  }

  /** Names the next value of the open object. */
  public VariantBuilder key(String name) {
    Frame f = top();
    if (f == null || !f.object) {
      throw new IllegalStateException("Cannot call key() outside an object: call startObject() first");
    }
    if (f.pendingKey >= 0) {
      throw new IllegalStateException("Cannot call key(\"" + name + "\") twice in a row: append the value of \"" + keyString(f.pendingKey) + "\" first");
    }
    Integer id = ids.get(name);
    if (id == null) {
      id = keyBytes.size();
      ids.put(name, id);
      addKeyBytes(Utf8.encode(name));
    }
    f.pendingKey = id;
    return this;
  }

  /** Closes the open object: sorts its fields by key, checks duplicates and writes its header. */
  public VariantBuilder endObject() {
    Frame f = pop(true);
    int n = f.count;
    if (f.order.length < n) {
      f.order = new int[Math.max(n, f.order.length * 2)];
    }
    int[] order = f.order;
    boolean inOrder = true;
    for (int i = 0; i < n; i++) {
      order[i] = i;
      if (inOrder && i > 0 && compareKeys(f.keyIds[i - 1], f.keyIds[i]) >= 0) {
        inOrder = false;
      }
    }
    int dataSize = len - f.start;
    int kept = n;
    if (!inOrder) {
      // Stable sort: among equal keys the last appended sorts last.
      IndexSort.sort(order, n, (a, b) -> compareKeys(f.keyIds[a], f.keyIds[b]));
      kept = 0;
      dataSize = 0;
      for (int i = 0; i < n; i++) {
        boolean dupOfNext = i + 1 < n && compareKeys(f.keyIds[order[i]], f.keyIds[order[i + 1]]) == 0;
        if (dupOfNext) {
          if (options.duplicateKeys() == DuplicateKeys.REJECT) {
            throw new DuplicateKeyException(keyString(f.keyIds[order[i]]));
          }
          continue; // LAST_WINS: drop the earlier one
        }
        order[kept++] = order[i];
        dataSize += extent(f, order[i]);
      }
    }
    int maxId = 0;
    for (int i = 0; i < kept; i++) {
      maxId = Math.max(maxId, f.keyIds[order[i]]);
    }
    int idSize = Layout.widthFor(maxId);
    int offsetSize = Layout.widthFor(dataSize);
    boolean large = kept > Layout.MAX_SMALL_COUNT;
    int headerSize = 1 + (large ? 4 : 1) + kept * idSize + (kept + 1) * offsetSize;
    int dataStart = f.start + headerSize;
    ensure(f.start + headerSize + dataSize);
    if (inOrder) {
      System.arraycopy(out, f.start, out, dataStart, dataSize);
    } else {
      int valuesLen = len - f.start;
      if (scratch.length < valuesLen) {
        scratch = new byte[Math.max(valuesLen, scratch.length * 2)];
      }
      System.arraycopy(out, f.start, scratch, 0, valuesLen);
    }
    out[f.start] = (byte) Layout.objectHeader(offsetSize, idSize, large);
    LittleEndian.write(out, f.start + 1, kept, large ? 4 : 1);
    int idsAt = f.start + 1 + (large ? 4 : 1);
    int offsAt = idsAt + kept * idSize;
    int o = 0;
    for (int i = 0; i < kept; i++) {
      int src = order[i];
      LittleEndian.write(out, idsAt + i * idSize, f.keyIds[src], idSize);
      if (inOrder) {
        o = f.offsets[src];
      } else {
        int size = extent(f, src);
        System.arraycopy(scratch, f.offsets[src], out, dataStart + o, size);
      }
      LittleEndian.write(out, offsAt + i * offsetSize, o, offsetSize);
      if (!inOrder) {
        o += extent(f, src);
      }
    }
    LittleEndian.write(out, offsAt + kept * offsetSize, dataSize, offsetSize);
    len = dataStart + dataSize;
    return this;
  }

  /** Byte length of field {@code i}'s value: values were appended back to back. */
  private int extent(Frame f, int i) {
    int end = i + 1 < f.count ? f.offsets[i + 1] : len - f.start;
    return end - f.offsets[i];
  }

  /** Opens an array; append its elements, then {@link #endArray()}. */
  public VariantBuilder startArray() {
    push(false);
    return this;
  }

  /** Closes the open array and writes its header. */
  public VariantBuilder endArray() {
    Frame f = pop(false);
    int n = f.count;
    int dataSize = len - f.start;
    int offsetSize = Layout.widthFor(dataSize);
    boolean large = n > Layout.MAX_SMALL_COUNT;
    int headerSize = 1 + (large ? 4 : 1) + (n + 1) * offsetSize;
    ensure(len + headerSize);
    System.arraycopy(out, f.start, out, f.start + headerSize, dataSize);
    out[f.start] = (byte) Layout.arrayHeader(offsetSize, large);
    LittleEndian.write(out, f.start + 1, n, large ? 4 : 1);
    int offsAt = f.start + 1 + (large ? 4 : 1);
    for (int i = 0; i < n; i++) {
      LittleEndian.write(out, offsAt + i * offsetSize, f.offsets[i], offsetSize);
    }
    LittleEndian.write(out, offsAt + n * offsetSize, dataSize, offsetSize);
    len += headerSize;
    return this;
  }

  // ---------------------------------------------------------------- primitives

  private void ensure(long capacity) {
    if (capacity > options.limits().maxValueBytes()) {
      throw new VariantLimitException("Cannot build a value over " + options.limits().maxValueBytes()
          + " bytes (raise Limits.maxValueBytes)");
    }
    if (capacity > out.length) {
      out = Arrays.copyOf(out, (int) Math.min(Math.max(capacity, (long) out.length * 2), Limits.MAX_ARRAY_BYTES));
    }
  }

  private int primitive(VariantType t, int payload) {
    beforeValue();
    ensure((long) len + 1 + payload);
    out[len] = (byte) t.headerByte();
    int at = len + 1;
    len = at + payload;
    return at;
  }

  public VariantBuilder appendNull() {
    primitive(VariantType.NULL, 0);
    return this;
  }

  public VariantBuilder appendBoolean(boolean value) {
    primitive(value ? VariantType.BOOLEAN_TRUE : VariantType.BOOLEAN_FALSE, 0);
    return this;
  }

  /** Appends an integer as the smallest of int8, int16, int32 and int64 that holds it. */
  public VariantBuilder appendLong(long value) {
    VariantType t = value == (byte) value ? VariantType.INT8
        : value == (short) value ? VariantType.INT16
        : value == (int) value ? VariantType.INT32 : VariantType.INT64;
    return appendInteger(t, value);
  }

  /**
   * Appends an integer with exactly type {@code t} (INT8 to INT64).
   *
   * @throws IllegalArgumentException if the value does not fit or {@code t} is not an integer type
   */
  public VariantBuilder appendInteger(VariantType t, long value) {
    if (!t.isInteger()) {
      throw new IllegalArgumentException("Cannot append an integer as " + t);
    }
    int w = t.fixedPayloadSize();
    if (w < 8 && (value << (64 - 8 * w)) >> (64 - 8 * w) != value) {
      throw new IllegalArgumentException("Cannot append " + value + " as " + t + ": out of range");
    }
    int at = primitive(t, w);
    LittleEndian.write(out, at, value, w);
    return this;
  }

  public VariantBuilder appendDouble(double value) {
    int at = primitive(VariantType.DOUBLE, 8);
    LittleEndian.write(out, at, Double.doubleToRawLongBits(value), 8);
    return this;
  }

  public VariantBuilder appendFloat(float value) {
    int at = primitive(VariantType.FLOAT, 4);
    LittleEndian.write(out, at, Float.floatToRawIntBits(value), 4);
    return this;
  }

  /**
   * Appends a decimal in the smallest width that holds max(precision, scale): decimal4 up to 9, decimal8 up
   * to 18, decimal16 up to 38 (Spark's reader rejects narrower widths for larger scales).
   *
   * @throws IllegalArgumentException if precision or scale exceeds 38, or the scale is negative
   */
  public VariantBuilder appendDecimal(BigDecimal value) {
    int digits = DecimalWidth.digits(value);
    return appendDecimal(DecimalWidth.typeFor(digits), value);
  }

  /**
   * Appends a decimal with exactly type {@code t} (DECIMAL4, DECIMAL8 or DECIMAL16), keeping its scale.
   *
   * @throws IllegalArgumentException if it does not fit {@code t}
   */
  public VariantBuilder appendDecimal(VariantType t, BigDecimal value) {
    if (!t.isDecimal()) {
      throw new IllegalArgumentException("Cannot append a decimal as " + t);
    }
    int scale = value.scale();
    if (scale < 0 || scale > Layout.MAX_DECIMAL_PRECISION) {
      throw new IllegalArgumentException("Cannot append decimal " + value + ": scale must be in [0, 38]");
    }
    BigInteger unscaled = value.unscaledValue();
    int w = t.fixedPayloadSize() - 1;
    if (unscaled.bitLength() > 8 * w - 1 || DecimalWidth.precision(unscaled) > Layout.MAX_DECIMAL_PRECISION) {
      throw new IllegalArgumentException("Cannot append decimal " + value + " as " + t + ": unscaled value does not fit");
    }
    int at = primitive(t, w + 1);
    out[at] = (byte) scale;
    if (w == 16) {
      byte[] be = unscaled.toByteArray();
      for (int i = 0; i < 16; i++) {
        int src = be.length - 1 - i;
        out[at + 1 + i] = src >= 0 ? be[src] : (byte) (unscaled.signum() < 0 ? 0xFF : 0);
      }
    } else {
      LittleEndian.write(out, at + 1, unscaled.longValueExact(), w);
    }
    return this;
  }

  public VariantBuilder appendDate(int epochDay) {
    int at = primitive(VariantType.DATE, 4);
    LittleEndian.write(out, at, epochDay, 4);
    return this;
  }

  public VariantBuilder appendDate(LocalDate date) {
    long d = date.toEpochDay();
    if (d != (int) d) {
      throw new IllegalArgumentException("Cannot append date " + date + ": outside the 4-byte day range");
    }
    return appendDate((int) d);
  }

  /**
   * Appends a timestamp or time with its raw 8-byte payload: {@code TIMESTAMP_MICROS}, {@code
   * TIMESTAMP_NTZ_MICROS}, {@code TIME_NTZ_MICROS} (microseconds) or {@code TIMESTAMP_NANOS}, {@code
   * TIMESTAMP_NTZ_NANOS} (nanoseconds).
   */
  public VariantBuilder appendTemporal(VariantType t, long value) {
    switch (t) {
      case TIMESTAMP_MICROS:
      case TIMESTAMP_NTZ_MICROS:
      case TIMESTAMP_NANOS:
      case TIMESTAMP_NTZ_NANOS:
        break;
      case TIME_NTZ_MICROS:
        if (value < 0 || value >= 86_400_000_000L) {
          throw new IllegalArgumentException("Cannot append time of " + value + " microseconds: outside one day");
        }
        break;
      default:
        throw new IllegalArgumentException("Cannot append a timestamp or time as " + t);
    }
    int at = primitive(t, 8);
    LittleEndian.write(out, at, value, 8);
    return this;
  }

  public VariantBuilder appendTimestampMicros(long microsSinceEpoch) {
    return appendTemporal(VariantType.TIMESTAMP_MICROS, microsSinceEpoch);
  }

  public VariantBuilder appendTimestampNtzMicros(long microsSinceEpoch) {
    return appendTemporal(VariantType.TIMESTAMP_NTZ_MICROS, microsSinceEpoch);
  }

  public VariantBuilder appendTimestampNanos(long nanosSinceEpoch) {
    return appendTemporal(VariantType.TIMESTAMP_NANOS, nanosSinceEpoch);
  }

  public VariantBuilder appendTimestampNtzNanos(long nanosSinceEpoch) {
    return appendTemporal(VariantType.TIMESTAMP_NTZ_NANOS, nanosSinceEpoch);
  }

  public VariantBuilder appendTimeMicros(long microsSinceMidnight) {
    return appendTemporal(VariantType.TIME_NTZ_MICROS, microsSinceMidnight);
  }

  public VariantBuilder appendBinary(byte[] value) {
    return appendBinary(value, 0, value.length);
  }

  public VariantBuilder appendBinary(byte[] buffer, int offset, int length) {
    int at = primitive(VariantType.BINARY, 4 + length);
    LittleEndian.write(out, at, length, 4);
    System.arraycopy(buffer, offset, out, at + 4, length);
    return this;
  }

  public VariantBuilder appendString(String value) {
    byte[] b = Utf8.encode(value);
    return appendUtf8Unchecked(b, 0, b.length);
  }

  /**
   * Appends a string given as UTF-8 bytes (short form up to 63 bytes).
   *
   * @throws VariantFormatException if the bytes are not valid UTF-8
   */
  public VariantBuilder appendStringUtf8(byte[] buffer, int offset, int length) {
    Utf8.check(buffer, offset, length, offset);
    return appendUtf8Unchecked(buffer, offset, length);
  }

  private VariantBuilder appendUtf8Unchecked(byte[] b, int offset, int length) {
    if (length <= Layout.MAX_SHORT_STRING) {
      beforeValue();
      ensure((long) len + 1 + length);
      out[len] = (byte) Layout.shortStringHeader(length);
      System.arraycopy(b, offset, out, len + 1, length);
      len += 1 + length;
    } else {
      int at = primitive(VariantType.STRING, 4 + length);
      LittleEndian.write(out, at, length, 4);
      System.arraycopy(b, offset, out, at + 4, length);
    }
    return this;
  }

  public VariantBuilder appendUuid(UUID value) {
    int at = primitive(VariantType.UUID, 16);
    long hi = value.getMostSignificantBits();
    long lo = value.getLeastSignificantBits();
    for (int i = 0; i < 8; i++) {
      out[at + i] = (byte) (hi >>> (56 - 8 * i));
      out[at + 8 + i] = (byte) (lo >>> (56 - 8 * i));
    }
    return this;
  }

  /**
   * Appends a copy of {@code v}. If {@code v} uses this builder's seed dictionary (byte-identical), its
   * bytes are copied verbatim; otherwise the value is re-encoded with this builder's key ids.
   *
   * @throws VariantLimitException if re-encoding would take more than {@link Limits#maxExpansion()} times
   *     {@code v}'s encoded size in work (its offsets share sub-values), or past the depth or size limit
   */
  public VariantBuilder appendVariant(Variant v) {
    if (seed != null && (v.metadata() == lastSameMetadata || v.metadata().sameBytes(seed))) {
      lastSameMetadata = v.metadata();
      copiedVerbatim |= v.isObject() || v.isArray();
      int size = v.valueSize();
      beforeValue();
      ensure((long) len + size);
      System.arraycopy(v.buffer(), v.position(), out, len, size);
      len += size;
      return this;
    }
    return copy(v, new WalkBudget("copy", v.valueSize(), options.limits()));
  }

  private VariantBuilder copy(Variant v, WalkBudget budget) {
    budget.charge(v); // nesting is limited by startObject()/startArray()
    switch (v.type()) {
      case OBJECT: {
        startObject();
        for (int i = 0, n = v.fieldCount(); i < n; i++) {
          key(v.fieldName(i));
          copy(v.fieldValue(i), budget);
        }
        try {
          return endObject();
        } catch (DuplicateKeyException e) {
          // The input breaks the spec's unique-key rule: that is malformed bytes, not a builder misuse.
          throw VariantFormatException.at(v.position(), "duplicate key \"%s\" in object", e.key());
        }
      }
      case ARRAY: {
        startArray();
        for (int i = 0, n = v.size(); i < n; i++) {
          copy(v.element(i), budget);
        }
        return endArray();
      }
      case STRING: {
        java.nio.ByteBuffer s = v.stringUtf8();
        byte[] b = new byte[s.remaining()];
        s.get(b);
        return appendStringUtf8(b, 0, b.length);
      }
      case DECIMAL4:
      case DECIMAL8:
      case DECIMAL16:
        return appendDecimal(v.type(), v.decimalValue());
      default: {
        int size = v.valueSize(); // other primitives carry no ids: copy verbatim
        beforeValue();
        ensure((long) len + size);
        System.arraycopy(v.buffer(), v.position(), out, len, size);
        len += size;
        return this;
      }
    }
  }

  // ---------------------------------------------------------------- build

  /** Bytes of value written so far (for size accounting). */
  public int sizeInBytes() {
    return len;
  }

  /**
   * Finishes the value.
   *
   * @throws IllegalStateException if an object or array is still open or nothing was appended
   */
  public Variant build() {
    if (depth > 0) {
      throw new IllegalStateException("Cannot build: " + depth + " object(s) or array(s) still open; call endObject()/endArray()");
    }
    if (!rootWritten) {
      throw new IllegalStateException("Cannot build: no value appended");
    }
    byte[] value = Arrays.copyOf(out, len);
    if (seed != null && keyBytes.size() == seedKeyCount) {
      return Variant.of(seed, value, 0, value.length);
    }
    return KeyRemapper.finish(keyBytes, value, options, !copiedVerbatim);
  }
}
