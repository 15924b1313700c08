// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import io.variant.core.Variant;
import io.variant.core.VariantMetadata;
import io.variant.parquet.write.SlotColumns.Slot;
import io.variant.shredding.ShreddedSink;
import java.math.BigDecimal;
import java.util.Arrays;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;

/**
 * The {@link ShreddedSink} that turns one Variant's split straight into Parquet {@link
 * RecordConsumer} calls, for either layout, without building a per-row tree. It keeps a stack of
 * the {@link Slot}s it is inside; every sink call writes to the slot on top.
 *
 * <ul>
 *   <li>Spec layout (VariantShredding §Objects, §Arrays): object field groups are {@code required},
 *       so a missing field is written as an empty group (both children null); list elements are
 *       {@code required}.
 *   <li>Draft layout (seed 002): residuals are {@code metadata ‖ value}; field groups are optional,
 *       so a missing field is not written at all.
 * </ul>
 *
 * <p><b>Thread safety:</b> none; one per writer.
 */
final class RecordConsumerSink implements ShreddedSink {
  private final boolean draft;
  private RecordConsumer rc;
  private RowMetadata rows; // re-bases residuals where the metadata policy asks; null: as they are
  private Slot[] stack = new Slot[16];
  private boolean[] listOpen =
      new boolean[16]; // per depth: an array slot has started its repeated field
  private int[] fieldOfParent = new int[16]; // per depth: the plan field index of a field slot
  private int depth;
  private final byte[] decimal = new byte[16]; // a 128-bit decimal's bytes, reused

  RecordConsumerSink(boolean draft) {
    this.draft = draft;
  }

  /**
   * Starts one row's top-level slot; the caller has opened the VARIANT group (and written
   * metadata).
   */
  void begin(RecordConsumer consumer, Slot root, RowMetadata rows) {
    this.rc = consumer;
    this.rows = rows;
    this.depth = 0;
    push(root, -1);
  }

  /** Ends the row; throws if the split left a slot open (a Splitter bug, never bad data). */
  void end() {
    if (depth != 1) {
      throw new IllegalStateException(
          "Cannot finish the Variant column: " + (depth - 1) + " slot(s) still open");
    }
    depth = 0;
    rc = null;
  }

  private void push(Slot s, int fieldIndex) {
    if (depth == stack.length) {
      stack = Arrays.copyOf(stack, depth * 2);
      listOpen = Arrays.copyOf(listOpen, depth * 2);
      fieldOfParent = Arrays.copyOf(fieldOfParent, depth * 2);
    }
    listOpen[depth] = false;
    fieldOfParent[depth] = fieldIndex;
    stack[depth++] = s;
  }

  private Slot top() {
    return stack[depth - 1];
  }

  @Override
  public void residual(Variant residual) {
    Variant v = rows == null ? residual : rows.residual(residual);
    Slot s = top();
    rc.startField(s.residualName, s.residualIndex);
    rc.addBinary(draft ? TypedValues.concatenated(v) : TypedValues.valueBinary(v));
    rc.endField(s.residualName, s.residualIndex);
  }

  /**
   * Hands the bytes on as a reused Binary (which the consumer copies where it keeps one), unless
   * the row's residuals are re-based (then as {@link #residual(Variant)}).
   */
  @Override
  public void residual(VariantMetadata metadata, byte[] value, int offset, int length) {
    if (draft || (rows != null && rows.rebasesResiduals())) {
      residual(Variant.of(metadata, value, offset, length));
      return;
    }
    Slot s = top();
    rc.startField(s.residualName, s.residualIndex);
    rc.addBinary(Binary.fromReusedByteArray(value, offset, length));
    rc.endField(s.residualName, s.residualIndex);
  }

  @Override
  public void typedBoolean(boolean value) {
    Slot s = startTyped(SlotColumns.TypedColumn.BOOLEAN);
    rc.addBoolean(value);
    endTyped(s);
  }

  @Override
  public void typedLong(long value) {
    Slot s = top();
    if (s.typedColumn == SlotColumns.TypedColumn.INT32) {
      startTyped(SlotColumns.TypedColumn.INT32);
      rc.addInteger(
          Math.toIntExact(value)); // the Splitter only sends values that fit the slot's type
    } else {
      startTyped(SlotColumns.TypedColumn.INT64);
      rc.addLong(value);
    }
    endTyped(s);
  }

  @Override
  public void typedFloat(float value) {
    Slot s = startTyped(SlotColumns.TypedColumn.FLOAT);
    rc.addFloat(value);
    endTyped(s);
  }

  @Override
  public void typedDouble(double value) {
    Slot s = startTyped(SlotColumns.TypedColumn.DOUBLE);
    rc.addDouble(value);
    endTyped(s);
  }

  @Override
  public void typedDecimal(BigDecimal value) {
    Slot s = top();
    SlotColumns.TypedColumn column = s.typedColumn;
    switch (column) {
      case DECIMAL_INT32 -> {
        startTyped(column);
        rc.addInteger(value.unscaledValue().intValueExact());
      }
      case DECIMAL_INT64 -> {
        startTyped(column);
        rc.addLong(value.unscaledValue().longValueExact());
      }
      case DECIMAL_BINARY, DECIMAL_FIXED -> {
        startTyped(column);
        rc.addBinary(TypedValues.decimalBinary(s, value));
      }
      default -> throw TypedValues.wrongCall(s, "a decimal");
    }
    endTyped(s);
  }

  /** INT32 and INT64 decimals take the unscaled value as it is, with no BigDecimal made. */
  @Override
  public void typedDecimal(long unscaled, int scale) {
    Slot s = top();
    switch (s.typedColumn) {
      case DECIMAL_INT32 -> {
        startTyped(s.typedColumn);
        rc.addInteger(Math.toIntExact(unscaled)); // within the slot's precision: at most 9 digits
      }
      case DECIMAL_INT64 -> {
        startTyped(s.typedColumn);
        rc.addLong(unscaled);
      }
      default -> {
        typedDecimal(BigDecimal.valueOf(unscaled, scale));
        return;
      }
    }
    endTyped(s);
  }

  /** Decimals of 19 to 38 digits go into their bytes in a reused buffer, with no BigDecimal. */
  @Override
  public void typedDecimal(long high, long low, int scale) {
    Slot s = top();
    if (!TypedValues.takes128(s)) {
      ShreddedSink.super.typedDecimal(high, low, scale); // other widths: through a BigDecimal
      return;
    }
    startTyped(s.typedColumn);
    rc.addBinary(TypedValues.decimalBinary(s, high, low, decimal));
    endTyped(s);
  }

  @Override
  public void typedBytes(byte[] buffer, int offset, int length) {
    Slot s = startTyped(SlotColumns.TypedColumn.BYTES);
    rc.addBinary(TypedValues.bytesBinary(s, buffer, offset, length));
    endTyped(s);
  }

  private Slot startTyped(SlotColumns.TypedColumn expected) {
    Slot s = top();
    if (s.typedColumn != expected) {
      throw TypedValues.wrongCall(s, expected.name());
    }
    rc.startField(s.typedName, s.typedIndex);
    return s;
  }

  private void endTyped(Slot s) {
    rc.endField(s.typedName, s.typedIndex);
  }

  @Override
  public void startObject() {
    Slot s = top();
    if (s.fields == null) {
      throw TypedValues.wrongCall(s, "an object");
    }
    rc.startField(s.typedName, s.typedIndex);
    rc.startGroup();
  }

  @Override
  public void startField(int index, String name) {
    Slot s = top();
    rc.startField(s.fieldNames[index], s.fieldIndexes[index]);
    rc.startGroup();
    push(s.fields[index], index);
  }

  @Override
  public void endField() {
    depth--;
    Slot parent = top();
    int i = fieldOfParent[depth];
    rc.endGroup();
    rc.endField(parent.fieldNames[i], parent.fieldIndexes[i]);
  }

  @Override
  public void missingField(int index, String name) {
    if (draft) {
      return; // optional field group: not writing it is what makes it null (missing)
    }
    // spec: VariantShredding §Objects: field groups are required; a missing field has both children
    // null
    Slot s = top();
    rc.startField(s.fieldNames[index], s.fieldIndexes[index]);
    rc.startGroup();
    rc.endGroup();
    rc.endField(s.fieldNames[index], s.fieldIndexes[index]);
  }

  @Override
  public void endObject() {
    Slot s = top();
    rc.endGroup();
    rc.endField(s.typedName, s.typedIndex);
  }

  @Override
  public void startArray(int size) {
    Slot s = top();
    if (s.element == null) {
      throw TypedValues.wrongCall(s, "an array");
    }
    rc.startField(s.typedName, s.typedIndex);
    rc.startGroup();
    if (size > 0) {
      // An empty list is a LIST group with no repeated field: Parquet rejects a started but empty
      // field.
      rc.startField(s.listName, s.listIndex);
      listOpen[depth - 1] = true;
    }
  }

  @Override
  public void startElement() {
    Slot s = top();
    rc.startGroup();
    rc.startField(s.elementName, s.elementIndex);
    rc.startGroup();
    push(s.element, -1);
  }

  @Override
  public void endElement() {
    depth--;
    Slot s = top();
    rc.endGroup();
    rc.endField(s.elementName, s.elementIndex);
    rc.endGroup();
  }

  @Override
  public void endArray() {
    Slot s = top();
    if (listOpen[depth - 1]) {
      rc.endField(s.listName, s.listIndex);
      listOpen[depth - 1] = false;
    }
    rc.endGroup();
    rc.endField(s.typedName, s.typedIndex);
  }
}
