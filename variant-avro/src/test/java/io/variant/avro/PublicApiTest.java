// SPDX-License-Identifier: Apache-2.0
package io.variant.avro;

import io.variant.testkit.PublicApiContract;
import java.util.List;

/**
 * variant-avro's public types are its API, listed here on purpose (see {@link PublicApiContract}).
 * A new public type fails this test until it is listed, made package-private, or put in a package
 * named internal.
 */
class PublicApiTest extends PublicApiContract {
  /**
   * What the README and the Javadoc present (the write support for engines' own Parquet writers
   * too).
   */
  private static final List<String> API =
      List.of(
          "io.variant.avro.VariantAvroReader",
          "io.variant.avro.VariantAvroWriteSupport",
          "io.variant.avro.VariantAvroWriter",
          "io.variant.avro.VariantAvroWriter.Builder");

  PublicApiTest() {
    super(VariantAvroWriter.class, API, List.of());
  }
}
