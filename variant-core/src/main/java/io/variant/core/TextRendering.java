// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.lang.reflect.InvocationTargetException;
import java.util.ServiceLoader;

/**
 * {@link Variant#toString()}'s renderer, looked up once on first use: through {@link
 * ServiceLoader}, else by the JSON renderer's class name. The name is the fallback because a shaded
 * jar that merges service files carelessly can drop ours, while the class itself ships in this jar
 * (and shading relocates the name along with the class).
 */
final class TextRendering {
  private static final String JSON_RENDERER = "io.variant.core.json.JsonTextRenderer";

  private TextRendering() {}

  static String render(Variant v) {
    return Holder.RENDERER.render(v);
  }

  private static VariantTextRenderer find() {
    ClassLoader loader = VariantTextRenderer.class.getClassLoader();
    return ServiceLoader.load(VariantTextRenderer.class, loader)
        .findFirst()
        .orElseGet(() -> byName(loader));
  }

  private static VariantTextRenderer byName(ClassLoader loader) {
    try {
      return Class.forName(JSON_RENDERER, true, loader)
          .asSubclass(VariantTextRenderer.class)
          .getConstructor()
          .newInstance();
    } catch (ClassNotFoundException
        | NoSuchMethodException
        | InstantiationException
        | IllegalAccessException
        | InvocationTargetException e) {
      throw new IllegalStateException(
          "Cannot render a Variant as text: no "
              + VariantTextRenderer.class.getName()
              + " is registered in META-INF/services and "
              + JSON_RENDERER
              + " cannot be loaded",
          e);
    }
  }

  /**
   * Lazy holder: the lookup runs on the first {@code toString()}, not when {@code Variant} loads.
   */
  private static final class Holder {
    static final VariantTextRenderer RENDERER = find();
  }
}
