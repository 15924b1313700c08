// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

/**
 * One column of a {@link RowConverter}'s row: a VARIANT group ({@link VariantColumnReader}) or an
 * ordinary column ({@link PlainColumnConverter}).
 */
sealed interface RowColumn permits VariantColumnReader, PlainColumnConverter {
  /** A new row: the column is null until Parquet delivers its value. */
  void clear();

  /** The current row's value: a rebuilt Variant, a plain value, or {@code null}. */
  Object value();
}
