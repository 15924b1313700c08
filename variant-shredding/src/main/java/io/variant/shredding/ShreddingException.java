// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import io.variant.core.VariantException;

/**
 * Shredded data that cannot be rebuilt, or a value that cannot be split; names the Variant path.
 */
public final class ShreddingException extends VariantException {
  private final String path;

  public ShreddingException(String path, String message) {
    super("Invalid shredded variant at " + path + ": " + message);
    this.path = path;
  }

  /** The path of the offending slot, e.g. {@code $.user.tags[2]}. */
  public String path() {
    return path;
  }
}
