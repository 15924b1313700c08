// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import io.variant.testkit.PublicApiContract;
import java.util.List;

/**
 * variant-core's public types are the API listed here, on purpose, and the few types marked
 * internal (see {@link PublicApiContract}). A new public type fails this test until it is listed,
 * made package-private, or moved to {@code io.variant.core.internal}.
 */
class PublicApiTest extends PublicApiContract {
  /** What the README and the Javadoc present. */
  private static final List<String> API =
      List.of(
          "io.variant.core.BuilderOptions",
          "io.variant.core.CheckedUtf8",
          "io.variant.core.DuplicateKeyException",
          "io.variant.core.DuplicateKeys",
          "io.variant.core.EquivalenceClass",
          "io.variant.core.KeyOrder",
          "io.variant.core.Limits",
          "io.variant.core.MetadataBuilder",
          "io.variant.core.Variant",
          "io.variant.core.VariantBuilder",
          "io.variant.core.VariantEngineVersion",
          "io.variant.core.VariantEquality",
          "io.variant.core.VariantException",
          "io.variant.core.VariantFormatException",
          "io.variant.core.VariantLimitException",
          "io.variant.core.VariantSink",
          "io.variant.core.VariantMetadata",
          "io.variant.core.VariantType",
          "io.variant.core.VariantTypeException",
          "io.variant.core.WalkBudget",
          "io.variant.core.json.JsonDocumentReader",
          "io.variant.core.json.JsonOptions",
          "io.variant.core.json.JsonRowParser",
          "io.variant.core.json.TemporalStrings",
          "io.variant.core.json.TemporalStrings.Time",
          "io.variant.core.json.Utf8Reader",
          "io.variant.core.json.VariantJson",
          "io.variant.core.json.VariantJsonException",
          "io.variant.core.path.Segment",
          "io.variant.core.path.Segment.Index",
          "io.variant.core.path.Segment.Key",
          "io.variant.core.path.VariantPath",
          "io.variant.core.path.VariantPathException");

  /**
   * Public only for variant-shredding's split and rebuild, which need Variant's bytes in place:
   * only this package can read them. Their Javadoc says they are internal.
   */
  private static final List<String> MARKED_INTERNAL =
      List.of(
          "io.variant.core.BasicType",
          "io.variant.core.FixedDictionaryBuilder",
          "io.variant.core.ObjectSubset",
          "io.variant.core.ValueCursor");

  PublicApiTest() {
    super(Variant.class, API, MARKED_INTERNAL);
  }
}
