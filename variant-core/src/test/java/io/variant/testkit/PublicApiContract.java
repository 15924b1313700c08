// SPDX-License-Identifier: Apache-2.0
package io.variant.testkit;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The public-API check of a library module: its {@code PublicApiTest} extends this and lists the
 * module's API types and the public types it marks internal, on purpose (see {@link PublicApi}). A
 * new public type fails the check until it is listed, made package-private, or moved to a package
 * named internal; so does an API type whose public signature names an internal type.
 */
public abstract class PublicApiContract {
  private final Class<?> moduleClass;
  private final List<String> api;
  private final List<String> markedInternal;

  /**
   * @param moduleClass any class of the module: its class directory is the one read
   * @param api what the README and the Javadoc present: the module's API types, by canonical name
   * @param markedInternal the public types whose Javadoc marks them internal
   */
  protected PublicApiContract(Class<?> moduleClass, List<String> api, List<String> markedInternal) {
    this.moduleClass = moduleClass;
    this.api = api;
    this.markedInternal = markedInternal;
  }

  @Test
  void publicTypesAreTheListedOnes() {
    List<String> differences = PublicApi.of(moduleClass).differences(api, markedInternal);
    assertTrue(differences.isEmpty(), String.join("\n", differences));
  }

  @Test
  void apiSignaturesNameNoInternalType() {
    List<String> leaks = PublicApi.of(moduleClass).internalTypesInApiSignatures();
    assertTrue(leaks.isEmpty(), String.join("\n", leaks));
  }
}
