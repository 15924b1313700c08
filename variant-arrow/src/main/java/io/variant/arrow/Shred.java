// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import io.variant.core.Variant;
import io.variant.core.VariantException;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.SplitOptions;
import io.variant.shredding.Splitter;

/**
 * Shreds a Variant column by a plan: each row split by {@link Splitter} into the plan's typed and
 * residual vectors (spec: VariantShredding §Shredded Value Types), with the splitter's widening
 * ({@link SplitOptions#widening()}, lossless by default) and residuals over the row's metadata,
 * which is copied unchanged.
 *
 * <pre>{@code
 * ShreddingPlan plan = ShreddingPlan.parse("{\"id\": int64, \"tags\": [string]}");
 * try (VariantVector shredded = Shred.shred(column, plan)) { ... }
 * }</pre>
 */
public final class Shred {
  private Shred() {}

  /** {@link #shred(VariantVector, ShreddingPlan, SplitOptions)} with the default options. */
  public static VariantVector shred(VariantVector column, ShreddingPlan plan) {
    return shred(column, plan, SplitOptions.defaults());
  }

  /**
   * A new column with {@code column}'s name and rows, shredded by {@code plan}, from {@code
   * column}'s allocator; the caller closes it. The input may itself be shredded (its rows are
   * rebuilt first).
   *
   * @throws IllegalArgumentException if {@code options} embed residual metadata (the draft layout,
   *     which the Arrow storage does not have)
   * @throws VariantVectorException naming the row whose Variant is malformed or over a limit;
   *     nothing stays allocated
   */
  public static VariantVector shred(
      VariantVector column, ShreddingPlan plan, SplitOptions options) {
    if (options.residualMetadata() != io.variant.shredding.ResidualMetadata.ROW) {
      throw new IllegalArgumentException(
          "Cannot shred into Arrow storage with residual metadata "
              + options.residualMetadata()
              + ": residuals index the row's metadata there (ROW)");
    }
    int rows = column.getValueCount();
    ColumnReader reader = column.reader();
    Splitter splitter = Splitter.of(plan, options);
    VariantVector out = VariantVector.create(column.getName(), plan, column.getAllocator());
    VectorSink sink = new VectorSink(SlotVectors.of(out.getUnderlyingVector(), plan));
    return RowLoop.fill(out, rows, row -> split(reader, splitter, sink, out, row));
  }

  private static void split(
      ColumnReader reader, Splitter splitter, VectorSink sink, VariantVector out, int row) {
    try {
      Variant v = reader.variant(row);
      if (v == null) {
        out.getUnderlyingVector().setNull(row);
        return;
      }
      out.getUnderlyingVector().setIndexDefined(row);
      out.metadataVector().setSafe(row, v.metadataBytes());
      sink.startRow(row);
      splitter.split(v, sink);
    } catch (VariantException e) {
      throw VariantVectorException.at(row, "shred the Variant", e.getMessage(), e);
    }
  }
}
