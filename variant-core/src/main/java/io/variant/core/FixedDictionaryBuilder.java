package io.variant.core;

// Size (over 400 lines): like VariantBuilder, one documented, range-checked append method per
// Variant type is its public surface; the byte layout lives in ValueBuffer and Layout, 128-bit
// decimal arithmetic in DecimalWidth. Its container stack could move out (the seam for a split);
// it stays while its fields are on the rebuild's hot path and a split cannot be measured reliably.

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;

/**
 * Streams one Variant value over a dictionary given in advance, for code that already knows every
 * key's field id (a shredded row's rebuild, whose {@code metadata} column holds the row's
 * dictionary). Unlike {@link VariantBuilder} it keeps no key table: an object's keys are given as
 * field ids of that dictionary, in increasing order, so closing an object only writes its header.
 * Under a sorted dictionary ({@link VariantMetadata#isSorted()}) increasing ids are the spec's key
 * order; {@link #idsOf} finds the ids of known names in one merge.
 *
 * <pre>{@code
 * FixedDictionaryBuilder b = new FixedDictionaryBuilder(Limits.defaults());
 * b.start(metadata);                       // metadata holds "id" (0) and "name" (1)
 * b.startObject();
 * b.key(0).appendInteger(VariantType.INT64, 42);
 * b.key(1).appendVariant(name);            // a value over the same dictionary: copied as it is
 * b.endObject();
 * Variant v = b.build();                   // its metadata is the one given to start()
 * }</pre>
 *
 * <p><b>Validation:</b> ids are checked against the dictionary and for increasing order, string
 * bytes are checked as UTF-8, integers against their type's range; values given to {@link
 * #appendVariant} are copied without a walk (only their size is read), as {@link
 * VariantBuilder#appendVariant} does for a value over its seed dictionary.
 *
 * <p><b>Limits:</b> nesting deeper than {@link Limits#maxDepth()} or a value larger than {@link
 * Limits#maxValueBytes()} throws {@link VariantLimitException}. <b>Thread safety:</b> none.
 */
public final class FixedDictionaryBuilder {
  private final ValueBuffer buf;
  private final int maxDepth;
  private VariantMetadata metadata;
  // another dictionary object found to hold the same bytes in this value: checked once, not per
  // copied value (a wide row's residual fields each compared its kilobytes of keys)
  private VariantMetadata sameAsMetadata;
  private int dictionarySize; // metadata.size(), read once per value
  private int depth;
  private boolean rootWritten;
  // The innermost open container (depth > 0) lives in these fields, its ancestors in the arrays
  // below: a value appended to it reads no per-depth array (the rebuild appends one per field).
  private boolean object;
  private int start; // where its values start in buf
  private int count; // values appended to it
  private int lastId; // object: the last key's id, -1 before the first
  private int[] curOffsets;
  private int[] curIds;
  // per depth: the saved state of the open containers around the innermost one, and each depth's
  // offset and id buffers, kept for the next value
  private int[] starts = new int[8];
  private int[] counts = new int[8];
  private int[] lastIds = new int[8];
  private boolean[] objects = new boolean[8];
  private int[][] offsets = new int[8][];
  private int[][] ids = new int[8][];
  private int pendingKey = -1;
  private boolean checkCopies;
  private VariantValidator checker; // checks copies, reused from value to value

  public FixedDictionaryBuilder(Limits limits) {
    this.buf = new ValueBuffer(limits);
    this.maxDepth = limits.maxDepth();
  }

  /** Starts a new value over {@code dictionary}, dropping anything unfinished. */
  public FixedDictionaryBuilder start(VariantMetadata dictionary) {
    return start(dictionary, null);
  }

  /**
   * Starts a new value over {@code dictionary}, dropping anything unfinished; {@link
   * #appendVariant} takes values over {@code sameBytes} without comparing dictionaries. For callers
   * that have just compared the two (a rebuild that keeps a private copy of each row's dictionary
   * and copies the row's residuals, which refer to the row's own object).
   *
   * @param sameBytes a dictionary whose bytes the caller found equal to {@code dictionary}'s
   *     ({@link VariantMetadata#sameBytes}), or {@code null}
   */
  public FixedDictionaryBuilder start(VariantMetadata dictionary, VariantMetadata sameBytes) {
    if (dictionary == null) {
      throw new NullPointerException("dictionary");
    }
    metadata = dictionary;
    dictionarySize = dictionary.size();
    sameAsMetadata = sameBytes;
    buf.len = 0;
    depth = 0;
    object = false;
    rootWritten = false;
    pendingKey = -1;
    return this;
  }

  /**
   * Whether {@link #appendVariant} checks each value it copies as {@link Variant#validate()} does
   * (off by default: copies are O(1) plus the copy). With it on, every byte of a built value has
   * been checked, and the value's {@link Variant#validate()} only checks the dictionary: a reader
   * that validates every row (FULL) checks a rebuilt row's residual parts as it copies them,
   * instead of walking the whole row again.
   */
  public FixedDictionaryBuilder checkCopies(boolean on) {
    checkCopies = on;
    return this;
  }

  /** The dictionary of the value being built. */
  public VariantMetadata dictionary() {
    return metadata;
  }

  /**
   * Writes to {@code ids[j]} the field id of {@code sortedNames[j]} in this value's dictionary, or
   * -1 if it has no such key; returns how many were found. The names are UTF-8 bytes in unsigned
   * byte order without duplicates, and the dictionary must be sorted: one merge, O(names + keys)
   * byte comparisons.
   *
   * @throws IllegalStateException if the dictionary is not sorted
   */
  public int idsOf(byte[][] sortedNames, int[] ids) {
    VariantMetadata m = metadata;
    if (!m.isSorted()) {
      throw new IllegalStateException("Cannot merge names into an unsorted dictionary");
    }
    byte[] keys = m.buffer();
    int found = 0;
    int id = 0;
    int size = m.size();
    for (int j = 0; j < sortedNames.length; j++) {
      byte[] name = sortedNames[j];
      int c = 1;
      while (id < size
          && (c = Utf8.compare(keys, m.keyStart(id), m.keyLength(id), name, 0, name.length)) < 0) {
        id++;
      }
      if (id < size && c == 0) {
        ids[j] = id++;
        found++;
      } else {
        ids[j] = -1;
      }
    }
    return found;
  }

  // ---------------------------------------------------------------- containers

  public FixedDictionaryBuilder startObject() {
    push(true);
    return this;
  }

  /**
   * Names the next value of the open object by its field id, which must exceed the previous key's.
   *
   * @throws IllegalArgumentException if {@code id} is outside the dictionary or not increasing
   */
  public FixedDictionaryBuilder key(int id) {
    if (!object || depth == 0 || pendingKey >= 0) {
      throw new IllegalStateException("Cannot call key() here: open an object, then key, value");
    }
    if (id <= lastId || id >= dictionarySize) {
      throw new IllegalArgumentException(
          id < 0 || id >= dictionarySize
              ? "Cannot use field id " + id + ": the dictionary has " + dictionarySize + " keys"
              : "Cannot use field id " + id + " after " + lastId + ": ids must increase");
    }
    pendingKey = id;
    return this;
  }

  public FixedDictionaryBuilder endObject() {
    finish(true);
    return this;
  }

  public FixedDictionaryBuilder startArray() {
    push(false);
    return this;
  }

  public FixedDictionaryBuilder endArray() {
    finish(false);
    return this;
  }

  /** Registers the next value with the open container, or as the root. */
  private void beforeValue() {
    if (depth == 0) {
      if (rootWritten) {
        throw new IllegalStateException("Cannot append a second top-level value");
      }
      rootWritten = true;
      return;
    }
    int n = count;
    if (n == curOffsets.length) {
      grow();
    }
    if (object) {
      int key = pendingKey;
      if (key < 0) {
        throw new IllegalStateException("Cannot append an object field value without key(id)");
      }
      curIds[n] = key;
      lastId = key;
      pendingKey = -1;
    }
    curOffsets[n] = buf.len - start;
    count = n + 1;
  }

  /** Doubles the innermost container's offset and id buffers. */
  private void grow() {
    int d = depth - 1;
    curOffsets = offsets[d] = Arrays.copyOf(curOffsets, count * 2);
    curIds = ids[d] = Arrays.copyOf(curIds, count * 2);
  }

  private void push(boolean isObject) {
    beforeValue();
    if (depth >= maxDepth) {
      throw new VariantLimitException(
          "Cannot nest deeper than " + maxDepth + " levels (raise Limits.maxDepth)");
    }
    if (depth == starts.length) {
      int m = depth * 2;
      starts = Arrays.copyOf(starts, m);
      counts = Arrays.copyOf(counts, m);
      lastIds = Arrays.copyOf(lastIds, m);
      objects = Arrays.copyOf(objects, m);
      offsets = Arrays.copyOf(offsets, m);
      ids = Arrays.copyOf(ids, m);
    }
    if (depth > 0) { // save the parent
      int p = depth - 1;
      starts[p] = start;
      counts[p] = count;
      lastIds[p] = lastId;
      objects[p] = object;
    }
    if (offsets[depth] == null) {
      offsets[depth] = new int[8];
      ids[depth] = new int[8];
    }
    curOffsets = offsets[depth];
    curIds = ids[depth];
    start = buf.len;
    count = 0;
    lastId = -1;
    object = isObject;
    depth++;
  }

  /**
   * Closes the open container: its elements were appended in order, so it only moves them past the
   * header it writes.
   */
  private void finish(boolean isObject) {
    if (depth == 0 || object != isObject || pendingKey >= 0) {
      throw new IllegalStateException(
          "Cannot close an " + (isObject ? "object" : "array") + " that is not open and complete");
    }
    int n = count;
    int dataStart = start;
    int dataSize = buf.len - dataStart;
    int offsetSize = Layout.widthFor(dataSize);
    boolean large = n > Layout.MAX_SMALL_COUNT;
    int countSize = large ? 4 : 1;
    int idSize = isObject && n > 0 ? Layout.widthFor(curIds[n - 1]) : 1;
    int headerSize = 1 + countSize + (isObject ? n * idSize : 0) + (n + 1) * offsetSize;
    buf.ensure((long) buf.len + headerSize);
    byte[] out = buf.out;
    System.arraycopy(out, dataStart, out, dataStart + headerSize, dataSize);
    out[dataStart] =
        (byte)
            (isObject
                ? Layout.objectHeader(offsetSize, idSize, large)
                : Layout.arrayHeader(offsetSize, large));
    LittleEndian.write(out, dataStart + 1, n, countSize);
    int at = dataStart + 1 + countSize;
    if (isObject) {
      at = writeAll(out, at, curIds, n, idSize);
    }
    at = writeAll(out, at, curOffsets, n, offsetSize);
    LittleEndian.write(out, at, dataSize, offsetSize);
    buf.len += headerSize;
    depth--;
    if (depth > 0) { // the parent is innermost again
      int p = depth - 1;
      start = starts[p];
      count = counts[p];
      lastId = lastIds[p];
      object = objects[p];
      curOffsets = offsets[p];
      curIds = ids[p];
    }
  }

  /**
   * Writes {@code values[0..n)} at {@code width} bytes each from {@code at}; returns the end. One
   * byte, what a small container's ids and offsets take, gets its own loop without the width
   * switch.
   */
  private static int writeAll(byte[] out, int at, int[] values, int n, int width) {
    if (width == 1) {
      for (int i = 0; i < n; i++) {
        out[at + i] = (byte) values[i];
      }
      return at + n;
    }
    for (int i = 0; i < n; i++, at += width) {
      LittleEndian.write(out, at, values[i], width);
    }
    return at;
  }

  // ---------------------------------------------------------------- values

  public FixedDictionaryBuilder appendNull() {
    return fixed(VariantType.NULL, 0);
  }

  public FixedDictionaryBuilder appendBoolean(boolean value) {
    return fixed(value ? VariantType.BOOLEAN_TRUE : VariantType.BOOLEAN_FALSE, 0);
  }

  /**
   * An integer as {@code t} (int8 to int64).
   *
   * @throws IllegalArgumentException if {@code t} is no integer type or {@code value} is outside it
   */
  public FixedDictionaryBuilder appendInteger(VariantType t, long value) {
    int bits = 8 * t.fixedPayloadSize();
    if (!t.isInteger() || (bits < 64 && (value << (64 - bits)) >> (64 - bits) != value)) {
      throw new IllegalArgumentException("Cannot append " + value + " as " + t);
    }
    return fixed(t, value);
  }

  public FixedDictionaryBuilder appendFloat(float value) {
    return fixed(VariantType.FLOAT, Float.floatToRawIntBits(value));
  }

  public FixedDictionaryBuilder appendDouble(double value) {
    return fixed(VariantType.DOUBLE, Double.doubleToRawLongBits(value));
  }

  /** A date as days since 1970-01-01. */
  public FixedDictionaryBuilder appendDate(int epochDay) {
    return fixed(VariantType.DATE, epochDay);
  }

  /**
   * A timestamp or time of type {@code t}, in its unit.
   *
   * @throws IllegalArgumentException if {@code t} is no timestamp or time type, or a time is
   *     outside one day
   */
  public FixedDictionaryBuilder appendTemporal(VariantType t, long value) {
    ChronoUnit unit = t.temporalUnit();
    boolean time = t.equivalenceClass() == EquivalenceClass.TIME_NTZ;
    if ((unit != ChronoUnit.MICROS && unit != ChronoUnit.NANOS)
        || (time && (value < 0 || value >= Temporals.perDay(unit)))) {
      throw new IllegalArgumentException("Cannot append " + value + " as " + t);
    }
    return fixed(t, value);
  }

  /**
   * A decimal as {@code t} (decimal4, 8 or 16), its scale kept.
   *
   * @throws IllegalArgumentException if the scale is outside [0, 38] or the unscaled value does not
   *     fit {@code t}
   */
  public FixedDictionaryBuilder appendDecimal(VariantType t, BigDecimal value) {
    BigInteger unscaled = value.unscaledValue();
    int w = t.fixedPayloadSize() - 1;
    if (!t.isDecimal()
        || value.scale() < 0
        || value.scale() > Layout.MAX_DECIMAL_PRECISION
        || unscaled.bitLength() > 8 * w - 1
        // below 2^126 a value has at most 38 digits: count them only above
        || (unscaled.bitLength() > 126
            && DecimalWidth.precision(unscaled) > Layout.MAX_DECIMAL_PRECISION)) {
      throw new IllegalArgumentException("Cannot append decimal " + value + " as " + t);
    }
    beforeValue();
    if (unscaled.bitLength() > 63) {
      buf.decimal16(value.scale(), unscaled);
    } else {
      buf.decimal(t, value.scale(), unscaled.longValue());
    }
    return this;
  }

  /**
   * A decimal as {@code t} (decimal4, 8 or 16) from its unscaled value in 128-bit two's complement
   * ({@code high}:{@code low}) and its scale: {@link #appendDecimal(VariantType, BigDecimal)}
   * without a {@code BigDecimal}, for readers whose columns hold unscaled integers. The same bytes
   * for the same value.
   *
   * @param precision the most digits the value may have (at most 38), e.g. its column's precision
   * @throws IllegalArgumentException if the scale is outside [0, 38], the value has more than
   *     {@code precision} digits or does not fit {@code t}
   */
  public FixedDictionaryBuilder appendDecimal(
      VariantType t, int precision, int scale, long high, long low) {
    boolean isLong = high == (low >> 63);
    int w = t.isDecimal() ? t.fixedPayloadSize() - 1 : 0;
    if (w == 0
        || scale < 0
        || scale > Layout.MAX_DECIMAL_PRECISION
        || precision < 0
        || precision > Layout.MAX_DECIMAL_PRECISION
        || !DecimalWidth.fits(high, low, precision)
        || (w == 4 && (!isLong || low != (int) low))
        || (w == 8 && !isLong)) {
      throw new IllegalArgumentException(
          "Cannot append the decimal of unscaled value "
              + DecimalWidth.toString(high, low)
              + " and scale "
              + scale
              + " as "
              + t
              + " of precision "
              + precision);
    }
    beforeValue();
    if (isLong) {
      buf.decimal(t, scale, low);
    } else {
      buf.decimal16(scale, high, low);
    }
    return this;
  }

  /**
   * A string from UTF-8 bytes.
   *
   * @throws VariantFormatException if the bytes are not valid UTF-8
   */
  public FixedDictionaryBuilder appendStringUtf8(byte[] b, int offset, int length) {
    Utf8.check(b, offset, length, offset);
    beforeValue();
    buf.string(b, offset, length);
    return this;
  }

  /** A string checked once for many values ({@link CheckedUtf8}): copied, not checked again. */
  public FixedDictionaryBuilder appendString(CheckedUtf8 s) {
    byte[] b = s.bytes();
    beforeValue();
    buf.string(b, 0, b.length);
    return this;
  }

  /** Binary or uuid bytes: {@code t} is {@link VariantType#BINARY} or (16 bytes) UUID. */
  public FixedDictionaryBuilder appendBytes(VariantType t, byte[] b, int offset, int length) {
    if (t == VariantType.UUID ? length != 16 : t != VariantType.BINARY) {
      throw new IllegalArgumentException("Cannot append " + length + " bytes as " + t);
    }
    beforeValue();
    int prefix = t == VariantType.BINARY ? 4 : 0;
    int at = buf.primitive(t, prefix + length);
    if (prefix > 0) {
      LittleEndian.write(buf.out, at, length, 4);
    }
    System.arraycopy(b, offset, buf.out, at + prefix, length);
    return this;
  }

  /**
   * Copies {@code v}, a value over this builder's dictionary (the same bytes), as it is; with
   * {@link #checkCopies(boolean)}, after checking it as {@link Variant#validate()} does.
   *
   * @throws IllegalArgumentException if {@code v} uses another dictionary
   * @throws VariantFormatException if copies are checked and {@code v} is malformed
   */
  public FixedDictionaryBuilder appendVariant(Variant v) {
    sameDictionary(v);
    if (checkCopies) {
      if (checker == null) {
        checker = new VariantValidator(maxDepth, KeyOrder.ANY);
      }
      checker.checkAnew(v, maxDepth - depth);
    }
    int size = v.valueSize();
    beforeValue();
    buf.copy(v.buf, v.pos, size);
    return this;
  }

  private void sameDictionary(Variant v) {
    VariantMetadata m = v.metadata();
    if (m == metadata || m == sameAsMetadata) {
      return;
    }
    if (!m.sameBytes(metadata)) {
      throw new IllegalArgumentException("Cannot copy a value over another dictionary");
    }
    sameAsMetadata = m; // a dictionary does not change while a value is built over it
  }

  /** A primitive of fixed size: its width comes from {@link VariantType#fixedPayloadSize()}. */
  private FixedDictionaryBuilder fixed(VariantType t, long bits) {
    int payload = t.fixedPayloadSize();
    beforeValue();
    int at = buf.primitive(t, payload);
    LittleEndian.write(buf.out, at, bits, payload);
    return this;
  }

  /**
   * The finished value over the dictionary given to {@link #start}.
   *
   * @throws IllegalStateException if a container is open or nothing was appended
   */
  public Variant build() {
    if (depth > 0 || !rootWritten) {
      throw new IllegalStateException(
          "Cannot build: " + (depth > 0 ? depth + " container(s) still open" : "no value"));
    }
    byte[] value = Arrays.copyOf(buf.out, buf.len);
    Variant v = Variant.of(metadata, value, 0, value.length);
    return checkCopies ? v.checkedWithin(maxDepth) : v;
  }
}
