// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import io.variant.testkit.PublicApiContract;
import java.util.List;

/**
 * variant-shredding's public types are the API listed here, on purpose, and the type marked
 * internal (see {@link PublicApiContract}). A new public type fails this test until it is listed,
 * made package-private, or moved to {@code io.variant.shredding.internal}.
 */
class PublicApiTest extends PublicApiContract {
  /** What the README and the Javadoc present. */
  private static final List<String> API =
      List.of(
          "io.variant.shredding.NumericWidening",
          "io.variant.shredding.ObjectSlotCounts",
          "io.variant.shredding.ObjectSlotCounts.Slot",
          "io.variant.shredding.PlanSyntaxException",
          "io.variant.shredding.PlanText",
          "io.variant.shredding.RebuildOptions",
          "io.variant.shredding.RebuildOptions.NullFieldGroup",
          "io.variant.shredding.RebuildOptions.ResidualKeyConflict",
          "io.variant.shredding.Rebuilder",
          "io.variant.shredding.ResidualMetadata",
          "io.variant.shredding.ShreddedSink",
          "io.variant.shredding.ShreddedSource",
          "io.variant.shredding.ShreddedType",
          "io.variant.shredding.ShreddedType.Kind",
          "io.variant.shredding.ShreddedType.SlotValue",
          "io.variant.shredding.ShreddingException",
          "io.variant.shredding.ShreddingPlan",
          "io.variant.shredding.ShreddingPlan.ArrayPlan",
          "io.variant.shredding.ShreddingPlan.Field",
          "io.variant.shredding.ShreddingPlan.ObjectPlan",
          "io.variant.shredding.ShreddingPlan.ResidualPlan",
          "io.variant.shredding.ShreddingPlan.ScalarPlan",
          "io.variant.shredding.ShreddingPlan.Shape",
          "io.variant.shredding.SplitOptions",
          "io.variant.shredding.Splitter",
          "io.variant.shredding.infer.CostModel",
          "io.variant.shredding.infer.CostModel.Estimate",
          "io.variant.shredding.infer.CostModel.Kind",
          "io.variant.shredding.infer.CoverageReport",
          "io.variant.shredding.infer.CoverageReport.Row",
          "io.variant.shredding.infer.Explanation",
          "io.variant.shredding.infer.Explanation.Decision",
          "io.variant.shredding.infer.InferenceOptions",
          "io.variant.shredding.infer.InferenceResult",
          "io.variant.shredding.infer.PlanInference",
          "io.variant.shredding.infer.Selection",
          "io.variant.shredding.infer.TypeWidth");

  /**
   * Public only for variant-parquet's projected reads: it shares the rebuilder's package-private
   * conversions. Its Javadoc says it is internal.
   */
  private static final List<String> MARKED_INTERNAL =
      List.of("io.variant.shredding.TypedScalarRebuild");

  PublicApiTest() {
    super(ShreddingPlan.class, API, MARKED_INTERNAL);
  }
}
