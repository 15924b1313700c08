// SPDX-License-Identifier: Apache-2.0
/**
 * Plan inference: derives a {@link io.variant.shredding.ShreddingPlan} from a sample of Variants
 * and reports, per path, how much of the data the plan types. Entry point: {@link
 * io.variant.shredding.infer.PlanInference}.
 *
 * <p>May import: {@code io.variant.core} and {@code io.variant.shredding}; never Parquet.
 */
package io.variant.shredding.infer;
