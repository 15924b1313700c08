// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

/**
 * Options of a {@link VariantBuilder}.
 *
 * @param duplicateKeys what to do with a repeated key in one object; default {@link
 *     DuplicateKeys#REJECT}
 * @param limits depth and size limits; default {@link Limits#defaults()}
 */
public record BuilderOptions(DuplicateKeys duplicateKeys, Limits limits) {
  private static final BuilderOptions DEFAULTS =
      new BuilderOptions(DuplicateKeys.REJECT, Limits.defaults());

  public BuilderOptions {
    if (duplicateKeys == null || limits == null) {
      throw new NullPointerException("duplicateKeys and limits must not be null");
    }
  }

  public static BuilderOptions defaults() {
    return DEFAULTS;
  }

  public BuilderOptions withDuplicateKeys(DuplicateKeys d) {
    return new BuilderOptions(d, limits);
  }

  public BuilderOptions withLimits(Limits l) {
    return new BuilderOptions(duplicateKeys, l);
  }
}
