// SPDX-License-Identifier: Apache-2.0
/**
 * The size table ({@code bench/sizes}, {@code bench/SIZES.md}): the same rows as a JSON string
 * column, an unshredded Variant column, {@code variant convert}'s inferred plan and DuckDB's
 * auto-shredding, with the corpora it generates (mixed real-world-shaped rows, wide objects) and
 * the calibration of the inference cost model ({@link io.variant.bench.sizes.CostCalibration}). Not
 * JMH: file sizes are deterministic.
 *
 * <p>May import: {@code io.variant.*}, {@code org.apache.parquet.*} (footers: bytes per column) and
 * {@code java.sql} (DuckDB through JDBC, its driver on the class path at run time only).
 */
package io.variant.bench.sizes;
