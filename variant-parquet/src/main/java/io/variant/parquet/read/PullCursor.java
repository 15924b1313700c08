// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.core.CheckedUtf8;

/**
 * The per-row state of a leaf outside lists in one small object, and the rows of a pulled one
 * ({@link LeafColumn#pull}): the decoded levels and values of its current batch, where it stands in
 * them, and the current row's level, which the column's {@link PullSource}s read. A row touches
 * this object (a cache line or two) instead of the leaf's dozens of fields, with dozens of leaves
 * per row; everything rarer (the converter, a batch's end, damaged levels) is the leaf's. <b>Thread
 * safety:</b> none.
 */
final class PullCursor {
  private final LeafColumn leaf;
  private final int maxDefinition;
  SlotSource target; // where a pulled leaf's values go: its own source
  int level; // the current row's definition level
  // the batch (LeafPages' decoded levels and FlatValues' values): levels defs[pos, end), the next
  // value at valueAt of valueCount, of kind valueKind in one of the arrays
  int[] defs = {};
  int pos;
  int begin;
  int end;
  int valueAt;
  int valueCount;
  int valueKind;
  long[] bits;
  byte[][] refs;
  CheckedUtf8[] checks;
  int[] ids; // dictionary ids, for the leaf's converter
  // A batch whose levels are all one level below the maximum (a field absent, or present without
  // a residual, in every row of it): after its first row, the rows up to its last keep that level
  // and need no step, so LevelRows skips the cursor for rows (of the row group) before skipUntil.
  // The last row is stepped as any, so the next batch is taken when it would be without the skip.
  private int window; // set by take: rows of such a batch between its first and its last
  int skipUntil;
  // A pulled leaf's current value: its index in bits, refs and checks (valueKind), or -1 if it is
  // in target (through the converter, or kept there when the batch ended with the row)
  int at = -1;

  PullCursor(LeafColumn leaf, int maxDefinition) {
    this.leaf = leaf;
    this.maxDefinition = maxDefinition;
  }

  /**
   * Reads the next row of a pulled leaf, row {@code r} of the row group: its level, and its value
   * into {@link #target}. The caller skips rows before {@link #skipUntil}, whose level is this
   * one's.
   */
  void readRow(int r) {
    int p = pos;
    if (p >= end) {
      throw leaf.exhausted();
    }
    int d = defs[p];
    if (d < 0 || d > maxDefinition) {
      throw leaf.outside(d);
    }
    level = d;
    if (d == maxDefinition) {
      int i = valueAt;
      if (i < valueCount && valueKind != FlatValues.IDS) {
        valueAt = i + 1;
        at = i; // the value stays in the batch, where PullSource reads it
      } else {
        at = -1;
        deliver(target);
      }
    } else if (window > 0) { // the first row of a batch of one level: on to its last row
      p += window;
      skipUntil = r + 1 + window;
      window = 0;
    }
    next(p);
  }

  /** Takes the reader's decoded levels and the values decoded with them as the batch. */
  void take(LeafPages reader, FlatValues f) {
    defs = reader.definitions();
    pos = reader.position();
    begin = pos;
    end = reader.decoded();
    valueAt = 0;
    valueCount = f.filled;
    valueKind = f.kind;
    bits = f.bits;
    refs = f.refs;
    checks = f.checks;
    ids = f.ids;
    at = -1;
    int n = end - pos;
    int c = reader.constant();
    window = c >= 0 && c < maxDefinition && n >= 3 ? n - 2 : 0;
    skipUntil = 0;
  }

  /** The current entry's value to {@code s}, from the batch or through the leaf's converter. */
  void deliver(SlotSource s) {
    int i = valueAt;
    if (i < valueCount) {
      valueAt = i + 1;
      copy(s, i);
    } else {
      leaf.converterValue(s, -1);
    }
  }

  /** The batch's value {@code i} to {@code s}. */
  private void copy(SlotSource s, int i) {
    switch (valueKind) {
      case FlatValues.BITS -> s.setLong(bits[i]); // what addInt, addLong, addDouble do
      case FlatValues.STRINGS -> s.setString(refs[i], checks[i]);
      case FlatValues.RESIDUALS -> s.setResidual(refs[i]);
      case FlatValues.BYTES -> s.setBytes(refs[i]);
      default -> leaf.converterValue(s, i);
    }
  }

  /** Consumes the entry at {@code p}. */
  void next(int p) {
    pos = ++p;
    if (p >= end) { // as the reader's consume(): the next levels as soon as these are read
      if (at >= 0) { // the next batch's values replace this one's: the row's value to target
        copy(target, at);
        at = -1;
      }
      leaf.nextBatch();
    }
  }

  /** The current value's raw bits ({@link #at} >= 0, a batch of {@link FlatValues#BITS}). */
  long bits() {
    return bits[at];
  }

  /** The current value's bytes ({@link #at} >= 0, a batch of dictionary entries). */
  byte[] ref() {
    return refs[at];
  }

  /** The current string checked as UTF-8, or {@code null} ({@link #at} >= 0, as {@link #ref}). */
  CheckedUtf8 check() {
    return valueKind == FlatValues.STRINGS ? checks[at] : null;
  }
}
