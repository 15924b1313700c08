// SPDX-License-Identifier: Apache-2.0
/**
 * The plan the project's engines write: {@link io.variant.parquet.internal.CheckedPlan}, inferred
 * from a sample and checked by writing the sample with and without it, which {@code variant plan},
 * {@code variant convert} and the MapReduce job share; and what they report of the files written:
 * {@link io.variant.parquet.internal.PathShares}, each typed path's typed and residual values.
 *
 * <p><b>Internal:</b> not API; public only for the project's CLI and Hadoop modules, and may change
 * without notice.
 *
 * <p>May import: {@code io.variant.core}, {@code io.variant.shredding}, {@code
 * io.variant.shredding.infer}, {@code io.variant.shredding.internal} (the sample), {@code
 * io.variant.parquet}, {@code io.variant.parquet.schema}, {@code io.variant.parquet.write} and
 * parquet-java ({@code org.apache.parquet.*}: its files, and the footers of written ones).
 */
package io.variant.parquet.internal;
