// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

/**
 * The counters of {@link ConvertJob} (and of {@link VariantParquetOutputFormat} in any job). The
 * typed share of a run is {@code TYPED_VALUES / (TYPED_VALUES + RESIDUAL_VALUES)}: the values of
 * the typed paths that their typed columns hold, as {@code variant convert}'s summary counts them
 * (one minus its residual share).
 */
public enum ConvertCounters {
  /** Non-blank input lines read by the mappers. */
  ROWS_IN,
  /**
   * Rows written to part files. Hadoop sums the counters of successful task attempts only, as it
   * keeps their files only.
   */
  ROWS_WRITTEN,
  /**
   * Lines that were not a JSON document and were skipped, and inputs ended at damaged compressed
   * data ({@code --on-error skip}).
   */
  ROWS_REJECTED,
  /**
   * Values of the part files' typed paths held by their typed columns, summed over the paths: a
   * scalar path's typed values, an array path's lists, an object path's objects (from the writer's
   * counts in the footer, {@link io.variant.parquet.ObjectCountsFooter}).
   */
  TYPED_VALUES,
  /**
   * Values of the part files' typed paths that went whole to their residual instead (values of
   * another type, Variant nulls), summed over the paths. The fields a plan leaves out of a
   * partially shredded object are no typed path's values, and are not counted.
   */
  RESIDUAL_VALUES,
  /**
   * Strings the mappers stored as dates or timestamps ({@link
   * ConvertJob.Options#withInferTemporal}); 0 without the option.
   */
  TEMPORAL_STRINGS,
  /**
   * Inputs that ended early at damaged compressed data, each with one reject ({@code --on-error
   * skip}): their rows after it were not read.
   */
  INPUTS_ENDED
}
