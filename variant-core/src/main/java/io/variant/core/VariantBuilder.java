// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Objects;
import java.util.UUID;

/**
 * Streams one Variant value: append primitives, open and close objects and arrays, then {@link
 * #build()}. Output is canonical: smallest widths, {@code is_large} only past 255 elements, short
 * strings up to 63 bytes, object fields sorted by unsigned UTF-8 key bytes with values laid out in
 * key order, and a sorted, de-duplicated metadata dictionary. Primitive type ids are kept as
 * appended.
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
 * dictionary; if no new key is added, the result reuses that dictionary unchanged (zero copy), and
 * values copied from Variants over the same dictionary are copied byte for byte. Otherwise the
 * result gets a fresh sorted dictionary holding the seed's keys and the new ones.
 *
 * <p><b>Reuse:</b> {@link #reset()} lets a loop encode many values with one builder; keys stay
 * cached across resets. Parts: {@link KeyTable} (keys), {@link ContainerStack} (object layout),
 * {@link PrimitiveEncoder} (primitives), {@link ValueBuffer} (bytes), {@link ValueFinisher} (the
 * dictionary and final ids), {@link VariantCopier} (re-encoding other Variants).
 *
 * <p><b>Failures:</b> a call that throws appends nothing: a binary range outside its array, or a
 * string or key holding an unpaired surrogate (which UTF-8 cannot hold), throws before writing. An
 * object refused for a duplicate key ({@link #endObject()}, {@link DuplicateKeyException}) leaves
 * the builder empty, as {@link #reset()} does.
 *
 * <p><b>Thread safety:</b> none; a builder serves one thread.
 *
 * <p><b>Limits:</b> nesting deeper than {@link Limits#maxDepth()} or a value larger than {@link
 * Limits#maxValueBytes()} throws {@link VariantLimitException}.
 */
public final class VariantBuilder {
  private final BuilderOptions options;
  private final VariantMetadata seed;
  private final KeyTable keys;
  private final ValueBuffer buf;
  private final ContainerStack stack;
  private final PrimitiveEncoder primitives;
  private final ValueFinisher finisher;
  private VariantMetadata lastSameMetadata;
  // containers copied unchecked from a Variant: ids not recorded, not trusted
  private boolean copiedVerbatim;

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
    this.keys = new KeyTable(seed);
    this.buf = new ValueBuffer(options.limits());
    this.stack = new ContainerStack(buf, keys, options);
    this.primitives = new PrimitiveEncoder(stack, buf);
    this.finisher = new ValueFinisher(seed, keys, buf, stack, options);
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
   * Re-encodes any readable Variant in canonical form with a minimal sorted dictionary. Idempotent.
   * O(encoded size).
   *
   * @throws VariantFormatException if {@code v} is malformed where it is read, duplicate keys
   *     included
   * @throws VariantLimitException if {@code v} nests deeper than {@link Limits#maxDepth()} or
   *     shares sub-values so that copying would expand it far past its encoded size
   */
  public static Variant canonicalize(Variant v) {
    return new VariantBuilder().appendVariant(v).build();
  }

  /**
   * Clears the value and any keys added beyond the seed, keeping buffers (and the key cache) for
   * reuse.
   */
  public void reset() {
    buf.len = 0;
    copiedVerbatim = false;
    stack.reset();
    keys.reset();
  }

  // ---------------------------------------------------------------- containers

  /**
   * Opens an object; follow with {@code key(name)} and a value per field, then {@link
   * #endObject()}.
   */
  public VariantBuilder startObject() {
    stack.push(true);
    return this;
  }

  /** Names the next value of the open object. */
  public VariantBuilder key(String name) {
    stack.key(keys.use(keys.intern(name)));
    return this;
  }

  /**
   * Names the next value of the open object with a key given as UTF-8 bytes, which are copied only
   * the first time this builder sees them.
   *
   * @throws VariantFormatException if the bytes are not valid UTF-8
   */
  public VariantBuilder keyUtf8(byte[] buffer, int offset, int length) {
    stack.key(keys.use(keys.intern(buffer, offset, length)));
    return this;
  }

  /**
   * For JSON front ends: if the key this builder expects next (the one that followed the same two
   * keys before) is written as is at {@code buffer[offset, limit)}, followed by its closing quote,
   * names the next value with it like {@link #keyUtf8} and returns its byte length; otherwise
   * returns -1 and does nothing, and the caller finds the key's end and calls {@link #keyUtf8}.
   * Rows of a stream repeat their keys in order, so most keys need no scan for their end.
   */
  public int keyUtf8Quoted(byte[] buffer, int offset, int limit) {
    int k = keys.internQuoted(buffer, offset, limit);
    if (k < 0) {
      return -1;
    }
    stack.key(keys.use(k));
    return keys.length(k);
  }

  /** Closes the open object: sorts its fields by key, checks duplicates and writes its header. */
  public VariantBuilder endObject() {
    try {
      stack.endObject();
    } catch (DuplicateKeyException e) {
      reset();
      throw e;
    }
    return this;
  }

  /** Opens an array; append its elements, then {@link #endArray()}. */
  public VariantBuilder startArray() {
    stack.push(false);
    return this;
  }

  /** Closes the open array and writes its header. */
  public VariantBuilder endArray() {
    stack.endArray();
    return this;
  }

  // ---------------------------------------------------------------- primitives

  public VariantBuilder appendNull() {
    primitives.fixed(VariantType.NULL);
    return this;
  }

  public VariantBuilder appendBoolean(boolean value) {
    primitives.fixed(value ? VariantType.BOOLEAN_TRUE : VariantType.BOOLEAN_FALSE);
    return this;
  }

  /** Appends an integer as the smallest of int8, int16, int32 and int64 that holds it. */
  public VariantBuilder appendLong(long value) {
    primitives.smallestInteger(value);
    return this;
  }

  /**
   * Appends an integer with exactly type {@code t} (INT8 to INT64).
   *
   * @throws IllegalArgumentException if the value does not fit or {@code t} is not an integer type
   */
  public VariantBuilder appendInteger(VariantType t, long value) {
    primitives.integer(t, value);
    return this;
  }

  public VariantBuilder appendDouble(double value) {
    primitives.doubleValue(value);
    return this;
  }

  public VariantBuilder appendFloat(float value) {
    primitives.floatValue(value);
    return this;
  }

  /**
   * Appends a decimal in the smallest width that holds max(precision, scale): decimal4 up to 9,
   * decimal8 up to 18, decimal16 up to 38 (Spark's reader rejects narrower widths for larger
   * scales).
   *
   * @throws IllegalArgumentException if precision or scale exceeds 38, or the scale is negative
   */
  public VariantBuilder appendDecimal(BigDecimal value) {
    int digits = DecimalWidth.digits(value);
    return appendDecimal(DecimalWidth.typeFor(digits), value);
  }

  /**
   * Appends a decimal with exactly type {@code t} (DECIMAL4, DECIMAL8 or DECIMAL16), keeping its
   * scale.
   *
   * @throws IllegalArgumentException if it does not fit {@code t}
   */
  public VariantBuilder appendDecimal(VariantType t, BigDecimal value) {
    primitives.decimal(t, value);
    return this;
  }

  /**
   * Appends the decimal {@code unscaled} × 10^-{@code scale} in the smallest width that holds
   * max(precision, scale), as {@link #appendDecimal(BigDecimal)} does, without a {@code
   * BigDecimal}.
   *
   * @throws IllegalArgumentException if the scale is outside [0, 38]
   */
  public VariantBuilder appendDecimal(long unscaled, int scale) {
    primitives.decimal(unscaled, scale);
    return this;
  }

  public VariantBuilder appendDate(int epochDay) {
    primitives.date(epochDay);
    return this;
  }

  public VariantBuilder appendDate(LocalDate date) {
    primitives.date(date);
    return this;
  }

  /**
   * Appends a timestamp or time with its raw 8-byte payload, in the type's {@link
   * VariantType#temporalUnit() unit}: microseconds or nanoseconds (dates go through {@link
   * #appendDate(int)}).
   */
  public VariantBuilder appendTemporal(VariantType t, long value) {
    primitives.temporal(t, value);
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
    Objects.checkFromIndexSize(offset, length, buffer.length);
    primitives.binary(buffer, offset, length);
    return this;
  }

  public VariantBuilder appendString(String value) {
    byte[] b = Utf8.encode(value);
    primitives.string(b, 0, b.length);
    return this;
  }

  /**
   * Appends a string given as UTF-8 bytes (short form up to 63 bytes).
   *
   * @throws VariantFormatException if the bytes are not valid UTF-8
   */
  public VariantBuilder appendStringUtf8(byte[] buffer, int offset, int length) {
    Utf8.check(buffer, offset, length, offset);
    primitives.string(buffer, offset, length);
    return this;
  }

  /**
   * Appends a string given as UTF-8 bytes that the caller has already found valid, without checking
   * them again: for front ends that check strings as they scan them (this library's JSON parser),
   * and engines whose strings are valid UTF-8 by construction. Bytes that are not valid UTF-8 make
   * a value that readers reject ({@link VariantFormatException} when the string is read or the
   * value validated); for bytes from anywhere else use {@link #appendStringUtf8}.
   */
  public VariantBuilder appendStringUtf8Unchecked(byte[] buffer, int offset, int length) {
    primitives.string(buffer, offset, length);
    return this;
  }

  public VariantBuilder appendUuid(UUID value) {
    primitives.uuid(value);
    return this;
  }

  /**
   * Appends a copy of {@code v}. If {@code v} uses this builder's seed dictionary (byte-identical),
   * its bytes are copied verbatim; otherwise the value is re-encoded with this builder's key ids.
   */
  public VariantBuilder appendVariant(Variant v) {
    if (seed != null && (v.metadata() == lastSameMetadata || v.metadata().sameBytes(seed))) {
      lastSameMetadata = v.metadata();
      copiedVerbatim |= v.isObject() || v.isArray();
      appendEncoded(v.buffer(), v.position(), v.valueSize());
      return this;
    }
    VariantCopier.copy(v, this, new WalkBudget("copy", v.valueSize(), options.limits()));
    return this;
  }

  /** Appends encoded bytes that carry no field ids (a primitive), as they are. */
  void appendEncoded(byte[] b, int offset, int length) {
    primitives.encoded(b, offset, length);
  }

  // ---------------------------------------------------------------- build

  /** Bytes of value written so far (for size accounting). */
  public int sizeInBytes() {
    return buf.len;
  }

  /**
   * Finishes the value: sorts the dictionary and rewrites field ids where sorting moved them.
   *
   * @throws IllegalStateException if an object or array is still open or nothing was appended
   */
  public Variant build() {
    return build(false);
  }

  /**
   * Makes room for a value of about {@code bytes} bytes up front, so that a builder made for one
   * large value does not grow its buffer step by step (each step a copy). A hint: the value may
   * still be larger or smaller.
   *
   * @throws VariantLimitException if {@code bytes} is over {@link Limits#maxValueBytes()}
   */
  public VariantBuilder reserve(int bytes) {
    buf.ensure(bytes);
    return this;
  }

  /**
   * {@link #build()} for a builder used once: the Variant takes the builder's buffer instead of a
   * copy of it when the value fills at least seven eighths of it (the rest is memory the Variant
   * keeps), and the builder starts over with a small buffer. For one large value this saves a copy
   * of the whole value; for a builder reused across rows it would throw the grown buffer away.
   */
  public Variant buildOnce() {
    Variant v = build(true);
    reset(); // the buffer went with the value: what described it goes too
    return v;
  }

  private Variant build(boolean handOver) {
    Variant v = finisher.finish(handOver, copiedVerbatim).spansGiven();
    return copiedVerbatim ? v : v.knownSpecOrdered(); // endObject() wrote every object in key order
  }
}
