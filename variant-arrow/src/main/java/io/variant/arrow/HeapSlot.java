// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import io.variant.core.Variant;
import io.variant.core.VariantMetadata;
import io.variant.shredding.ShreddedSource;
import io.variant.shredding.ShreddedType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;

/**
 * One slot of a Variant column as {@link io.variant.shredding.Rebuilder} reads it, over the slot's
 * buffers copied to the heap for one batch ({@link HeapBuffers}): what {@link VectorSource} reads
 * through Arrow's accessors, without a checked access per buffer and value, a new array per string
 * or residual, or a new source per field and element.
 *
 * <p>Each slot of the tree is <b>one cursor</b>, moved to the position asked for: {@link #field}
 * and {@link #element} return the nested slot's cursor, moved. The rebuilder reads a slot's source
 * before asking for the next field or element of the same parent and never keeps it past that, so
 * one cursor per slot of the plan is never needed at two positions at once.
 */
final class HeapSlot implements ShreddedSource {
  private final HeapBuffers group; // the struct holding value and typed_value
  private final HeapBuffers value; // or null: no residual here
  private final HeapBuffers typed; // or null: a residual plan
  private final ShreddedType type; // a scalar plan's type, else null
  private final HeapSlot[] fields;
  private final HeapSlot element;
  private int index;
  private VariantMetadata metadata; // the row's: residuals are over it

  private HeapSlot(
      HeapBuffers group,
      HeapBuffers value,
      HeapBuffers typed,
      ShreddedType type,
      HeapSlot[] fields,
      HeapSlot element) {
    this.group = group;
    this.value = value;
    this.typed = typed;
    this.type = type;
    this.fields = fields;
    this.element = element;
  }

  /**
   * The heap copy of the first {@code n} positions of {@code slot}'s vectors, with its nested
   * slots', or {@code null} if a buffer is shorter than they need ({@link HeapBuffers#of}).
   */
  static HeapSlot of(SlotVectors slot, int n) {
    HeapBuffers group = HeapBuffers.of(slot.group, n, 0);
    HeapBuffers value = slot.value == null ? null : HeapBuffers.of(slot.value, n, 0);
    ShreddedType type = slot.scalar == null ? null : slot.plan.asScalar().type();
    HeapBuffers typed =
        slot.typed == null ? null : HeapBuffers.of(slot.typed, n, type == null ? 0 : width(type));
    if (group == null
        || (slot.value != null && value == null)
        || (slot.typed != null && typed == null)) {
      return null;
    }
    HeapSlot[] fields = new HeapSlot[slot.fields.length];
    for (int i = 0; i < fields.length; i++) {
      fields[i] = of(slot.fields[i], n);
      if (fields[i] == null) {
        return null;
      }
    }
    HeapSlot element = null;
    if (slot.element != null) {
      element = of(slot.element, typed.offsets[n]);
      if (element == null) {
        return null;
      }
    }
    return new HeapSlot(group, value, typed, type, fields, element);
  }

  /**
   * Bytes a value of {@code type} takes in its fixed-width vector; 0 for bits and variable width.
   */
  private static int width(ShreddedType type) {
    return switch (type.kind()) {
      case BOOLEAN, BINARY, STRING -> 0;
      case INT8 -> 1;
      case INT16 -> 2;
      case INT32, DATE, FLOAT -> 4;
      case INT64, DOUBLE, TIME, TIMESTAMP, TIMESTAMP_NTZ, TIMESTAMP_NANOS, TIMESTAMP_NTZ_NANOS -> 8;
      case DECIMAL, UUID -> 16;
    };
  }

  /** Moves this top-level slot to row {@code row}, whose dictionary is {@code rowMetadata}. */
  HeapSlot at(int row, VariantMetadata rowMetadata) {
    index = row;
    metadata = rowMetadata;
    return this;
  }

  /** True if the top-level storage (or this slot's group) is non-null at {@code row}. */
  boolean isSet(int row) {
    return group.isSet(row);
  }

  /** True if this slot has a residual ({@code value}) at its position. */
  boolean hasResidual() {
    return value != null && value.isSet(index);
  }

  @Override
  public Variant residual() {
    if (!hasResidual()) {
      return null;
    }
    return Variant.of(metadata, value.data, value.start(index), value.length(index));
  }

  @Override
  public boolean hasTyped() {
    return typed != null && typed.isSet(index);
  }

  @Override
  public boolean typedBoolean() {
    return typed.bit(index);
  }

  @Override
  public long typedLong() {
    return switch (type.kind()) {
      case INT8 -> typed.int8(index);
      case INT16 -> typed.int16(index);
      case INT32, DATE -> typed.int32(index);
      default -> typed.int64(index); // INT64, TIME and the timestamps: 8 bytes
    };
  }

  @Override
  public float typedFloat() {
    return Float.intBitsToFloat(typed.int32(index));
  }

  @Override
  public double typedDouble() {
    return Double.longBitsToDouble(typed.int64(index));
  }

  /** spec: Arrow columnar format: a 128-bit decimal is its unscaled value, little-endian. */
  @Override
  public BigDecimal typedDecimal() {
    byte[] bigEndian = new byte[16];
    long high = typed.high(index);
    long low = typed.low(index);
    for (int b = 0; b < 8; b++) {
      bigEndian[b] = (byte) (high >>> (56 - 8 * b));
      bigEndian[8 + b] = (byte) (low >>> (56 - 8 * b));
    }
    return new BigDecimal(new BigInteger(bigEndian), type.scale());
  }

  @Override
  public boolean hasUnscaledDecimal() {
    return type != null && type.kind() == ShreddedType.Kind.DECIMAL;
  }

  @Override
  public long typedUnscaledHigh() {
    return typed.high(index);
  }

  @Override
  public long typedUnscaledLow() {
    return typed.low(index);
  }

  /** A view of the copy: strings and binaries at their offsets, a UUID's 16 bytes at its slot. */
  @Override
  public ByteBuffer typedBytes() {
    if (typed.offsets == null) {
      return ByteBuffer.wrap(typed.data, 16 * index, 16);
    }
    return ByteBuffer.wrap(typed.data, typed.start(index), typed.length(index));
  }

  @Override
  public ShreddedSource field(int i) {
    HeapSlot f = fields[i];
    if (!f.group.isSet(index)) {
      return null;
    }
    f.index = index;
    f.metadata = metadata;
    return f;
  }

  @Override
  public int elementCount() {
    return typed.length(index);
  }

  @Override
  public ShreddedSource element(int i) {
    element.index = typed.start(index) + i;
    element.metadata = metadata;
    return element;
  }
}
