// SPDX-License-Identifier: Apache-2.0
package io.variant.avro;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.testkit.PublicApi;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * variant-avro's public types are its API, listed here on purpose (see {@link PublicApi}). A new
 * public type fails this test until it is listed, made package-private, or put in a package named
 * internal.
 */
class PublicApiTest {
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

  /** None. */
  private static final List<String> MARKED_INTERNAL = List.of();

  private static final PublicApi MODULE = PublicApi.of(VariantAvroWriter.class);

  @Test
  void publicTypesAreTheListedOnes() {
    List<String> differences = MODULE.differences(API, MARKED_INTERNAL);
    assertTrue(differences.isEmpty(), String.join("\n", differences));
  }

  @Test
  void apiSignaturesNameNoInternalType() {
    List<String> leaks = MODULE.internalTypesInApiSignatures();
    assertTrue(leaks.isEmpty(), String.join("\n", leaks));
  }
}
