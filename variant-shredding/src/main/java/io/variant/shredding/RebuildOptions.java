package io.variant.shredding;

/**
 * How {@link Rebuilder} treats shredded data that the spec calls invalid but that some files contain.
 *
 * @param residualKeyConflict what to do when an object's residual {@code value} repeats a key that the plan
 *     shreds (VariantShredding §Objects: writers must not, readers "may assume" it does not happen)
 */
public record RebuildOptions(ResidualKeyConflict residualKeyConflict) {
  /** A shredded key found again in the object's residual. */
  public enum ResidualKeyConflict {
    /** Throw {@link ShreddingException}. The default: the file is invalid. */
    FAIL,
    /**
     * Drop the residual copy; the shredded field wins even when it is missing (parquet-testing cases 043 and
     * 125 accept this; it is what a reader that projects only {@code typed_value} sees).
     */
    TYPED_WINS
  }

  private static final RebuildOptions DEFAULTS = new RebuildOptions(ResidualKeyConflict.FAIL);
  private static final RebuildOptions LENIENT = new RebuildOptions(ResidualKeyConflict.TYPED_WINS);

  public RebuildOptions {
    if (residualKeyConflict == null) {
      throw new NullPointerException("residualKeyConflict");
    }
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
