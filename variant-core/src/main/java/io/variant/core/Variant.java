// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.io.Serializable;
import java.nio.ByteBuffer;

/**
 * A zero-copy view of one Variant value: a {@link VariantMetadata} dictionary plus the value bytes
 * that start at an offset in a buffer. Nested values (object fields, array elements) are views into
 * the same buffer. spec: VariantEncoding §Value encoding
 *
 * <pre>{@code
 * Variant v = VariantJson.parse("{\"user\": {\"id\": 42}}");
 * long id = v.field("user").field("id").longValue(); // 42
 * }</pre>
 *
 * <p><b>Validation:</b> construction checks only that the header byte is inside the buffer (O(1)).
 * Every accessor checks the bytes it reads and throws {@link VariantFormatException} with the byte
 * offset; no accessor throws {@code ArrayIndexOutOfBoundsException}. An unknown primitive type id
 * fails only when that value is read, so its siblings stay readable. {@link #validate()} checks the
 * whole value up front (use it on untrusted input). <b>Thread safety:</b> immutable.
 *
 * <p><b>Equality:</b> {@link #equals} is logical equality ({@link VariantEquality#logical}).
 * <b>Serialization:</b> Java serialization writes the metadata and this value's bytes only, and
 * reads back the same bytes (so Spark can keep, collect and shuffle Variants).
 */
public final class Variant extends ScalarAccessors implements Serializable {
  private static final long serialVersionUID = 1L;
  private final VariantMetadata metadata;
  private ContainerHeader container; // parsed on first use; see container()
  // FieldLookup's cache of this object's key order; a benign race: any thread computes the same
  private byte keyOrder;
  // every object inside is in key order: a builder made it (KeyOrder.toSpecOrder)
  private boolean knownSpecOrdered;
  // > 0: a builder checked every byte of this value as validate(KeyOrder.ANY) does, its nesting
  // bounded by this limit; validate() then checks only the metadata
  private int checkedWithinDepth;
  // the value fills exactly the bytes it was given: a builder made it, so an object's or array's
  // end is known without parsing its header (valueSize() of a row copied whole, per row)
  private boolean spansGiven;

  Variant(VariantMetadata metadata, byte[] buf, int pos, int limit) {
    super(buf, pos, limit);
    this.metadata = metadata;
  }

  /** Wraps metadata and value arrays without copying. */
  public static Variant of(byte[] metadata, byte[] value) {
    return of(VariantMetadata.of(metadata), value, 0, value == null ? 0 : value.length);
  }

  /**
   * Wraps {@code valueLength} bytes from {@code valueOffset} of {@code buffer}, without copying.
   */
  public static Variant of(
      VariantMetadata metadata, byte[] buffer, int valueOffset, int valueLength) {
    if (metadata == null || buffer == null) {
      throw new NullPointerException("metadata and value must not be null");
    }
    if (valueOffset < 0 || valueLength < 0 || valueOffset + valueLength > buffer.length) {
      throw new IllegalArgumentException(
          "range ["
              + valueOffset
              + ", "
              + valueOffset
              + "+"
              + valueLength
              + ") outside buffer of "
              + buffer.length);
    }
    if (valueLength == 0) {
      throw VariantFormatException.at(
          valueOffset, "value is empty, expected at least a header byte");
    }
    return new Variant(metadata, buffer, valueOffset, valueOffset + valueLength);
  }

  /** Wraps a metadata ‖ value buffer as the draft layout's {@code untyped_value} stores it. */
  public static Variant ofConcatenated(byte[] buffer, int offset, int length) {
    int mlen = VariantMetadata.encodedLength(buffer, offset, length);
    return of(VariantMetadata.of(buffer, offset, mlen), buffer, offset + mlen, length - mlen);
  }

  /**
   * Wraps the value in a ByteBuffer; array-backed buffers are not copied, others are copied once.
   */
  public static Variant of(ByteBuffer metadata, ByteBuffer value) {
    return of(
        VariantMetadata.of(Buffers.array(metadata), Buffers.offset(metadata), metadata.remaining()),
        Buffers.array(value),
        Buffers.offset(value),
        value.remaining());
  }

  public VariantMetadata metadata() {
    return metadata;
  }

  /** A copy of the encoded metadata. */
  public byte[] metadataBytes() {
    return metadata.toBytes();
  }

  private Object writeReplace() {
    return new SerializedVariant(metadataBytes(), valueBytes());
  }

  // ---------------------------------------------------------------- containers

  /** This object's or array's header, parsed on first use (a benign race may parse it twice). */
  ContainerHeader container() {
    ContainerHeader h = container;
    return h != null ? h : parseContainer();
  }

  /**
   * {@link #container()}'s first use, apart: inlined into every accessor, the parse took the
   * compiler's inlining budget of a caller that reads many fields (a rebuild's residual merge).
   */
  private ContainerHeader parseContainer() {
    ContainerHeader h = ContainerHeader.parse(buf, pos, limit, header);
    container = h;
    return h;
  }

  private ContainerHeader requireObject() {
    if (!isObject()) {
      throw new VariantTypeException(
          "Cannot read fields: value is " + safeTypeName() + ", not an object");
    }
    return container();
  }

  private ContainerHeader requireArray() {
    if (!isArray()) {
      throw new VariantTypeException(
          "Cannot read elements: value is " + safeTypeName() + ", not an array");
    }
    return container();
  }

  @Override
  int containerEnd() {
    return spansGiven ? limit : container().dataEnd(buf, limit);
  }

  /** Number of fields of an object. @throws VariantTypeException if this is not an object */
  public int fieldCount() {
    return requireObject().count;
  }

  /** Number of elements of an array. @throws VariantTypeException if this is not an array */
  public int size() {
    return requireArray().count;
  }

  private static void checkIndex(ContainerHeader h, int i) {
    if (i < 0 || i >= h.count) {
      throw new IndexOutOfBoundsException("index " + i + " outside " + h.count + " elements");
    }
  }

  /**
   * The dictionary id of field {@code i} (in key order, unless another writer broke it: {@link
   * KeyOrder}).
   */
  public int fieldId(int i) {
    ContainerHeader h = requireObject();
    checkIndex(h, i);
    return h.id(buf, i, metadata.size());
  }

  /**
   * The key of field {@code i}; fields are in unsigned UTF-8 key order unless another writer broke
   * it ({@link KeyOrder}).
   */
  public String fieldName(int i) {
    return metadata.key(fieldId(i));
  }

  /** The value of field {@code i}, a view into the same buffer. */
  public Variant fieldValue(int i) {
    ContainerHeader h = requireObject();
    checkIndex(h, i);
    return child(h, i);
  }

  /** Element {@code i} of an array, a view into the same buffer. */
  public Variant element(int i) {
    ContainerHeader h = requireArray();
    checkIndex(h, i);
    return child(h, i);
  }

  /** Element or field {@code i} (checked by the caller) of this container. */
  private Variant child(ContainerHeader h, int i) {
    int dataEnd = h.dataEnd(buf, limit);
    Variant c = new Variant(metadata, buf, childStart(h, i, dataEnd), dataEnd);
    c.knownSpecOrdered = knownSpecOrdered; // a builder's value is in key order all the way down
    return c;
  }

  /** Where element or field {@code i} (checked by the caller) starts, before {@code dataEnd}. */
  private int childStart(ContainerHeader h, int i, int dataEnd) {
    long off = h.offset(buf, i);
    if (h.dataStart + off >= dataEnd) {
      throw VariantFormatException.at(
          h.offsetsStart + i * h.offsetSize,
          "offset %d of element %d is outside the %d bytes of data",
          off,
          i,
          dataEnd - h.dataStart);
    }
    return (int) (h.dataStart + off);
  }

  /**
   * Where the value of field {@code i} starts (high 32 bits) and where the object's data ends (low
   * 32 bits): the bounds of {@link #fieldValue}{@code (i)}, checked as it checks them, without a
   * view (for a builder that copies the field).
   */
  long fieldBounds(int i) {
    ContainerHeader h = requireObject();
    checkIndex(h, i);
    int dataEnd = h.dataEnd(buf, limit);
    return ((long) childStart(h, i, dataEnd) << 32) | dataEnd;
  }

  /**
   * The value of field {@code name}, or {@code null} if the object has no such field. Binary search
   * over the key-ordered field ids: O(log n), no allocation beyond the returned view. On objects
   * whose fields are not in the spec's order the answer is the same, found by a linear scan ({@link
   * KeyOrder}).
   *
   * @throws VariantTypeException if this is not an object
   */
  public Variant field(String name) {
    ContainerHeader h = requireObject();
    int i = FieldLookup.indexOf(this, h, name);
    return i < 0 ? null : child(h, i);
  }

  /**
   * Index of field {@code name}, or -1. Exact whatever the order of the fields (see {@link
   * KeyOrder}).
   */
  public int fieldIndex(String name) {
    return FieldLookup.indexOf(this, requireObject(), name);
  }

  /** {@link FieldLookup}'s cached verdict on this object's key order. */
  byte keyOrderState() {
    return keyOrder;
  }

  void keyOrderState(byte state) {
    keyOrder = state;
  }

  /** True if this value is known to list every object's fields in key order (a builder made it). */
  boolean isKnownSpecOrdered() {
    return knownSpecOrdered;
  }

  /**
   * Marks this value as checked, byte for byte, by the builder that made it, with nesting at most
   * {@code maxDepth}: for {@link FixedDictionaryBuilder} when every copied value was checked.
   */
  Variant checkedWithin(int maxDepth) {
    checkedWithinDepth = maxDepth;
    return this;
  }

  /**
   * Marks this value as filling exactly the bytes it was given (a builder's root value, whose
   * header it wrote for those bytes).
   */
  Variant spansGiven() {
    spansGiven = true;
    return this;
  }

  /** Marks this value as built in key order; for VariantBuilder. */
  Variant knownSpecOrdered() {
    knownSpecOrdered = true;
    return this;
  }

  /**
   * Looks up several names in one pass: writes to {@code indexes[j]} the index of the field named
   * {@code sortedNames[j]}, or -1 if there is none. The names are UTF-8 bytes in unsigned byte
   * order without duplicates, the order the spec gives an object's fields, so one merge over both
   * lists finds them all: O(fields + names) byte comparisons, no key decoded, nothing allocated.
   * Prefer it to one {@link #fieldIndex} per name when a fixed set of names is looked up in many
   * objects (the shredding writer does).
   *
   * <p>Found indexes increase with {@code j} when the object's fields are in the spec's key order.
   * On an object whose fields are in another order (see {@link KeyOrder}) every name is still
   * found, by a linear scan per name, and the found indexes need not increase.
   *
   * @return how many names were found
   * @throws VariantTypeException if this is not an object
   * @throws IllegalArgumentException if {@code indexes} is shorter than {@code sortedNames}
   * @throws VariantFormatException if a field id or a key's offsets are malformed
   */
  public int fieldIndexes(byte[][] sortedNames, int[] indexes) {
    ContainerHeader h = requireObject();
    if (indexes.length < sortedNames.length) {
      throw new IllegalArgumentException(
          "indexes has " + indexes.length + " slots for " + sortedNames.length + " names");
    }
    return FieldLookup.indexesOf(this, h, sortedNames, indexes);
  }

  // ---------------------------------------------------------------- whole-value operations

  /**
   * This value over another dictionary without re-encoding it: a copy of its bytes in which every
   * field id is replaced by the id of the same key in {@code dictionary}. Nothing else changes, so
   * a canonical value stays canonical and comes out byte for byte as {@code
   * VariantBuilder.withMetadata(dictionary).appendVariant(this).build()} would make it, at the cost
   * of one copy and a walk over the containers: no key or string is decoded. O(encoded size).
   *
   * <p>It is possible only when {@code dictionary} is sorted and holds every key of this value's
   * dictionary, this value's dictionary has no duplicate keys, every object lists its fields in key
   * order (objects of other writers may not: {@link KeyOrder}; re-encoding sorts them), and no
   * object needs a different id width for the new ids than it has (a canonical value then keeps its
   * minimal widths).
   *
   * <p><b>Validation:</b> containers are read with bounds checks; scalars are copied unread, as
   * when the bytes are used as they are.
   *
   * @return the value over {@code dictionary}, or {@code null} when ids cannot simply be
   *     translated: then re-encode it with {@link VariantBuilder#withMetadata}
   * @throws VariantFormatException if a container is malformed
   * @throws VariantLimitException past {@link Limits#maxDepth()} levels, or if offsets share
   *     sub-values so much that the walk would expand far past the encoded size
   */
  public Variant translateIds(VariantMetadata dictionary) {
    return IdTranslator.translate(this, dictionary);
  }

  /**
   * Checks the metadata and the whole value: every offset, length, field id, key uniqueness, UTF-8,
   * decimal scale and precision, and known type ids. O(bytes): a sub-value reached through several
   * offsets is checked once. Objects may list their fields in any order ({@link KeyOrder#ANY}), as
   * other engines write them; {@link #validate(KeyOrder)} with {@link KeyOrder#SPEC} demands the
   * spec's order too.
   *
   * @return this, for chaining
   * @throws VariantFormatException naming the first problem and its byte offset
   * @throws VariantLimitException if the value nests deeper than {@link Limits#maxDepth()} (the
   *     message gives the byte offset)
   */
  public Variant validate() {
    return validate(Limits.defaults(), KeyOrder.ANY);
  }

  /**
   * {@link #validate()} demanding the key order {@code order}: {@link KeyOrder#SPEC} is what our
   * writers guarantee.
   */
  public Variant validate(KeyOrder order) {
    return validate(Limits.defaults(), order);
  }

  /** {@link #validate()} with an explicit nesting limit. */
  public Variant validate(Limits limits) {
    return validate(limits, KeyOrder.ANY);
  }

  /** {@link #validate()} with an explicit nesting limit and key order. */
  public Variant validate(Limits limits, KeyOrder order) {
    metadata.validate();
    if (order == KeyOrder.ANY
        && checkedWithinDepth > 0
        && checkedWithinDepth <= limits.maxDepth()) {
      return this; // its builder checked every byte (a shredded row rebuilt under FULL reading)
    }
    new VariantValidator(limits.maxDepth(), order).check(this);
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
    return TextRendering.render(this); // the json package's renderer, found without importing it
  }
}
