// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import io.variant.shredding.ShreddingPlan;

/**
 * What {@link PlanInference} concluded from a sample.
 *
 * @param plan the inferred plan; {@code variant} when nothing qualifies (for example an empty
 *     sample)
 * @param coverage one row per node of {@code plan}, in plan order
 * @param explanation why each examined path was typed or left in the residual
 */
public record InferenceResult(
    ShreddingPlan plan, CoverageReport coverage, Explanation explanation) {}
