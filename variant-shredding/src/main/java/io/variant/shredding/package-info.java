// SPDX-License-Identifier: Apache-2.0
/**
 * Shredding (spec: VariantShredding.md, and the draft layout): the plan tree {@link
 * io.variant.shredding.ShreddingPlan} with its text form ({@link io.variant.shredding.PlanText});
 * {@link io.variant.shredding.Splitter}, which streams a Variant's typed and residual parts into a
 * {@link io.variant.shredding.ShreddedSink} with lossless numeric widening ({@code Widening} is the
 * one place that decides what fits a typed slot); and {@link io.variant.shredding.Rebuilder}, which
 * rebuilds Variants from a {@link io.variant.shredding.ShreddedSource}. The sink and source
 * interfaces are what the Parquet module implements; nothing here knows Parquet.
 *
 * <p>May import: {@code io.variant.core} and {@code io.variant.core.internal}. Subpackage {@code
 * infer}: plan inference and coverage reports.
 */
package io.variant.shredding;
