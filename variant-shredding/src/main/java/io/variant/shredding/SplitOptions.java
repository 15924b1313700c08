package io.variant.shredding;

/**
 * Options of a {@link Splitter}.
 *
 * @param layout how residuals are encoded: sharing the row's metadata ({@link ShreddingLayout#SPEC}, the
 *     default) or each with its own ({@link ShreddingLayout#DRAFT})
 * @param widening which values typed slots accept; default {@link NumericWidening#LOSSLESS}
 */
public record SplitOptions(ShreddingLayout layout, NumericWidening widening) {
  private static final SplitOptions DEFAULTS = new SplitOptions(ShreddingLayout.SPEC, NumericWidening.LOSSLESS);

  public SplitOptions {
    if (layout == null || widening == null) {
      throw new NullPointerException("layout and widening must not be null");
    }
  }

  /** The spec layout with lossless numeric widening. */
  public static SplitOptions defaults() {
    return DEFAULTS;
  }

  /** These options with layout {@code l}. @throws NullPointerException if {@code l} is null */
  public SplitOptions withLayout(ShreddingLayout l) {
    return new SplitOptions(l, widening);
  }

  /** These options with widening mode {@code w}. @throws NullPointerException if {@code w} is null */
  public SplitOptions withWidening(NumericWidening w) {
    return new SplitOptions(layout, w);
  }
}
