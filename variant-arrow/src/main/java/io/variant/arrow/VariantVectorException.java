// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import io.variant.core.VariantException;

/** A kernel could not process one row of a vector; {@link #row()} says which. */
public final class VariantVectorException extends VariantException {
  private final int row;

  private VariantVectorException(int row, String message, Throwable cause) {
    super(message, cause);
    this.row = row;
  }

  /** {@code "Cannot <action> at row <row>: <detail>"}, with {@code cause} when there is one. */
  static VariantVectorException at(int row, String action, String detail, Throwable cause) {
    return new VariantVectorException(
        row, "Cannot " + action + " at row " + row + ": " + detail, cause);
  }

  /** The 0-based row of the input vector. */
  public int row() {
    return row;
  }
}
