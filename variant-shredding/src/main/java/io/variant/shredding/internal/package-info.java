// SPDX-License-Identifier: Apache-2.0
/**
 * Where the rows a plan is inferred from come from, the same for every engine of this project:
 * {@link io.variant.shredding.internal.SpreadSample} (places spread across the input, their quotas,
 * the rows kept for the size check), {@link io.variant.shredding.internal.SpreadPasses} (the order
 * the places are read in, again where the first pass falls short) and {@link
 * io.variant.shredding.internal.EvenSample} (an even selection of a list). {@code variant plan},
 * {@code variant convert} and the MapReduce job sample alike through them, so they infer the same
 * plan.
 *
 * <p><b>Internal:</b> not API; public only for the project's CLI, Parquet and Hadoop modules, and
 * may change without notice.
 *
 * <p>May import: {@code io.variant.core}.
 */
package io.variant.shredding.internal;
