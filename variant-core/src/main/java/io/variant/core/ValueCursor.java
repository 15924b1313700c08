// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * A reusable read position for loops that read many values of one container: the children of an
 * object or array are selected by index with the container's header and data end read once, and a
 * selected scalar is read in place, without a {@link Variant} view per value. The shredding split
 * reads every element of MB-sized arrays this way (a view per element and its checks were most of
 * that split's time); {@link #view()} makes the view when one is needed.
 *
 * <pre>{@code
 * ValueCursor c = new ValueCursor();
 * for (int i = 0, n = c.open(array); i < n; i++) {
 *   c.select(i);
 *   if (c.type().isInteger()) {
 *     sum += c.fixedPayload();
 *   }
 * }
 * }</pre>
 *
 * <p><b>Validation:</b> the same as {@link Variant}'s accessors: every read is checked against the
 * container's data and fails with {@link VariantFormatException} naming the byte. <b>Thread
 * safety:</b> none; a cursor is mutable scratch state, made once and reused by one thread.
 *
 * <p><b>Internal:</b> not API, and may change without notice. Public only for variant-shredding's
 * split, because it reads {@link Variant}'s bytes in place, which only this package can.
 */
public final class ValueCursor {
  private static final VarHandle SHORT_LE =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT_LE =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

  private VariantMetadata metadata;
  private Variant container; // the open container's view; made on demand when opened in place
  private int containerPos;
  private int containerLimit;
  private int containerHeader; // its header byte; -1 when nothing is open
  // The open container's header fields, copied out of its ContainerHeader so that a header parsed
  // in place is not kept (the JIT can then drop that object).
  private boolean object;
  private int count;
  private int idSize;
  private int offsetSize;
  private int idsStart;
  private int offsetsStart;
  private int dataStart;
  private int dataEnd;

  byte[] buf; // package-private: ObjectSubset copies selected values straight from here
  int pos;
  private int limit;
  private int header;
  private Variant selected; // the view the current value came from, if any

  /** A cursor with nothing open or selected. */
  public ValueCursor() {
    containerHeader = -1;
  }

  /**
   * Opens an object or array for {@link #select}: parses its header and its data end once.
   *
   * @return the number of fields or elements
   * @throws VariantTypeException if {@code v} is not an object or array
   * @throws VariantFormatException if its tables run past its data
   */
  public int open(Variant v) {
    if (!v.isObject() && !v.isArray()) {
      throw new VariantTypeException(
          "Cannot open a cursor: value is " + v.safeTypeName() + ", not an object or array");
    }
    return open(v.metadata(), v, v.buf, v.pos, v.limit, v.header);
  }

  /**
   * Opens the current value of {@code parent}, an object or array, for {@link #select}, in place:
   * no view of it is made unless {@link #container()} asks for one.
   *
   * @return the number of fields or elements
   * @throws VariantTypeException if that value is not an object or array
   * @throws VariantFormatException if its tables run past its data
   */
  public int open(ValueCursor parent) {
    if (!parent.isContainer()) {
      return open(parent.view()); // throws with Variant's message
    }
    // Parsed here even when the parent holds a view: a view's cached header is one more object to
    // fetch from memory, which costs more than parsing these few bytes again.
    return open(
        parent.metadata, parent.selected, parent.buf, parent.pos, parent.limit, parent.header);
  }

  /**
   * Opens the container at {@code at} with header byte {@code h}: its header fields go straight
   * into this cursor, with no header object (escape analysis did not remove one per container).
   */
  private int open(VariantMetadata m, Variant view, byte[] b, int at, int end, int h) {
    int n = ContainerHeader.checkedCount(b, at, end, h);
    int ids = at + 1 + ContainerHeader.countSize(h);
    int idWidth = ContainerHeader.idSize(h);
    int offsetWidth = ContainerHeader.offsetSize(h);
    int offsets = ids + n * idWidth;
    int data = ContainerHeader.dataStart(at, h, n);
    boolean isObject = ContainerHeader.isObject(h);
    // first: a failed open leaves the cursor as it was
    this.dataEnd = ContainerHeader.dataEnd(b, end, isObject, n, offsetWidth, offsets, data);
    this.metadata = m;
    this.container = view;
    this.containerPos = at;
    this.containerLimit = end;
    this.containerHeader = h;
    this.object = isObject;
    this.count = n;
    this.idSize = idWidth;
    this.offsetSize = offsetWidth;
    this.idsStart = ids;
    this.offsetsStart = offsets;
    this.dataStart = data;
    this.buf = b;
    return n;
  }

  /** The open container's header again: only for the messages of failed reads. */
  private ContainerHeader reparse() {
    return ContainerHeader.parse(buf, containerPos, containerLimit, containerHeader);
  }

  private void checkIndex(int i) {
    if (containerHeader < 0) {
      throw new IllegalStateException("No object or array is open: call open first");
    }
    if (i < 0 || i >= count) {
      throw new IndexOutOfBoundsException("index " + i + " outside " + count + " elements");
    }
  }

  /** The object or array last opened, as a view (made on first use when it was opened in place). */
  public Variant container() {
    Variant v = container;
    if (v == null) {
      v = new Variant(metadata, buf, containerPos, containerLimit);
      container = v;
    }
    return v;
  }

  /** The dictionary of the values read. */
  public VariantMetadata metadata() {
    return metadata;
  }

  /** The number of fields or elements of the open container. */
  public int count() {
    return count;
  }

  /** True if the open container is an object, false for an array. */
  public boolean isObjectOpen() {
    return object;
  }

  /**
   * Makes child {@code i} of the opened container the current value.
   *
   * @throws IndexOutOfBoundsException if {@code i} is outside the container
   * @throws VariantFormatException if its offset points outside the container's data
   */
  public void select(int i) {
    checkIndex(i);
    long off = offset(i);
    if (dataStart + off >= dataEnd) {
      throw VariantFormatException.at(
          offsetsStart + (long) i * offsetSize,
          "offset %d of element %d is outside the %d bytes of data",
          off,
          i,
          dataEnd - dataStart);
    }
    pos = (int) (dataStart + off);
    limit = dataEnd;
    header = buf[pos] & 0xFF;
    selected = null;
  }

  /** Offset {@code i} of the open container's table (checked to fit when it was opened). */
  private long offset(int i) {
    int at = offsetsStart + i * offsetSize;
    switch (offsetSize) {
      case 1:
        return buf[at] & 0xFF;
      case 2:
        return (short) SHORT_LE.get(buf, at) & 0xFFFF;
      case 4:
        return (int) INT_LE.get(buf, at) & 0xFFFFFFFFL;
      default:
        return LittleEndian.readUnsigned(buf, at, offsetSize) & 0xFFFFFFFFL;
    }
  }

  /**
   * The dictionary id of field {@code i} of the opened object.
   *
   * @throws VariantFormatException if it is outside the metadata dictionary
   */
  public int fieldId(int i) {
    checkIndex(i);
    if (!object) {
      throw new VariantTypeException("Cannot read field ids: the cursor is on an array");
    }
    int at = idsStart + i * idSize;
    int id = idSize == 1 ? buf[at] & 0xFF : LittleEndian.readUnsigned(buf, at, idSize);
    return id >= 0 && id < metadata.size() ? id : reparse().id(buf, i, metadata.size()); // throws
  }

  /**
   * Makes {@code v} itself the current value (for a value met outside a container loop); closes the
   * open container, if any.
   */
  public void at(Variant v) {
    containerHeader = -1;
    container = null;
    metadata = v.metadata();
    buf = v.buf;
    pos = v.pos;
    limit = v.limit;
    header = v.header;
    selected = v;
  }

  /** The current value as a view (made once per selection; {@link Variant#element} makes alike). */
  public Variant view() {
    Variant v = selected;
    if (v == null) {
      v = new Variant(metadata, buf, pos, limit);
      selected = v;
    }
    return v;
  }

  /**
   * The current value's type, as {@link Variant#type()}.
   *
   * @throws VariantFormatException for an unknown primitive type id
   */
  public VariantType type() {
    return ScalarReads.type(header, pos);
  }

  /** The current value's basic type. */
  public BasicType basicType() {
    return BasicType.ofHeader(header);
  }

  /** True for an object or array. */
  public boolean isContainer() {
    return Layout.basicTypeBits(header) >= BasicType.OBJECT.id();
  }

  /** True for the short-string form, whose header is its only byte before the UTF-8 bytes. */
  public boolean isShortString() {
    return Layout.basicTypeBits(header) == BasicType.SHORT_STRING.id();
  }

  /**
   * The current value's encoded size, header included, as {@link Variant#valueSize()}.
   *
   * @throws VariantFormatException if it runs past the data
   */
  public int valueSize() {
    long size;
    switch (Layout.basicTypeBits(header)) {
      case 0:
        {
          int fixed = type().fixedPayloadSize();
          size = fixed >= 0 ? 1 + fixed : lengthPrefixedSize();
          break;
        }
      case 1:
        size = 1 + Layout.valueHeader(header);
        break;
      default:
        size = containerSize();
        break;
    }
    return size <= limit - pos ? (int) size : view().valueSize(); // throws with Variant's message
  }

  /** A long string's or binary's size, or past the limit when malformed. */
  private long lengthPrefixedSize() {
    return pos + 5 <= limit ? 5 + ((int) INT_LE.get(buf, pos + 1) & 0xFFFFFFFFL) : Long.MAX_VALUE;
  }

  /**
   * An object's or array's size from its header and last offset: no view and no header object for a
   * value only copied or measured.
   */
  private long containerSize() {
    return ContainerHeader.dataEnd(buf, pos, limit, header) - pos;
  }

  /**
   * The little-endian payload of a fixed-size primitive of at most 8 bytes, sign-extended: an
   * integer's value, a float's or double's bits, a date's days, a time's or timestamp's count.
   * Decimals have their own reads ({@link #scale()}, {@link #unscaled()}).
   *
   * @throws VariantTypeException for other types
   * @throws VariantFormatException if the payload runs past the data
   */
  public long fixedPayload() {
    return ScalarReads.fixedPayload(buf, pos, limit, header);
  }

  /**
   * The scale of a decimal4 or decimal8.
   *
   * @throws VariantTypeException for other types
   * @throws VariantFormatException for a scale above 38
   */
  public int scale() {
    return ScalarReads.scale(buf, pos, limit, header);
  }

  /**
   * The unscaled value of a decimal4 or decimal8.
   *
   * @throws VariantTypeException for other types
   */
  public long unscaled() {
    return ScalarReads.unscaled(buf, pos, limit, header);
  }

  /**
   * Copies the current value's encoded bytes (header included) into {@code dest} at {@code
   * destOffset}; returns the count.
   */
  public int copyValueTo(byte[] dest, int destOffset) {
    int n = valueSize();
    System.arraycopy(buf, pos, dest, destOffset, n);
    return n;
  }
}
