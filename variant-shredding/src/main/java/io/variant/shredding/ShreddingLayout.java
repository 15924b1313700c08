package io.variant.shredding;

/** The two Parquet layouts of a shredded Variant column. */
public enum ShreddingLayout {
  /**
   * The current Parquet spec: {@code metadata}, {@code value}, {@code typed_value}; every residual uses the
   * top-level metadata. The default.
   */
  SPEC,
  /**
   * Seed 002's draft: {@code untyped_value} (metadata ‖ value, self-contained), {@code object}, {@code
   * array}, {@code typed_value}; no top-level metadata column.
   */
  DRAFT
}
