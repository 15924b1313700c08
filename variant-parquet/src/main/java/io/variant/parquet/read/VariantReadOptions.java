package io.variant.parquet.read;

import io.variant.parquet.filter.VariantPredicate;
import io.variant.shredding.RebuildOptions;
import java.util.Set;

/**
 * Options of {@link VariantParquetReader}.
 *
 * @param rebuild how invalid-but-readable shredded data is treated (default: fail on every invalid
 *     combination; {@link RebuildOptions#lenient()} lets typed values win, as parquet-testing cases 043 and
 *     125 allow)
 * @param columns the top-level columns to read, or {@code null} for every readable column
 * @param filter a predicate whose row groups are read (others are skipped by their statistics and
 *     dictionaries, see {@link VariantPredicate#toParquetFilter}), or {@code null} to read every row group;
 *     rows of the row groups read are all returned, so test them with {@link VariantPredicate#test}
 */
public record VariantReadOptions(RebuildOptions rebuild, Set<String> columns, VariantPredicate filter) {
  private static final VariantReadOptions DEFAULTS = new VariantReadOptions(RebuildOptions.defaults(), null);

  /** Options without a row-group filter. */
  public VariantReadOptions(RebuildOptions rebuild, Set<String> columns) {
    this(rebuild, columns, null);
  }

  public VariantReadOptions {
    if (rebuild == null) {
      throw new NullPointerException("rebuild");
    }
    columns = columns == null ? null : Set.copyOf(columns);
  }

  /** Strict rebuild, every column. */
  public static VariantReadOptions defaults() {
    return DEFAULTS;
  }

  public VariantReadOptions withRebuild(RebuildOptions options) {
    return new VariantReadOptions(options, columns, filter);
  }

  /** Reads only the named top-level columns, in file order. */
  public VariantReadOptions withColumns(String... names) {
    return new VariantReadOptions(rebuild, Set.of(names), filter);
  }

  /** Skips the row groups in which no row can match {@code predicate} (row groups only, see {@link #filter()}). */
  public VariantReadOptions withFilter(VariantPredicate predicate) {
    return new VariantReadOptions(rebuild, columns, predicate);
  }
}
