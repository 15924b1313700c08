// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import io.variant.testkit.PublicApiContract;
import java.util.List;

/**
 * variant-arrow's public types are its API, listed here on purpose (see {@link PublicApiContract}).
 * A new public type fails this test until it is listed, made package-private, or put in a package
 * named internal.
 */
class PublicApiTest extends PublicApiContract {
  /**
   * What the README and the Javadoc present ({@code StorageFields} too: the Arrow fields of a plan,
   * which a schema with a VARIANT column is built from).
   */
  private static final List<String> API =
      List.of(
          "io.variant.arrow.CastMode",
          "io.variant.arrow.ColumnReader",
          "io.variant.arrow.JsonColumns",
          "io.variant.arrow.Shred",
          "io.variant.arrow.StorageFields",
          "io.variant.arrow.Unshred",
          "io.variant.arrow.UnshreddedRows",
          "io.variant.arrow.VariantExtensionType",
          "io.variant.arrow.VariantExtensionType.Registration",
          "io.variant.arrow.VariantGet",
          "io.variant.arrow.VariantVector",
          "io.variant.arrow.VariantVectorException",
          "io.variant.arrow.parquet.BatchOptions",
          "io.variant.arrow.parquet.VariantBatchReader",
          "io.variant.arrow.parquet.VariantBatchWriter",
          "io.variant.arrow.parquet.VariantBatchWriter.Builder");

  PublicApiTest() {
    super(VariantVector.class, API, List.of());
  }
}
