// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.filter;

import java.util.Locale;
import java.util.Optional;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;

/**
 * Configures a Parquet reader so that a {@link VariantPredicate}'s filter only skips whole row
 * groups: the statistics and dictionary filters run, while the record-level and page-level (column
 * index) filters are off. Those would evaluate the predicate row by row or page by page on Parquet
 * values, but a predicate on a Variant path is only exact after the row is rebuilt ({@link
 * VariantPredicate#test}). {@link #ignoredStatistics} says when a chunk's statistics cannot be
 * trusted, which the filter ignores.
 */
public final class RowGroupPruning {
  private RowGroupPruning() {}

  /** Sets {@code filter} on a {@code ParquetReader} builder, for row groups only. */
  public static <T> ParquetReader.Builder<T> configure(
      ParquetReader.Builder<T> builder, FilterCompat.Filter filter) {
    return builder
        .withFilter(filter)
        .useStatsFilter(true)
        .useDictionaryFilter(true)
        .useRecordFilter(false)
        .useColumnIndexFilter(false);
  }

  /**
   * Why pruning reads a chunk of a typed column whatever its statistics say, or empty if it uses
   * them (or there are none, or the column's type takes no literal): {@code "min 400 > max 300"},
   * {@code "a NaN bound (min NaN, max 2.5)"}, {@code "no min or max for its 10 values"}
   * (parquet-java drops NaN bounds when it reads a footer, and the footer reader bounds whose order
   * is undefined or that their writer got wrong), {@code "a decimal bound of no bytes"}.
   */
  public static Optional<String> ignoredStatistics(ColumnChunkMetaData chunk) {
    Statistics<?> s = chunk.getStatistics();
    Optional<TypedColumn> reading = TypedColumn.of(chunk.getPrimitiveType());
    if (s == null || s.isEmpty() || !s.isNumNullsSet() || reading.isEmpty()) {
      return Optional.empty();
    }
    long values = chunk.getValueCount() - s.getNumNulls();
    if (!s.hasNonNullValue()) {
      return values > 0
          ? Optional.of(String.format(Locale.ROOT, "no min or max for its %,d values", values))
          : Optional.empty();
    }
    return flaw(reading.get(), s);
  }

  private static <T extends Comparable<T>> Optional<String> flaw(
      TypedColumn reading, Statistics<T> s) {
    return reading
        .flaw(s.genericGetMin(), s.genericGetMax(), s.comparator())
        .map(
            f ->
                switch (f) {
                  case NO_BOUND -> "no min or max";
                  case NAN_BOUND ->
                      "a NaN bound (min " + s.minAsString() + ", max " + s.maxAsString() + ")";
                  case UNREADABLE_BOUND -> "a decimal bound of no bytes";
                  case MIN_ABOVE_MAX -> "min " + s.minAsString() + " > max " + s.maxAsString();
                });
  }

  /** Sets {@code filter} on {@code ParquetFileReader} options, for row groups only. */
  public static ParquetReadOptions.Builder configure(
      ParquetReadOptions.Builder options, FilterCompat.Filter filter) {
    return options
        .withRecordFilter(filter)
        .useStatsFilter(true)
        .useDictionaryFilter(true)
        .useRecordFilter(false)
        .useColumnIndexFilter(false);
  }
}
