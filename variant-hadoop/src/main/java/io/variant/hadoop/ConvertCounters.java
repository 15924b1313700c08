// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

/**
 * The counters of {@link ConvertJob} (and of {@link VariantParquetOutputFormat} in any job). The
 * typed share of a run is {@code TYPED_VALUES / (TYPED_VALUES + RESIDUAL_VALUES)}.
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
  /** Non-null values in typed ({@code typed_value}) leaf columns of the part files. */
  TYPED_VALUES,
  /**
   * Non-null residual ({@code value}) values of the part files: whole rows or the parts the plan
   * does not type.
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
