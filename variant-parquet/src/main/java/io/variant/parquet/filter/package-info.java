/**
 * Row-group pruning on shredded Variant paths: {@link io.variant.parquet.filter.VariantPredicate} ({@code =},
 * {@code <}, {@code >}, {@code between}, {@code is null} on a path, with an exact per-row {@code test}) and
 * its translation to a parquet-java filter that skips a row group by the typed column's statistics only where
 * the residual columns along the path are all-null (VariantShredding §Skipping). {@link
 * io.variant.parquet.filter.RowGroupPruning} configures readers to use it for row groups only.
 *
 * <p>May import: {@code io.variant.core} (and {@code core.path}), {@code io.variant.shredding}, {@code
 * io.variant.parquet}, its {@code schema} package, {@code write.DecimalBytes}, and parquet-java's filter API.
 */
package io.variant.parquet.filter;
