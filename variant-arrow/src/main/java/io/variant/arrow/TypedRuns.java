// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import io.variant.core.path.Segment;
import io.variant.shredding.ShreddingPlan;
import java.util.List;
import java.util.function.IntConsumer;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;

/**
 * {@link VariantGet}'s copy of a typed column as it is. Where a path runs through typed objects
 * only and ends at a typed column of the requested type, a row whose storage and every {@code
 * typed_value} along the path are non-null has its answer in that column, at the same row (spec:
 * VariantShredding §Objects: a field's group is at its object's row). Runs of such rows are copied
 * buffer to buffer, without Arrow's checked per-value copy and the walk down the path for each row;
 * every other row goes to the row-by-row path, which gives the same vector for every row (a
 * property test holds the two equal). A row of a run whose residual beside the typed column is
 * non-null is invalid (only a partially shredded object holds both: VariantShredding §Objects); the
 * run's residual validity bits are read a word at a time, and such a row goes to the row-by-row
 * path, which refuses it as the rebuild does.
 *
 * <p>The validity bits and buffers are read at their addresses, so every read is checked here
 * against the buffer's capacity first: a row beyond it takes the row-by-row path.
 */
final class TypedRuns {
  private static final int NULL = 0; // SQL NULL: nothing to write
  private static final int TYPED = 1; // the value is in the typed column at the row
  private static final int OTHER = 2; // a residual to read, or a row beyond the buffers

  private final FieldVector[] chain; // the storage, then each typed_value down the path
  private final FieldVector[] residuals; // beside each typed_value, its slot's value, or null
  private final FieldVector leaf; // the last of them: the typed column of the requested type
  private final FieldVector leafResidual; // its residual, or null

  private TypedRuns(FieldVector[] chain, FieldVector[] residuals) {
    this.chain = chain;
    this.residuals = residuals;
    this.leaf = chain[chain.length - 1];
    this.leafResidual = residuals[chain.length - 1];
  }

  /**
   * The copy of {@code column}'s path {@code segments} ({@code fields}: each key's field index in
   * its typed object, -1 where there is none) as {@code target}, or {@code null} where the path
   * leaves the typed objects or ends at a column of another type.
   */
  static TypedRuns of(
      VariantVector column,
      SlotVectors root,
      List<Segment> segments,
      int[] fields,
      CastTarget target) {
    if (target == null) {
      return null;
    }
    FieldVector[] chain = new FieldVector[segments.size() + 2];
    FieldVector[] residuals = new FieldVector[chain.length];
    chain[0] = column.getUnderlyingVector();
    SlotVectors slot = root;
    for (int s = 0; s < segments.size(); s++) {
      if (slot.plan.shape() != ShreddingPlan.Shape.OBJECT || fields[s] < 0) {
        return null;
      }
      chain[s + 1] = slot.typed;
      residuals[s + 1] = slot.value;
      slot = slot.fields[fields[s]];
    }
    if (slot.scalar == null || !slot.typedType.equals(target.type())) {
      return null;
    }
    chain[chain.length - 1] = slot.typed;
    residuals[chain.length - 1] = slot.value;
    return new TypedRuns(chain, residuals);
  }

  /**
   * Fills {@code out}'s rows 0 to {@code rows - 1} from the input rows {@code selection} (null: the
   * same rows): runs of typed rows copied, rows that are SQL NULL left null, each other row given
   * to {@code rowByRow}.
   */
  void fill(FieldVector out, int rows, int[] selection, IntConsumer rowByRow) {
    long[] validity = new long[chain.length];
    long[] residual = new long[chain.length]; // 0: no residual
    long limit = Long.MAX_VALUE; // rows whose validity bits every buffer holds
    for (int c = 0; c < chain.length; c++) {
      ArrowBuf bits = chain[c].getValidityBuffer();
      validity[c] = bits.memoryAddress();
      limit = Math.min(limit, bits.capacity() * 8);
      if (residuals[c] != null) {
        bits = residuals[c].getValidityBuffer();
        residual[c] = bits.memoryAddress();
        limit = Math.min(limit, bits.capacity() * 8);
      }
    }
    int i = 0;
    while (i < rows) {
      int row = selection == null ? i : selection[i];
      int kind = kind(validity, residual, limit, row);
      if (kind != TYPED) {
        if (kind == OTHER) {
          rowByRow.accept(i);
        }
        i++;
        continue;
      }
      int end = i + 1;
      while (end < rows) {
        int next = selection == null ? end : selection[end];
        if (next != row + (end - i) || kind(validity, residual, limit, next) != TYPED) {
          break;
        }
        end++;
      }
      int conflict = leafResidual == null ? -1 : firstSet(leafResidual, row, end - i);
      if (conflict >= 0) {
        end = i + conflict; // the runs up to it copied, the row itself refused row by row
        if (conflict > 0) {
          copy(out, i, row, conflict, rowByRow);
        }
        rowByRow.accept(end);
        i = end + 1;
        continue;
      }
      copy(out, i, row, end - i, rowByRow);
      i = end;
    }
  }

  /**
   * The first of rows {@code row} to {@code row + n - 1} whose validity bit in {@code vector} is
   * set, less {@code row}, or -1 if none is: a word at a time where the buffer holds the whole
   * word, else a byte at a time. Invariant: the buffer holds the bits of those rows ({@code fill}'s
   * limit).
   */
  private static int firstSet(FieldVector vector, int row, int n) {
    ArrowBuf buffer = vector.getValidityBuffer();
    long bits = buffer.memoryAddress();
    long capacity = buffer.capacity();
    int end = row + n;
    int at = row;
    while (at < end) {
      long wordAt = (long) (at >>> 6) << 3; // the byte offset of the word holding bit at
      boolean whole = wordAt + 8 <= capacity;
      int base = whole ? at & ~63 : at & ~7;
      int span = whole ? 64 : 8;
      long word =
          whole ? MemoryUtil.getLong(bits + wordAt) : MemoryUtil.getByte(bits + (at >>> 3)) & 0xFFL;
      word &= -1L << (at - base); // the bits of rows before at
      if (end - base < span) {
        word &= (1L << (end - base)) - 1; // the bits of rows from end on
      }
      if (word != 0) {
        return base + Long.numberOfTrailingZeros(word) - row;
      }
      at = base + span;
    }
    return -1;
  }

  /**
   * What row {@code row} holds, as the walk down the path finds it: SQL NULL where the storage is
   * null, or where the first {@code typed_value} on the path that is null has no residual beside it
   * (the path reaches nothing); the typed value where none is null; else a residual to read.
   */
  private static int kind(long[] validity, long[] residual, long limit, int row) {
    if (row < 0 || row >= limit) {
      return OTHER;
    }
    for (int c = 0; c < validity.length; c++) {
      if (!isSet(validity[c], row)) {
        return c > 0 && residual[c] != 0 && isSet(residual[c], row) ? OTHER : NULL;
      }
    }
    return TYPED;
  }

  private static boolean isSet(long bits, int row) {
    return (MemoryUtil.getByte(bits + (row >>> 3)) & (1 << (row & 7))) != 0;
  }

  /** Output rows {@code i} to {@code i + n - 1} from the typed input rows from {@code row} on. */
  private void copy(FieldVector out, int i, int row, int n, IntConsumer rowByRow) {
    boolean copied;
    if (leaf instanceof BaseVariableWidthVector variable) {
      copied = copyVariable(variable, (BaseVariableWidthVector) out, i, row, n);
    } else {
      copied =
          leaf instanceof BaseFixedWidthVector fixed
              && !(leaf instanceof BitVector)
              && copyFixed(fixed, (BaseFixedWidthVector) out, i, row, n);
    }
    if (copied) {
      return;
    }
    if (leaf instanceof BitVector) {
      for (int k = 0; k < n; k++) {
        out.copyFromSafe(row + k, i + k, leaf); // bits: Arrow's copy, without the walk
      }
      return;
    }
    for (int k = 0; k < n; k++) {
      rowByRow.accept(i + k); // beyond the input's buffers: as the row-by-row path fails
    }
  }

  private static boolean copyFixed(
      BaseFixedWidthVector from, BaseFixedWidthVector to, int i, int row, int n) {
    long width = from.getTypeWidth();
    if ((row + (long) n) * width > from.getDataBuffer().capacity()) {
      return false;
    }
    while (to.getValueCapacity() < i + n) {
      to.reAlloc();
    }
    MemoryUtil.copyMemory(
        from.getDataBuffer().memoryAddress() + row * width,
        to.getDataBuffer().memoryAddress() + i * width,
        n * width);
    setValid(to.getValidityBuffer().memoryAddress(), i, n);
    return true;
  }

  private static boolean copyVariable(
      BaseVariableWidthVector from, BaseVariableWidthVector to, int i, int row, int n) {
    long fromOffsets = from.getOffsetBuffer().memoryAddress();
    if ((row + (long) n + 1) * 4 > from.getOffsetBuffer().capacity()) {
      return false;
    }
    int first = MemoryUtil.getInt(fromOffsets + 4L * row);
    int last = MemoryUtil.getInt(fromOffsets + 4L * (row + n));
    if (first < 0 || last < first || last > from.getDataBuffer().capacity()) {
      return false;
    }
    while (to.getValueCapacity() < i + n) {
      to.reallocValidityAndOffsetBuffers();
    }
    // the offsets of the null rows since the last value, as Arrow's fillHoles sets them (its
    // checked writes of each were a twentieth of reading typed paths)
    long toOffsets = to.getOffsetBuffer().memoryAddress();
    int start = MemoryUtil.getInt(toOffsets + 4L * (to.getLastSet() + 1));
    for (int hole = to.getLastSet() + 1; hole < i; hole++) {
      MemoryUtil.putInt(toOffsets + 4L * (hole + 1), start);
    }
    to.setLastSet(i - 1);
    long end = (long) start + (last - first);
    if (end > Integer.MAX_VALUE) {
      return false;
    }
    if (end > to.getDataBuffer().capacity()) {
      to.reallocDataBuffer(end);
    }
    MemoryUtil.copyMemory(
        from.getDataBuffer().memoryAddress() + first,
        to.getDataBuffer().memoryAddress() + start,
        last - first);
    for (int k = 1; k <= n; k++) {
      int offset = MemoryUtil.getInt(fromOffsets + 4L * (row + k));
      MemoryUtil.putInt(toOffsets + 4L * (i + k), start + (offset - first));
    }
    setValid(to.getValidityBuffer().memoryAddress(), i, n);
    to.setLastSet(i + n - 1);
    return true;
  }

  /** Sets validity bits {@code i} to {@code i + n - 1} at {@code bits}. */
  private static void setValid(long bits, int i, int n) {
    for (int k = i; k < i + n; k++) {
      long at = bits + (k >>> 3);
      MemoryUtil.putByte(at, (byte) (MemoryUtil.getByte(at) | (1 << (k & 7))));
    }
  }
}
