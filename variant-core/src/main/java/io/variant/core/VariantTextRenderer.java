// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

/**
 * Renders a Variant as text for {@link Variant#toString()}. The JSON renderer lives in the {@code
 * json} subpackage, which depends on this package; it is found through {@link
 * java.util.ServiceLoader}, or by class name if the service file is missing, so that this package
 * does not depend back on it (package rules forbid the cycle). Public only because those lookups
 * require it; not a supported API.
 */
public interface VariantTextRenderer {
  /** The text of {@code v}; throws what the renderer throws for an invalid value. */
  String render(Variant v);
}
