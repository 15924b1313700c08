package io.variant.core.json;

import io.variant.core.Variant;

/** Placeholder replaced by the JSON work package. */
public final class VariantJson {
  private VariantJson() {}

  public static String toJson(Variant v) {
    return "Variant(" + v.type() + ")";
  }
}
