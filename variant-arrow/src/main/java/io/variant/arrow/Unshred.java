// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import io.variant.core.Variant;
import io.variant.core.VariantException;
import io.variant.core.VariantMetadata;
import io.variant.shredding.Rebuilder;
import io.variant.shredding.ShreddingPlan;
import java.util.Arrays;
import org.apache.arrow.vector.VarBinaryVector;

/**
 * Rebuilds a Variant column into unshredded storage: each row the Variant {@link
 * io.variant.shredding.Rebuilder} rebuilds from its slots (spec: VariantShredding §Reconstructing a
 * Shredded Variant), SQL NULL rows stay null.
 *
 * <pre>{@code
 * try (VariantVector whole = Unshred.unshred(column)) { ... }
 * }</pre>
 *
 * <p>The column's buffers are copied to the heap once ({@link HeapSlot}) and the rows gathered
 * there before one copy into the result ({@link UnshreddedRows}): a rebuild through Arrow's
 * accessors and per-row writes took twice as long. A column whose buffers are shorter than its rows
 * need takes that per-row path ({@link #rowByRow}), which gives the same result (a property test
 * holds the two equal).
 *
 * <p><b>Memory:</b> while it runs, it holds on the heap a copy of the column's buffers and the
 * result's bytes, about twice the batch's size, besides the result's Arrow buffers.
 */
public final class Unshred {
  private Unshred() {}

  /**
   * A new unshredded column with {@code column}'s name and rows, from {@code column}'s allocator;
   * the caller closes it. An unshredded input is copied.
   *
   * @throws VariantVectorException naming the row whose slots are invalid or whose bytes are
   *     malformed; nothing stays allocated
   */
  public static VariantVector unshred(VariantVector column) {
    int rows = column.getValueCount();
    ShreddingPlan plan = column.plan();
    VarBinaryVector metadataVector = column.metadataVector();
    HeapSlot root = HeapSlot.of(SlotVectors.of(column.getUnderlyingVector(), plan), rows);
    HeapBuffers metadata =
        root == null || metadataVector == null ? null : HeapBuffers.of(metadataVector, rows, 0);
    if (metadata == null) {
      return rowByRow(column);
    }
    VariantVector out = empty(column);
    return RowLoop.fill(out, rows, () -> fromHeap(column, plan, root, metadata, rows).into(out));
  }

  /** {@link #unshred} through Arrow's accessors, row by row. */
  static VariantVector rowByRow(VariantVector column) {
    int rows = column.getValueCount();
    ColumnReader reader = column.reader();
    VariantVector out = empty(column);
    return RowLoop.fill(out, rows, row -> out.setSafe(row, rebuild(reader, row)));
  }

  private static VariantVector empty(VariantVector column) {
    return VariantVector.create(column.getName(), ShreddingPlan.residual(), column.getAllocator());
  }

  /**
   * The rows rebuilt from the heap copy of the column's buffers, as {@link ColumnReader} reads
   * them.
   */
  static UnshreddedRows fromHeap(
      VariantVector column, ShreddingPlan plan, HeapSlot root, HeapBuffers metadata, int rows) {
    UnshreddedRows output =
        new UnshreddedRows(
            rows, metadata.start(rows), column.valueVector() == null ? 0 : rows * 64);
    Rebuilder rebuilder = Rebuilder.of(plan);
    ColumnReader reader = null; // for a row without metadata: Arrow's accessors decide it
    VariantMetadata last = null; // the last row's dictionary, at [lastStart, lastEnd)
    int lastStart = 0;
    int lastEnd = 0;
    byte[] m = metadata.data;
    for (int row = 0; row < rows; row++) {
      if (!root.isSet(row)) {
        output.addNull();
        continue;
      }
      if (!metadata.isSet(row)) {
        reader = reader == null ? column.reader() : reader;
        Variant v = rebuild(reader, row);
        byte[] bytes = v.metadataBytes();
        output.add(v, bytes, 0, bytes.length);
        continue;
      }
      int start = metadata.start(row);
      int end = start + metadata.length(row);
      try {
        // rows often repeat the last row's dictionary: the same instance then, not parsed again
        if (last == null || !Arrays.equals(m, lastStart, lastEnd, m, start, end)) {
          last = VariantMetadata.of(m, start, end - start);
        }
        lastStart = start;
        lastEnd = end;
        HeapSlot slot = root.at(row, last);
        if (!plan.isShredded() && slot.hasResidual()) {
          Variant v = slot.residual(); // the row's own bytes
          v.valueSize(); // a malformed one fails here, at its row
          output.add(v, m, start, last.length());
        } else {
          // a row the rebuild builds comes as its builder's bytes, copied once into the output;
          // its dictionary is the rebuild's copy of the row's, one instance per distinct one
          rebuilder.rebuildTo(last, slot, output);
        }
      } catch (VariantException e) {
        throw VariantVectorException.at(row, "rebuild the Variant", e.getMessage(), e);
      }
    }
    return output;
  }

  private static Variant rebuild(ColumnReader reader, int row) {
    try {
      Variant v = reader.variant(row);
      if (v != null) {
        v.valueSize(); // a malformed unshredded value fails here, at its row, not when written
      }
      return v;
    } catch (VariantException e) {
      throw VariantVectorException.at(row, "rebuild the Variant", e.getMessage(), e);
    }
  }
}
