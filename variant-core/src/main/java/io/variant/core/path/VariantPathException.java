// SPDX-License-Identifier: Apache-2.0
package io.variant.core.path;

/**
 * A path text does not follow the grammar of {@link VariantPath#parse}. The message reads {@code
 * Invalid path at position 7: <what>}; {@link #position()} is the 0-based index of the offending
 * character (the text's length when the text ends too early).
 */
public final class VariantPathException extends IllegalArgumentException {
  private final int position;

  VariantPathException(int position, String detail) {
    super("Invalid path at position " + position + ": " + detail);
    this.position = position;
  }

  /** 0-based index into the path text of the character where parsing failed. */
  public int position() {
    return position;
  }
}
