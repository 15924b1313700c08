// SPDX-License-Identifier: Apache-2.0
/**
 * The plan the project's engines write: {@link io.variant.parquet.internal.CheckedPlan}, inferred
 * from a sample and checked by writing the sample with and without it, which {@code variant plan},
 * {@code variant convert} and the MapReduce job share.
 *
 * <p><b>Internal:</b> not API; public only for the project's CLI and Hadoop modules, and may change
 * without notice.
 *
 * <p>May import: {@code io.variant.core}, {@code io.variant.shredding}, {@code
 * io.variant.shredding.infer}, {@code io.variant.shredding.internal} (the sample), {@code
 * io.variant.parquet}, {@code io.variant.parquet.write} and parquet-java's files ({@code
 * org.apache.parquet.io}).
 */
package io.variant.parquet.internal;
