// SPDX-License-Identifier: Apache-2.0
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
 * @param checkResiduals check each residual value copied into a rebuilt one as {@link
 *     io.variant.core.Variant#validate()} does, so that the rebuilt value is known valid and its
 *     own {@code validate()} only checks the dictionary (typed values are checked as they are
 *     written either way). For readers that validate every row; default off (residuals copied after
 *     an O(1) look at their header)
 * @param nullFieldGroup what a reader does with an object field group that is null in a row where
 *     the layout makes field groups required (the spec layout: VariantShredding §Objects); some
 *     files declare them optional and leave them null for a missing field (test vector 084)
 */
public record RebuildOptions(
    ResidualKeyConflict residualKeyConflict,
    Limits limits,
    boolean checkResiduals,
    NullFieldGroup nullFieldGroup) {
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

  /** An object field group that is null where the layout makes field groups required. */
  public enum NullFieldGroup {
    /** Throw, naming the group's column: the spec gives a null field group no meaning. */
    FAIL,
    /** Read the field as missing, as for a group whose two columns are both null. */
    MISSING
  }

  private static final RebuildOptions DEFAULTS = new RebuildOptions(ResidualKeyConflict.FAIL);
  private static final RebuildOptions LENIENT =
      new RebuildOptions(
          ResidualKeyConflict.TYPED_WINS, Limits.defaults(), false, NullFieldGroup.MISSING);

  public RebuildOptions {
    if (residualKeyConflict == null || limits == null || nullFieldGroup == null) {
      throw new NullPointerException(
          "residualKeyConflict, limits and nullFieldGroup must not be null");
    }
  }

  /** Options that fail on a null field group ({@link NullFieldGroup#FAIL}). */
  public RebuildOptions(
      ResidualKeyConflict residualKeyConflict, Limits limits, boolean checkResiduals) {
    this(residualKeyConflict, limits, checkResiduals, NullFieldGroup.FAIL);
  }

  /** Options that copy residuals unchecked. */
  public RebuildOptions(ResidualKeyConflict residualKeyConflict, Limits limits) {
    this(residualKeyConflict, limits, false);
  }

  /** Options with {@link Limits#defaults()}. */
  public RebuildOptions(ResidualKeyConflict residualKeyConflict) {
    this(residualKeyConflict, Limits.defaults());
  }

  /** These options with limits {@code l}. @throws NullPointerException if {@code l} is null */
  public RebuildOptions withLimits(Limits l) {
    return new RebuildOptions(residualKeyConflict, l, checkResiduals, nullFieldGroup);
  }

  /** These options, checking copied residuals or not (see {@link #checkResiduals()}). */
  public RebuildOptions withCheckResiduals(boolean check) {
    return new RebuildOptions(residualKeyConflict, limits, check, nullFieldGroup);
  }

  /** These options with {@code n} for null field groups. */
  public RebuildOptions withNullFieldGroup(NullFieldGroup n) {
    return new RebuildOptions(residualKeyConflict, limits, checkResiduals, n);
  }

  /** Fail on every invalid combination. */
  public static RebuildOptions defaults() {
    return DEFAULTS;
  }

  /**
   * Reads what parquet-testing calls invalid but readable: typed wins over a residual copy of a
   * shredded key, and a null field group is a missing field; other invalid combinations still fail.
   */
  public static RebuildOptions lenient() {
    return LENIENT;
  }
}
