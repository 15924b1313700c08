// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import io.variant.core.Limits;

/**
 * Options of a {@link Splitter}.
 *
 * @param residualMetadata how residuals are encoded: indexing the row's metadata ({@link
 *     ResidualMetadata#ROW}, the default; the spec layout) or each with its own ({@link
 *     ResidualMetadata#EMBEDDED}; the draft)
 * @param widening which values typed slots accept; default {@link NumericWidening#LOSSLESS}
 * @param limits bound each split: {@link Limits#maxExpansion()} caps the work of one value at that
 *     multiple of its encoded size (values whose offsets share sub-values fail with {@link
 *     io.variant.core.VariantLimitException} instead of being emitted again and again), and
 *     residuals re-encoded in the draft layout follow {@link Limits#maxDepth()} and {@link
 *     Limits#maxValueBytes()}; default {@link Limits#defaults()}
 */
public record SplitOptions(
    ResidualMetadata residualMetadata, NumericWidening widening, Limits limits) {
  private static final SplitOptions DEFAULTS =
      new SplitOptions(ResidualMetadata.ROW, NumericWidening.LOSSLESS, Limits.defaults());

  public SplitOptions {
    if (residualMetadata == null || widening == null || limits == null) {
      throw new NullPointerException("residualMetadata, widening and limits must not be null");
    }
  }

  /** Options with {@link Limits#defaults()}. */
  public SplitOptions(ResidualMetadata residualMetadata, NumericWidening widening) {
    this(residualMetadata, widening, Limits.defaults());
  }

  /**
   * Residuals on the row's metadata (the spec layout), lossless numeric widening and default
   * limits.
   */
  public static SplitOptions defaults() {
    return DEFAULTS;
  }

  /**
   * These options with residual metadata {@code m}. @throws NullPointerException if {@code m} is
   * null
   */
  public SplitOptions withResidualMetadata(ResidualMetadata m) {
    return new SplitOptions(m, widening, limits);
  }

  /**
   * These options with widening mode {@code w}. @throws NullPointerException if {@code w} is null
   */
  public SplitOptions withWidening(NumericWidening w) {
    return new SplitOptions(residualMetadata, w, limits);
  }

  /** These options with limits {@code l}. @throws NullPointerException if {@code l} is null */
  public SplitOptions withLimits(Limits l) {
    return new SplitOptions(residualMetadata, widening, l);
  }
}
