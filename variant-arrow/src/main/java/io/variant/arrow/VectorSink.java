// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import io.variant.core.Variant;
import io.variant.core.VariantMetadata;
import io.variant.shredding.ShreddedSink;
import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.Deque;
import org.apache.arrow.vector.complex.StructVector;

/**
 * Writes what {@link io.variant.shredding.Splitter} emits into the vectors of a shredded column, in
 * the order the sink protocol guarantees; rows must be written in increasing order ({@link
 * #startRow}), as list offsets grow only forward.
 */
final class VectorSink implements ShreddedSink {
  /** A slot being written, at its position in its vectors. */
  private static final class Cursor {
    final SlotVectors slot;
    final int index;
    int start; // for an array slot: the data position of its first element
    int nextElement; // and of the next one

    Cursor(SlotVectors slot, int index) {
      this.slot = slot;
      this.index = index;
    }
  }

  private final SlotVectors root;
  private final Deque<Cursor> open = new ArrayDeque<>();

  VectorSink(SlotVectors root) {
    this.root = root;
  }

  /** Starts row {@code row}: the calls that follow write its top-level slot. */
  void startRow(int row) {
    open.clear();
    open.push(new Cursor(root, row));
  }

  private Cursor current() {
    return open.peek();
  }

  @Override
  public void residual(Variant v) {
    byte[] bytes = v.valueBytes();
    residual(v.metadata(), bytes, 0, bytes.length);
  }

  @Override
  public void residual(VariantMetadata metadata, byte[] value, int offset, int length) {
    Cursor c = current();
    c.slot.value.setSafe(c.index, value, offset, length);
  }

  @Override
  public void typedBoolean(boolean value) {
    current().slot.scalar.writeBoolean(current().index, value);
  }

  @Override
  public void typedLong(long value) {
    current().slot.scalar.writeLong(current().index, value);
  }

  @Override
  public void typedFloat(float value) {
    current().slot.scalar.writeFloat(current().index, value);
  }

  @Override
  public void typedDouble(double value) {
    current().slot.scalar.writeDouble(current().index, value);
  }

  @Override
  public void typedDecimal(BigDecimal value) {
    current().slot.scalar.writeDecimal(current().index, value);
  }

  @Override
  public void typedDecimal(long unscaled, int scale) {
    current().slot.scalar.writeDecimal(current().index, unscaled);
  }

  @Override
  public void typedBytes(byte[] buffer, int offset, int length) {
    current().slot.scalar.writeBytes(current().index, buffer, offset, length);
  }

  @Override
  public void startObject() {
    Cursor c = current();
    ((StructVector) c.slot.typed).setIndexDefined(c.index);
  }

  @Override
  public void startField(int index, String name) {
    Cursor c = current();
    SlotVectors field = c.slot.fields[index];
    field.group.setIndexDefined(c.index);
    open.push(new Cursor(field, c.index));
  }

  @Override
  public void endField() {
    open.pop();
  }

  /** spec: VariantShredding §Objects: the group is non-null, both its parts null. */
  @Override
  public void missingField(int index, String name) {
    Cursor c = current();
    c.slot.fields[index].group.setIndexDefined(c.index);
  }

  @Override
  public void endObject() {}

  @Override
  public void startArray(int size) {
    Cursor c = current();
    c.start = c.slot.list().startNewValue(c.index);
    c.nextElement = c.start;
  }

  @Override
  public void startElement() {
    Cursor c = current();
    int position = c.nextElement++;
    c.slot.element.group.setIndexDefined(position);
    open.push(new Cursor(c.slot.element, position));
  }

  @Override
  public void endElement() {
    open.pop();
  }

  @Override
  public void endArray() {
    Cursor c = current();
    c.slot.list().endValue(c.index, c.nextElement - c.start);
  }
}
