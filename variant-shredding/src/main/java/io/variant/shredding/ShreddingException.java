// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import io.variant.core.VariantException;

/**
 * Shredded data that cannot be rebuilt, or a value that cannot be split; names the Variant path.
 */
public final class ShreddingException extends VariantException {
  private final String path;
  private final String detail;

  public ShreddingException(String path, String message) {
    super("Invalid shredded variant at " + path + ": " + message);
    this.path = path;
    this.detail = message;
  }

  /** The path of the offending slot, e.g. {@code $.user.tags[2]}. */
  public String path() {
    return path;
  }

  /**
   * This failure as seen from a Variant that holds the rebuilt value at {@code prefix}, a path such
   * as {@code $.items[1]}: a rebuild names slots from the value it rebuilds ({@code $} for that
   * value itself), so a reader that rebuilt the value at a path alone names them from the row with
   * this. {@code $} at {@code $.items[1]} is {@code $.items[1]}, and {@code $[1]} at {@code
   * $.items} is {@code $.items[1]}. Returns this exception if its path does not start at {@code $}.
   */
  public ShreddingException at(String prefix) {
    if (!path.startsWith("$")) {
      return this;
    }
    ShreddingException e = new ShreddingException(prefix + path.substring(1), detail);
    e.setStackTrace(getStackTrace()); // where the rebuild failed, not where it was renamed
    return e;
  }
}
