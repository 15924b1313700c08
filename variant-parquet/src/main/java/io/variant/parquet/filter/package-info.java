// SPDX-License-Identifier: Apache-2.0
/**
 * Row-group pruning on shredded Variant paths: {@link io.variant.parquet.filter.VariantPredicate}
 * ({@code =}, {@code !=}, {@code <}, {@code <=}, {@code >}, {@code >=}, {@code between}, {@code
 * in}, {@code is null} on a path, with an exact per-row {@code test}, combined by {@link
 * io.variant.parquet.filter.VariantCondition}'s {@code and}, {@code or} and {@code not}; numbers
 * compare by value across every numeric type, see {@link io.variant.parquet.filter.Literal}) and
 * its translation to a parquet-java filter that skips a row group by the typed column's statistics,
 * compared by the same order, only where the path's own residual column is all-null
 * (VariantShredding §Data Skipping) and the statistics are consistent. {@link
 * io.variant.parquet.filter.RowGroupPruning} configures readers to use it for row groups only.
 *
 * <p>May import: {@code io.variant.core}, {@code io.variant.core.path}, {@code
 * io.variant.core.internal} (dates and timestamps as text), {@code io.variant.core.json} (which
 * strings are stored as dates and timestamps when they are inferred), {@code io.variant.shredding},
 * {@code io.variant.parquet}, {@code io.variant.parquet.schema} and parquet-java ({@code
 * org.apache.parquet.*}, for its filter API). Nothing here depends on the read or write packages.
 */
package io.variant.parquet.filter;
