package io.variant.shredding;

import io.variant.core.Limits;

/**
 * How {@link Rebuilder} treats shredded data that the spec calls invalid but that some files
 * contain.
 *
 * @param residualKeyConflict what to do when an object's residual {@code value} repeats a key that
 *     the plan shreds (VariantShredding §Objects: writers must not, readers "may assume" it does
 *     not happen)
 * @param limits bound the rebuilt value ({@link Limits#maxDepth()}, {@link Limits#maxValueBytes()})
 *     and each residual that has to be re-encoded ({@link Limits#maxExpansion()}); default {@link
 *     Limits#defaults()}
 */
public record RebuildOptions(ResidualKeyConflict residualKeyConflict, Limits limits) {
  /** A shredded key found again in the object's residual. */
  public enum ResidualKeyConflict {
    /** Throw {@link ShreddingException}. The default: the file is invalid. */
    FAIL,
    /**
     * Drop the residual copy; the shredded field wins even when it is missing (parquet-testing
     * cases 043 and 125 accept this; it is what a reader that projects only {@code typed_value}
     * sees).
     */
    TYPED_WINS
  }

  private static final RebuildOptions DEFAULTS = new RebuildOptions(ResidualKeyConflict.FAIL);
  private static final RebuildOptions LENIENT = new RebuildOptions(ResidualKeyConflict.TYPED_WINS);

  public RebuildOptions {
    if (residualKeyConflict == null || limits == null) {
      throw new NullPointerException("residualKeyConflict and limits must not be null");
    }
  }

  /** Options with {@link Limits#defaults()}. */
  public RebuildOptions(ResidualKeyConflict residualKeyConflict) {
    this(residualKeyConflict, Limits.defaults());
  }

  /** These options with limits {@code l}. @throws NullPointerException if {@code l} is null */
  public RebuildOptions withLimits(Limits l) {
    return new RebuildOptions(residualKeyConflict, l);
  }

  /** Fail on every invalid combination. */
  public static RebuildOptions defaults() {
    return DEFAULTS;
  }

  /** Typed wins over a residual copy of a shredded key; other invalid combinations still fail. */
  public static RebuildOptions lenient() {
    return LENIENT;
  }
}
