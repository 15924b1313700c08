// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * {@link Variant#toString()}'s rendering: the json package's {@code VariantJson.toJson(Variant)},
 * looked up by name once, on first use, because this package must not import the json package (the
 * package rules forbid the cycle). A name needs no service file, which a shaded jar that merges
 * service files carelessly can drop, and shading relocates the name along with the class.
 */
final class TextRendering {
  private static final String VARIANT_JSON = "io.variant.core.json.VariantJson";

  private TextRendering() {}

  static String render(Variant v) {
    try {
      return (String) Holder.TO_JSON.invokeExact(v);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException("Cannot render a Variant as text", e); // toJson declares none
    }
  }

  private static MethodHandle toJson() {
    try {
      Class<?> json = Class.forName(VARIANT_JSON, true, TextRendering.class.getClassLoader());
      return MethodHandles.publicLookup()
          .findStatic(json, "toJson", MethodType.methodType(String.class, Variant.class));
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(
          "Cannot render a Variant as text: " + VARIANT_JSON + ".toJson(Variant) cannot be loaded",
          e);
    }
  }

  /**
   * Lazy holder: the lookup runs on the first {@code toString()}, not when {@code Variant} loads.
   */
  private static final class Holder {
    static final MethodHandle TO_JSON = toJson();
  }
}
