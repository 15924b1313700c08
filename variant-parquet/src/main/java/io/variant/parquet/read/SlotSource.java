// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.core.CheckedUtf8;
import io.variant.core.Variant;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.schema.ShreddedSchemaNode;
import io.variant.shredding.ShreddedSource;
import io.variant.shredding.ShreddingPlan;
import java.math.BigDecimal;
import java.nio.ByteBuffer;

/**
 * One slot's values for the current row, filled by the converters as Parquet delivers them and read
 * by the {@code Rebuilder}. Reused from row to row: {@link #reset()} clears it when its group
 * starts. Array slots keep a pool of element sources that grows to the longest list seen, or, when
 * the element is a leaf, one {@link ScalarElements} that keeps every element in arrays.
 *
 * <p>Invariant: a typed accessor is only called when {@link #hasTyped()} is true, and then the
 * converter of this slot's column type has set the matching field.
 */
// Just over 400 lines: the slot's setters, accessors and presence stamps belong together.
class SlotSource implements ShreddedSource {
  final ShreddedSchemaNode node;
  private final VariantColumnReader row;

  private long startedIn = -1; // the row (VariantColumnReader#row) in which the group last started
  private byte[] residualBytes;
  private Variant residual;
  private boolean typed;
  // The typed scalar as raw bits: a long, a float's or double's bits, a boolean as 0 or 1, or a
  // decimal's low word. One field, not one per type: a list of scalars has a source per element,
  // and smaller sources are fewer cache lines per element.
  private long bits;
  private BigDecimal decimalValue; // made from the unscaled value when asked for
  private boolean unscaled; // the decimal is unscaledHigh:bits
  private long unscaledHigh;
  private byte[] bytesValue;
  private CheckedUtf8 checkedString; // bytesValue checked as UTF-8, when a dictionary entry
  private VariantParquetException typedError;

  // Field i is present in this row iff fields[i].startedIn == startedIn: an object's fields start
  // only after it does in the same row, and stamps grow from row to row, so a field stamped in an
  // earlier row reads as absent without any clearing when the object starts.
  private final SlotSource[] fields;
  private SlotSource[] elements; // grows to the longest list seen
  private final ScalarElements leafElements; // instead of elements when the element is a leaf
  private int elementCount;

  private static final SlotSource[] NO_FIELDS = {};

  SlotSource(ShreddedSchemaNode node, VariantColumnReader row) {
    this.node = node;
    this.row = row;
    int n = node.fields().size();
    // Lists of scalars make one source per element: leaves share the empty arrays.
    this.fields = n == 0 ? NO_FIELDS : new SlotSource[n];
    for (int i = 0; i < n; i++) {
      fields[i] = new SlotSource(node.fields().get(i), row);
    }
    boolean array = node.shape() == ShreddingPlan.Shape.ARRAY;
    boolean leaf =
        array
            && (node.element().shape() == ShreddingPlan.Shape.SCALAR
                || node.element().shape() == ShreddingPlan.Shape.RESIDUAL);
    this.elements = array && !leaf ? new SlotSource[4] : null;
    this.leafElements = leaf ? new ScalarElements(node.element(), row) : null;
  }

  /**
   * A source of {@code node}'s own residual or typed scalar only, without sources for its fields or
   * elements: where a leaf outside lists keeps its current value ({@link LeafColumn#pull}).
   */
  static SlotSource alone(ShreddedSchemaNode node, VariantColumnReader row) {
    return new SlotSource(node, row, NO_FIELDS);
  }

  private SlotSource(ShreddedSchemaNode node, VariantColumnReader row, SlotSource[] none) {
    this.node = node;
    this.row = row;
    this.fields = none;
    this.leafElements = null;
  }

  /**
   * Clears the slot: residual and typed part null. Nested sources are cleared when their groups
   * start.
   */
  void reset() {
    startedIn = row.row();
    residualBytes = null;
    residual = null;
    typed = false;
    typedError = null;
  }

  /**
   * True if this slot's group started in row {@code currentRow}, the current {@link
   * VariantColumnReader#row()} ({@link #reset()} ran since the row began), so its state and its
   * ancestors' belong to this row: the level reader then need not walk down to it again.
   */
  boolean startedIn(long currentRow) {
    return startedIn == currentRow;
  }

  /** Field {@code i}'s source, whether or not its group is present in this row. */
  SlotSource fieldSlot(int i) {
    return fields[i];
  }

  void setResidual(byte[] bytes) {
    residualBytes = bytes;
    residual = null;
  }

  /** True if the residual column is non-null in this row (cheaper than {@link #residual()}). */
  boolean hasResidual() {
    return residualBytes != null;
  }

  void setLong(long v) {
    bits = v;
    typed = true;
  }

  void setFloat(float v) {
    bits = Float.floatToRawIntBits(v);
    typed = true;
  }

  void setDouble(double v) {
    bits = Double.doubleToRawLongBits(v);
    typed = true;
  }

  void setBoolean(boolean v) {
    bits = v ? 1 : 0;
    typed = true;
  }

  void setDecimal(BigDecimal v) {
    decimalValue = v;
    unscaled = false;
    typed = true;
  }

  /** A decimal of the slot's scale, its unscaled value in 128-bit two's complement. */
  void setDecimal(long high, long low) {
    unscaledHigh = high;
    bits = low;
    unscaled = true;
    decimalValue = null;
    typed = true;
  }

  void setBytes(byte[] v) {
    bytesValue = v;
    checkedString = null;
    typed = true;
  }

  /** A string's bytes, and the same bytes checked as UTF-8 or {@code null} if not checked. */
  void setString(byte[] v, CheckedUtf8 checked) {
    bytesValue = v;
    checkedString = checked;
    typed = true;
  }

  /**
   * The typed value is present but unreadable; the rebuild reports {@code e}. A converter must not
   * throw mid-record: parquet-java's column reader would stay on the bad value and fail every later
   * row there.
   */
  void setTypedError(VariantParquetException e) {
    typedError = e;
    typed = true;
    reportTypedError(e);
  }

  /** Tells the row that a typed value of it is unreadable. */
  final void reportTypedError(VariantParquetException e) {
    row.setTypedError(e);
  }

  /**
   * The object's typed group is non-null: every field starts out null (absent) until its group
   * starts. Invariant: called at most once per row, after this slot's {@link #reset()} in the same
   * row (its fields' stamps say whether they started since).
   */
  void startObject() {
    typed = true;
  }

  /**
   * Field {@code i}'s group started: it is present (possibly with both parts null, i.e. missing).
   */
  SlotSource startField(int i) {
    SlotSource f = fields[i];
    f.reset(); // stamps it with this row: present
    return f;
  }

  /** True if field {@code i}'s group started since this object did (in this row). */
  private boolean fieldPresent(int i) {
    return fields[i].startedIn == startedIn;
  }

  /**
   * Field {@code i}'s source, started (cleared, present) if no leaf of this row has reached it yet:
   * the level reader's {@link #startField}.
   */
  SlotSource fieldOrStart(int i) {
    return fieldPresent(i) ? fields[i] : startField(i);
  }

  /** The list's typed group is non-null: it starts empty. */
  void startList() {
    typed = true;
    elementCount = 0;
  }

  /** Appends an element (cleared) and returns it. */
  SlotSource addElement() {
    if (leafElements != null) {
      leafElements.ensure(elementCount + 1);
      leafElements.at(elementCount++).reset();
      return leafElements;
    }
    if (elementCount == elements.length) {
      elements = java.util.Arrays.copyOf(elements, elements.length * 2);
    }
    SlotSource e = elements[elementCount];
    if (e == null) {
      e = new SlotSource(node.element(), row);
      elements[elementCount] = e;
    }
    elementCount++;
    e.reset();
    return e;
  }

  /**
   * Element {@code i} of the list, appended (cleared) if it is the next one: the level reader's
   * {@link #addElement}, for leaves that each enumerate the elements of the same list.
   *
   * @throws org.apache.parquet.io.ParquetDecodingException if {@code i} skips elements (levels that
   *     do not describe one list)
   */
  SlotSource elementAt(int i) {
    if (i >= 0 && i < elementCount) {
      return leafElements != null ? leafElements.at(i) : elements[i];
    }
    if (i == elementCount) {
      return addElement();
    }
    throw skipped(i);
  }

  /** True if this is a list whose elements are leaves, kept in one {@link ScalarElements}. */
  boolean hasLeafElements() {
    return leafElements != null;
  }

  /**
   * Elements {@code from} to {@code from + n - 1} of a list of leaf elements ({@link
   * #hasLeafElements()}), those not there yet appended (cleared): what {@code n} calls of {@link
   * #elementAt} do, for a leaf that reads a run of elements at once. Returns the elements' cursor.
   *
   * @throws org.apache.parquet.io.ParquetDecodingException as {@link #elementAt} if {@code from}
   *     skips elements
   */
  ScalarElements leafElements(int from, int n) {
    if (from < 0 || from > elementCount) {
      throw skipped(from);
    }
    int to = from + n;
    if (to > elementCount) {
      leafElements.ensure(to);
      leafElements.clear(elementCount, to);
      elementCount = to;
    }
    return leafElements;
  }

  private org.apache.parquet.io.ParquetDecodingException skipped(int i) {
    return new org.apache.parquet.io.ParquetDecodingException(
        "Cannot read list "
            + node.path()
            + ": the levels of its columns give element "
            + i
            + " of a list of "
            + elementCount);
  }

  @Override
  public Variant residual() {
    if (residualBytes == null) {
      return null;
    }
    if (residual == null) {
      residual = residualOf(residualBytes);
    }
    return residual;
  }

  /** A residual column value of this slot as a Variant. */
  final Variant residualOf(byte[] bytes) {
    // spec layout: every residual indexes the row's metadata; draft: each carries its own
    // (metadata ‖ value)
    return node.layout().hasMetadataColumn()
        ? Variant.of(row.metadata(), bytes, 0, bytes.length)
        : Variant.ofConcatenated(bytes, 0, bytes.length);
  }

  @Override
  public boolean hasTyped() {
    return typed;
  }

  @Override
  public boolean typedBoolean() {
    return bits != 0;
  }

  @Override
  public long typedLong() {
    return bits;
  }

  @Override
  public float typedFloat() {
    return Float.intBitsToFloat((int) bits);
  }

  @Override
  public double typedDouble() {
    return Double.longBitsToDouble(bits);
  }

  @Override
  public BigDecimal typedDecimal() {
    if (typedError != null) {
      throw typedError;
    }
    if (unscaled && decimalValue == null) {
      decimalValue = unscaled(unscaledHigh, bits);
    }
    return decimalValue;
  }

  /** The decimal of the slot's scale whose unscaled value is {@code high:low}. */
  final BigDecimal unscaled(long high, long low) {
    int scale = node.shreddedType().scale();
    return high == (low >> 63)
        ? BigDecimal.valueOf(low, scale)
        : new BigDecimal(
            new java.math.BigInteger(
                java.nio.ByteBuffer.allocate(16).putLong(high).putLong(low).array()),
            scale);
  }

  @Override
  public boolean hasUnscaledDecimal() {
    return unscaled && typedError == null;
  }

  @Override
  public long typedUnscaledHigh() {
    return unscaledHigh;
  }

  @Override
  public long typedUnscaledLow() {
    return bits;
  }

  @Override
  public ByteBuffer typedBytes() {
    return ByteBuffer.wrap(
        bytesValue); // writable so that hasArray() lets the rebuilder read it without a copy
  }

  @Override
  public byte[] typedByteArray() {
    return bytesValue; // the converters hand over arrays that hold exactly the value
  }

  @Override
  public CheckedUtf8 typedCheckedString() {
    return checkedString;
  }

  @Override
  public ShreddedSource field(int index) {
    return fieldSource(index);
  }

  /** Field {@code index} as this package's type, or {@code null} if its group is null. */
  SlotSource fieldSource(int index) {
    return fieldPresent(index) ? fields[index] : NullFieldGroups.absent(fields[index].node, row);
  }

  @Override
  public int elementCount() {
    return elementCount;
  }

  @Override
  public ShreddedSource element(int i) {
    return elementSource(i);
  }

  SlotSource elementSource(int i) {
    if (i < 0 || i >= elementCount) {
      throw new IndexOutOfBoundsException("element " + i + " outside a list of " + elementCount);
    }
    return leafElements != null ? leafElements.at(i) : elements[i];
  }
}
