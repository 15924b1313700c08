// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import io.variant.core.Variant;
import io.variant.core.VariantTextRenderer;

/**
 * The renderer behind {@link Variant#toString()}: {@link VariantJson#toJson(Variant)}. Registered
 * in {@code META-INF/services} and loaded by name when that file is missing; public only because
 * both lookups require it.
 */
public final class JsonTextRenderer implements VariantTextRenderer {
  /** For {@code ServiceLoader} and the lookup by name. */
  public JsonTextRenderer() {}

  @Override
  public String render(Variant v) {
    return VariantJson.toJson(v);
  }
}
