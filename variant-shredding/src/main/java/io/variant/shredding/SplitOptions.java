package io.variant.shredding;

import io.variant.core.Limits;

/**
 * Options of a {@link Splitter}.
 *
 * @param layout how residuals are encoded: sharing the row's metadata ({@link ShreddingLayout#SPEC}, the
 *     default) or each with its own ({@link ShreddingLayout#DRAFT})
 * @param widening which values typed slots accept; default {@link NumericWidening#LOSSLESS}
 * @param limits bound each split: {@link Limits#maxExpansion()} caps the work of one value at that multiple
 *     of its encoded size (values whose offsets share sub-values fail with {@link
 *     io.variant.core.VariantLimitException} instead of being emitted again and again), and residuals
 *     re-encoded in the draft layout follow {@link Limits#maxDepth()} and {@link Limits#maxValueBytes()};
 *     default {@link Limits#defaults()}
 */
public record SplitOptions(ShreddingLayout layout, NumericWidening widening, Limits limits) {
  private static final SplitOptions DEFAULTS =
      new SplitOptions(ShreddingLayout.SPEC, NumericWidening.LOSSLESS, Limits.defaults());

  public SplitOptions {
    if (layout == null || widening == null || limits == null) {
      throw new NullPointerException("layout, widening and limits must not be null");
    }
  }

  /** Options with {@link Limits#defaults()}. */
  public SplitOptions(ShreddingLayout layout, NumericWidening widening) {
    this(layout, widening, Limits.defaults());
  }

  /** The spec layout with lossless numeric widening and default limits. */
  public static SplitOptions defaults() {
    return DEFAULTS;
  }

  /** These options with layout {@code l}. @throws NullPointerException if {@code l} is null */
  public SplitOptions withLayout(ShreddingLayout l) {
    return new SplitOptions(l, widening, limits);
  }

  /** These options with widening mode {@code w}. @throws NullPointerException if {@code w} is null */
  public SplitOptions withWidening(NumericWidening w) {
    return new SplitOptions(layout, w, limits);
  }

  /** These options with limits {@code l}. @throws NullPointerException if {@code l} is null */
  public SplitOptions withLimits(Limits l) {
    return new SplitOptions(layout, widening, l);
  }
}
