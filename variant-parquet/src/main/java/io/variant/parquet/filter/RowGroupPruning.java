package io.variant.parquet.filter;

import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.ParquetReader;

/**
 * Configures a Parquet reader so that a {@link VariantPredicate}'s filter only skips whole row
 * groups: the statistics and dictionary filters run, while the record-level and page-level (column
 * index) filters are off. Those would evaluate the predicate row by row or page by page on Parquet
 * values, but a predicate on a Variant path is only exact after the row is rebuilt ({@link
 * VariantPredicate#test}).
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
