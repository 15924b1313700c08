// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import io.variant.core.BuilderOptions;
import io.variant.core.DuplicateKeys;
import io.variant.core.Limits;

/**
 * Options for reading JSON into Variants and rendering Variants as JSON. Immutable; change one
 * setting with the {@code with…} methods.
 *
 * <pre>{@code
 * JsonOptions lenient = JsonOptions.defaults().withDuplicateKeys(DuplicateKeys.LAST_WINS);
 * Variant v = VariantJson.parse("{\"a\": 1, \"a\": 2}", lenient); // {"a":2}
 * }</pre>
 *
 * @param duplicateKeys what a repeated key in one JSON object does; default {@link
 *     DuplicateKeys#REJECT} (the spec requires unique keys), which fails with a {@link
 *     VariantJsonException} at the object's end
 * @param limits nesting depth (also handed to jackson's {@code StreamReadConstraints}) and size
 *     limits; default {@link Limits#defaults()}. When rendering, {@link Limits#maxValueBytes()}
 *     bounds the output in characters.
 */
public record JsonOptions(DuplicateKeys duplicateKeys, Limits limits) {
  private static final JsonOptions DEFAULTS =
      new JsonOptions(DuplicateKeys.REJECT, Limits.defaults());

  /**
   * @throws NullPointerException if either component is null
   */
  public JsonOptions {
    if (duplicateKeys == null || limits == null) {
      throw new NullPointerException("duplicateKeys and limits must not be null");
    }
  }

  /** {@link DuplicateKeys#REJECT} and {@link Limits#defaults()}. */
  public static JsonOptions defaults() {
    return DEFAULTS;
  }

  /** These options with {@code duplicateKeys} replaced. */
  public JsonOptions withDuplicateKeys(DuplicateKeys duplicateKeys) {
    return new JsonOptions(duplicateKeys, limits);
  }

  /** These options with {@code limits} replaced. */
  public JsonOptions withLimits(Limits limits) {
    return new JsonOptions(duplicateKeys, limits);
  }

  /**
   * The builder options with the same duplicate-key rule and limits, for a builder to pass to the
   * parser.
   */
  public BuilderOptions builderOptions() {
    return BuilderOptions.defaults().withDuplicateKeys(duplicateKeys).withLimits(limits);
  }
}
