// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.util.ServiceLoader;

/**
 * {@link Variant#toString()}'s renderer, looked up once through {@link ServiceLoader} on first use.
 */
final class TextRendering {
  private TextRendering() {}

  static String render(Variant v) {
    return Holder.RENDERER.render(v);
  }

  /**
   * Lazy holder: the lookup runs on the first {@code toString()}, not when {@code Variant} loads.
   */
  private static final class Holder {
    static final VariantTextRenderer RENDERER =
        ServiceLoader.load(VariantTextRenderer.class, VariantTextRenderer.class.getClassLoader())
            .findFirst()
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        "Cannot render a Variant as text: no "
                            + VariantTextRenderer.class.getName()
                            + " is registered (META-INF/services is missing from the jar)"));
  }
}
