// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import io.variant.core.Variant;
import io.variant.core.VariantFormatException;
import io.variant.core.VariantMetadata;
import io.variant.shredding.Rebuilder;
import io.variant.shredding.ShreddingPlan;
import org.apache.arrow.memory.util.ByteFunctionHelpers;
import org.apache.arrow.vector.VarBinaryVector;

/**
 * Reads a Variant column's rows as Variants: unshredded rows as views of their bytes, shredded rows
 * rebuilt from their slots by {@link Rebuilder} (spec: VariantShredding §Reconstructing a Shredded
 * Variant).
 *
 * <p><b>Thread safety:</b> none (the rebuilder is reused); make one per thread.
 */
public final class ColumnReader {
  private final VariantVector column;
  // looked up once: per row, the child lookup took a seventh of reading typed paths into vectors
  private final VarBinaryVector metadata;
  private final SlotVectors root;
  private final ShreddingPlan plan;
  private Rebuilder rebuilder; // made on the first row that needs one: a kernel may need none
  private final boolean shredded;
  private VariantMetadata
      lastMetadata; // the dictionary of the last row read, at [lastStart, lastEnd)
  private int lastStart;
  private int lastEnd;

  private ColumnReader(VariantVector column, ShreddingPlan plan) {
    this.column = column;
    this.metadata = column.metadataVector();
    this.root = SlotVectors.of(column.getUnderlyingVector(), plan);
    this.plan = plan;
    this.shredded = plan.isShredded();
  }

  static ColumnReader of(VariantVector column) {
    return new ColumnReader(column, column.plan());
  }

  /**
   * Row {@code row}, or {@code null} for SQL NULL.
   *
   * @throws io.variant.core.VariantFormatException if the row is not null and its metadata is
   * @throws io.variant.shredding.ShreddingException if the row's slots are an invalid combination
   * @throws io.variant.core.VariantFormatException if its bytes are malformed
   */
  public Variant variant(int row) {
    if (column.isNull(row)) {
      return null;
    }
    VariantMetadata metadata = metadata(row);
    if (!shredded && root.hasResidual(row)) {
      return root.residual(metadata, row); // the row's own bytes: no copy through the rebuilder
    }
    if (rebuilder == null) {
      rebuilder = Rebuilder.of(plan);
    }
    return rebuilder.rebuild(metadata, new VectorSource(root, row, metadata));
  }

  /**
   * The dictionary of non-null row {@code row}. Rows often repeat the previous row's dictionary
   * byte for byte (writers share them, and rows of one shape encode the same keys): such a row gets
   * the previous row's instance, compared in place, so that it is neither copied nor parsed again
   * and the rebuilder resolves the plan's keys in it once.
   */
  VariantMetadata metadata(int row) {
    VarBinaryVector bytes = metadata;
    if (bytes.isNull(row)) {
      // spec: VariantShredding: every non-null Variant has its metadata
      throw VariantFormatException.at(0, "the row is not null but its metadata is");
    }
    int start = bytes.getStartOffset(row);
    int end = bytes.getEndOffset(row);
    if (lastMetadata == null
        || ByteFunctionHelpers.equal(
                bytes.getDataBuffer(), lastStart, lastEnd, bytes.getDataBuffer(), start, end)
            == 0) {
      lastMetadata = VariantMetadata.of(bytes.get(row));
    }
    lastStart = start;
    lastEnd = end;
    return lastMetadata;
  }

  /** The column's top-level slot. */
  SlotVectors root() {
    return root;
  }
}
