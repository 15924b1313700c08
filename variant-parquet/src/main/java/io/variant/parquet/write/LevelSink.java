// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import io.variant.core.Variant;
import io.variant.core.VariantMetadata;
import io.variant.shredding.ShreddedSink;
import java.math.BigDecimal;
import java.util.Arrays;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.io.api.Binary;

/**
 * The {@link ShreddedSink} that writes one Variant's split straight into Parquet leaf {@link
 * ColumnWriter}s with the repetition and definition levels its {@link LevelSlot} tree gives: the
 * level-writing half of {@link RecordConsumerSink}, without parquet-java's record assembly.
 *
 * <p>Every leaf under a slot gets exactly one entry per slot instance: its value, or a null at the
 * level of the deepest group that exists. Slots remember which of their parts were written and fill
 * in the others' nulls when they end. Repetition: inside an array, the first element's entries take
 * the level the array's own slot was entered with, the following ones the list's repetition level;
 * a row starts at 0.
 *
 * <p><b>Thread safety:</b> none; one per column writer.
 */
final class LevelSink implements ShreddedSink {
  private final boolean draft;
  private ColumnWriter[] leaves;
  private RowMetadata rows;
  private LevelSlot[] slots = new LevelSlot[16];
  private int[] repetition = new int[16]; // per depth: the level of this slot instance's entries
  private boolean[] residualDone = new boolean[16];
  private boolean[] typedDone = new boolean[16];
  private int[] elements = new int[16]; // per depth: elements started in an array slot
  private int depth;
  private byte[] scratch = new byte[256];
  private final byte[] decimal = new byte[16]; // a 128-bit decimal's bytes, reused

  LevelSink(boolean draft) {
    this.draft = draft;
  }

  /**
   * Starts one row's top-level slot; the caller has written the metadata leaf. {@code rows}
   * re-bases residuals where the metadata policy asks ({@code null}: residuals as they are).
   */
  void begin(ColumnWriter[] leaves, LevelSlot root, RowMetadata rows) {
    this.leaves = leaves;
    this.rows = rows;
    this.depth = 0;
    push(root, 0);
  }

  /** Ends the row; throws if the split left a slot open (a Splitter bug, never bad data). */
  void end() {
    if (depth != 1) {
      throw new IllegalStateException(
          "Cannot finish the Variant column: " + (depth - 1) + " slot(s) still open");
    }
    finish();
    depth = 0;
    leaves = null;
  }

  private void push(LevelSlot s, int r) {
    if (depth == slots.length) {
      int n = depth * 2;
      slots = Arrays.copyOf(slots, n);
      repetition = Arrays.copyOf(repetition, n);
      residualDone = Arrays.copyOf(residualDone, n);
      typedDone = Arrays.copyOf(typedDone, n);
      elements = Arrays.copyOf(elements, n);
    }
    slots[depth] = s;
    repetition[depth] = r;
    residualDone[depth] = false;
    typedDone[depth] = false;
    elements[depth] = 0;
    depth++;
  }

  /** Pops the top slot, writing nulls for its parts the split left out. */
  private void finish() {
    int d = depth - 1;
    LevelSlot s = slots[d];
    int r = repetition[d];
    if (!residualDone[d]) {
      leaves[s.residualLeaf].writeNull(r, s.defined);
    }
    if (!typedDone[d]) {
      writeNulls(s.typedLeaves, r, s.defined);
    }
    depth = d;
  }

  private void writeNulls(int[] columns, int r, int d) {
    for (int c : columns) {
      leaves[c].writeNull(r, d);
    }
  }

  /** The top slot's typed leaf, after checking it has the column kind the call writes. */
  private ColumnWriter typed(SlotColumns.TypedColumn expected) {
    int d = depth - 1;
    LevelSlot s = slots[d];
    if (s.slot.typedColumn != expected) {
      throw TypedValues.wrongCall(s.slot, expected.name());
    }
    typedDone[d] = true;
    return leaves[s.typedLeaf];
  }

  private int r() {
    return repetition[depth - 1];
  }

  private int typedLevel() {
    return slots[depth - 1].typedDefined;
  }

  @Override
  public void residual(Variant residual) {
    Variant v = rows == null ? residual : rows.residual(residual);
    int d = depth - 1;
    LevelSlot s = slots[d];
    residualDone[d] = true;
    leaves[s.residualLeaf].write(
        draft ? TypedValues.concatenated(v) : reused(v), repetition[d], s.residualDefined);
  }

  /**
   * Writes the bytes as they are, as a reused Binary, unless the row's residuals are re-based (then
   * as {@link #residual(Variant)}).
   */
  @Override
  public void residual(VariantMetadata metadata, byte[] value, int offset, int length) {
    if (draft || (rows != null && rows.rebasesResiduals())) {
      residual(Variant.of(metadata, value, offset, length));
      return;
    }
    int d = depth - 1;
    LevelSlot s = slots[d];
    residualDone[d] = true;
    leaves[s.residualLeaf].write(
        Binary.fromReusedByteArray(value, offset, length), repetition[d], s.residualDefined);
  }

  /**
   * {@code v}'s value bytes in a buffer reused from row to row: a reused Binary, which parquet-java
   * copies only where it keeps one (a new dictionary entry, a new min or max), so a residual costs
   * no allocation.
   */
  private Binary reused(Variant v) {
    int n = v.valueSize();
    if (scratch.length < n) {
      scratch = new byte[Math.max(n, scratch.length * 2)];
    }
    v.copyValueTo(scratch, 0);
    return Binary.fromReusedByteArray(scratch, 0, n);
  }

  @Override
  public void typedBoolean(boolean value) {
    typed(SlotColumns.TypedColumn.BOOLEAN).write(value, r(), typedLevel());
  }

  @Override
  public void typedLong(long value) {
    LevelSlot s = slots[depth - 1];
    if (s.slot.typedColumn == SlotColumns.TypedColumn.INT32) {
      // the Splitter only sends values that fit the slot's type
      typed(SlotColumns.TypedColumn.INT32).write(Math.toIntExact(value), r(), s.typedDefined);
    } else {
      typed(SlotColumns.TypedColumn.INT64).write(value, r(), s.typedDefined);
    }
  }

  @Override
  public void typedFloat(float value) {
    typed(SlotColumns.TypedColumn.FLOAT).write(value, r(), typedLevel());
  }

  @Override
  public void typedDouble(double value) {
    typed(SlotColumns.TypedColumn.DOUBLE).write(value, r(), typedLevel());
  }

  @Override
  public void typedDecimal(BigDecimal value) {
    LevelSlot s = slots[depth - 1];
    SlotColumns.TypedColumn column = s.slot.typedColumn;
    switch (column) {
      case DECIMAL_INT32 ->
          typed(column).write(value.unscaledValue().intValueExact(), r(), s.typedDefined);
      case DECIMAL_INT64 ->
          typed(column).write(value.unscaledValue().longValueExact(), r(), s.typedDefined);
      case DECIMAL_BINARY, DECIMAL_FIXED ->
          typed(column).write(TypedValues.decimalBinary(s.slot, value), r(), s.typedDefined);
      default -> throw TypedValues.wrongCall(s.slot, "a decimal");
    }
  }

  /** INT32 and INT64 decimals take the unscaled value as it is, with no BigDecimal made. */
  @Override
  public void typedDecimal(long unscaled, int scale) {
    LevelSlot s = slots[depth - 1];
    switch (s.slot.typedColumn) {
      // within the slot's precision: at most 9 digits for INT32
      case DECIMAL_INT32 ->
          typed(SlotColumns.TypedColumn.DECIMAL_INT32)
              .write(Math.toIntExact(unscaled), r(), s.typedDefined);
      case DECIMAL_INT64 ->
          typed(SlotColumns.TypedColumn.DECIMAL_INT64).write(unscaled, r(), s.typedDefined);
      default -> typedDecimal(BigDecimal.valueOf(unscaled, scale));
    }
  }

  /** Decimals of 19 to 38 digits go into their bytes in a reused buffer, with no BigDecimal. */
  @Override
  public void typedDecimal(long high, long low, int scale) {
    LevelSlot s = slots[depth - 1];
    if (!TypedValues.takes128(s.slot)) {
      ShreddedSink.super.typedDecimal(high, low, scale); // other widths: through a BigDecimal
      return;
    }
    typed(s.slot.typedColumn)
        .write(TypedValues.decimalBinary(s.slot, high, low, decimal), r(), s.typedDefined);
  }

  @Override
  public void typedBytes(byte[] buffer, int offset, int length) {
    ColumnWriter w = typed(SlotColumns.TypedColumn.BYTES);
    w.write(
        TypedValues.bytesBinary(slots[depth - 1].slot, buffer, offset, length), r(), typedLevel());
  }

  @Override
  public void startObject() {
    int d = depth - 1;
    if (slots[d].fields == null) {
      throw TypedValues.wrongCall(slots[d].slot, "an object");
    }
    typedDone[d] = true;
  }

  @Override
  public void startField(int index, String name) {
    int d = depth - 1;
    push(slots[d].fields[index], repetition[d]);
  }

  @Override
  public void endField() {
    finish();
  }

  @Override
  public void missingField(int index, String name) {
    int d = depth - 1;
    LevelSlot s = slots[d];
    writeNulls(s.fields[index].allLeaves, repetition[d], s.typedDefined);
  }

  @Override
  public void endObject() {}

  @Override
  public void startArray(int size) {
    int d = depth - 1;
    LevelSlot s = slots[d];
    if (s.element == null) {
      throw TypedValues.wrongCall(s.slot, "an array");
    }
    typedDone[d] = true;
    if (size == 0) {
      writeNulls(
          s.typedLeaves, repetition[d], s.typedDefined); // an empty list: defined, no element
    }
  }

  @Override
  public void startElement() {
    int d = depth - 1;
    LevelSlot s = slots[d];
    int r = elements[d]++ == 0 ? repetition[d] : s.repetition;
    push(s.element, r);
  }

  @Override
  public void endElement() {
    finish();
  }

  @Override
  public void endArray() {}
}
