// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

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
 *
 * <p><b>Internal:</b> not API, and may change without notice. Public only for variant-shredding's
 * rebuild, because it copies {@link Variant}'s bytes and marks what it checked, which only this
 * package can.
 */
public final class FixedDictionaryBuilder {
  // a bound on header room reserved at once: a wrong guess costs a move, a huge one memory
  private static final int MAX_HEADER_GUESS = 1 << 16;
  private final ValueBuffer buf;
  private final int maxDepth;
  private VariantMetadata metadata;
  private int dictionarySize; // metadata.size(), read once per value
  private final FixedContainers containers; // the open objects and arrays
  private final VerbatimCopies copies; // appendVariant's and appendField's checks

  public FixedDictionaryBuilder(Limits limits) {
    this.buf = new ValueBuffer(limits);
    this.maxDepth = limits.maxDepth();
    this.containers = new FixedContainers(buf, maxDepth);
    this.copies = new VerbatimCopies(maxDepth);
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
    copies.start(dictionary, sameBytes);
    buf.len = 0;
    containers.reset();
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
    copies.checkCopies(on);
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
    if (!metadata.isSorted()) {
      throw new IllegalStateException("Cannot merge names into an unsorted dictionary");
    }
    return FieldSearch.idsOf(metadata, sortedNames, ids);
  }

  // ---------------------------------------------------------------- containers

  public FixedDictionaryBuilder startObject() {
    return startObject(0);
  }

  /**
   * {@link #startObject()} with {@code headerGuess} bytes reserved for the object's header, which
   * is written when it closes: with the right guess its fields are not moved to make room (e.g.
   * {@link #lastHeaderSize()} after the same object of the previous value). Any guess gives the
   * same bytes; a guess outside [0, 65536] reserves the nearest of the two.
   */
  public FixedDictionaryBuilder startObject(int headerGuess) {
    containers.push(true, clampGuess(headerGuess));
    return this;
  }

  /**
   * Names the next value of the open object by its field id, which must exceed the previous key's.
   *
   * @throws IllegalArgumentException if {@code id} is outside the dictionary or not increasing
   */
  public FixedDictionaryBuilder key(int id) {
    containers.key(id, dictionarySize);
    return this;
  }

  public FixedDictionaryBuilder endObject() {
    containers.finish(true);
    return this;
  }

  public FixedDictionaryBuilder startArray() {
    return startArray(0);
  }

  /**
   * {@link #startArray()} with {@code headerGuess} bytes reserved for the array's header, as {@link
   * #startObject(int)}.
   */
  public FixedDictionaryBuilder startArray(int headerGuess) {
    containers.push(false, clampGuess(headerGuess));
    return this;
  }

  public FixedDictionaryBuilder endArray() {
    containers.finish(false);
    return this;
  }

  /**
   * The header size in bytes of the object or array closed last (0 before the first): the guess for
   * {@link #startObject(int)} or {@link #startArray(int)} of the next one like it.
   */
  public int lastHeaderSize() {
    return containers.lastHeaderSize();
  }

  private static int clampGuess(int headerGuess) {
    return Math.max(0, Math.min(headerGuess, MAX_HEADER_GUESS));
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
    if (!DecimalWidth.storable(t, value.scale(), unscaled)) {
      throw new IllegalArgumentException("Cannot append decimal " + value + " as " + t);
    }
    containers.beforeValue();
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
    if (!DecimalWidth.storable(t, precision, scale, high, low)) {
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
    containers.beforeValue();
    if (high == (low >> 63)) {
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
    containers.beforeValue();
    buf.string(b, offset, length);
    return this;
  }

  /** A string checked once for many values ({@link CheckedUtf8}): copied, not checked again. */
  public FixedDictionaryBuilder appendString(CheckedUtf8 s) {
    byte[] b = s.bytes();
    containers.beforeValue();
    buf.string(b, 0, b.length);
    return this;
  }

  /** Binary or uuid bytes: {@code t} is {@link VariantType#BINARY} or (16 bytes) UUID. */
  public FixedDictionaryBuilder appendBytes(VariantType t, byte[] b, int offset, int length) {
    if (t == VariantType.UUID ? length != 16 : t != VariantType.BINARY) {
      throw new IllegalArgumentException("Cannot append " + length + " bytes as " + t);
    }
    containers.beforeValue();
    int prefix = t == VariantType.BINARY ? 4 : 0;
    int at = buf.primitive(t, prefix + length);
    if (prefix > 0) {
      LittleEndian.writeInt(buf.out, at, length);
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
    int size = copies.sizeOf(v, containers.depth);
    containers.beforeValue();
    buf.copy(v.buf, v.pos, size);
    return this;
  }

  /**
   * Copies field {@code i} of {@code object}, an object over this builder's dictionary, as it is:
   * {@code appendVariant(object.fieldValue(i))} with the same bytes and the same errors, without a
   * view of the field when it is a scalar (a rebuild copies a residual object's fields one by one).
   *
   * @throws VariantTypeException if {@code object} is not an object
   * @throws IndexOutOfBoundsException if it has no field {@code i}
   * @throws IllegalArgumentException if {@code object} uses another dictionary
   * @throws VariantFormatException if the field's offset or size runs out of the object, or copies
   *     are checked and the field is malformed
   */
  public FixedDictionaryBuilder appendField(Variant object, int i) {
    long bounds = object.fieldBounds(i);
    int size = copies.fieldSize(object, i, bounds, containers.depth);
    containers.beforeValue();
    buf.copy(object.buf, (int) (bounds >>> 32), size);
    return this;
  }

  /** A primitive of fixed size: its width comes from {@link VariantType#fixedPayloadSize()}. */
  private FixedDictionaryBuilder fixed(VariantType t, long bits) {
    int payload = t.fixedPayloadSize();
    containers.beforeValue();
    int at = buf.primitive(t, payload);
    // the common widths of typed columns inlined; write() stays a call where it is compiled apart
    if (payload == 8) {
      LittleEndian.writeLong(buf.out, at, bits);
    } else if (payload == 4) {
      LittleEndian.writeInt(buf.out, at, (int) bits);
    } else {
      LittleEndian.write(buf.out, at, bits, payload);
    }
    return this;
  }

  /**
   * The finished value over the dictionary given to {@link #start}.
   *
   * @throws IllegalStateException if a container is open or nothing was appended
   */
  public Variant build() {
    requireComplete();
    byte[] value = Arrays.copyOfRange(buf.out, containers.valueStart, buf.len);
    Variant v = Variant.of(metadata, value, 0, value.length).spansGiven();
    return copies.checksCopies() ? v.checkedWithin(maxDepth) : v;
  }

  /**
   * Hands the finished value to {@code sink} as bytes of this builder's buffer, lent for the call,
   * over the dictionary given to {@link #start}: what {@link #build()} returns, without the copy
   * into an array of its own and without a {@link Variant} (for a sink that copies it anyway).
   *
   * @throws IllegalStateException if a container is open or nothing was appended
   */
  public void buildTo(VariantSink sink) {
    requireComplete();
    int start = containers.valueStart;
    sink.add(metadata, buf.out, start, buf.len - start);
  }

  private void requireComplete() {
    if (!containers.complete()) {
      int depth = containers.depth;
      throw new IllegalStateException(
          "Cannot build: " + (depth > 0 ? depth + " container(s) still open" : "no value"));
    }
  }
}
