// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

/**
 * A documented limit (see {@link Limits}) was exceeded; the message names the limit and how to
 * raise it.
 */
public final class VariantLimitException extends VariantException {
  public VariantLimitException(String message) {
    super(message);
  }

  /**
   * True if {@code e} or a cause is a documented limit: this exception, or jackson's constraint on
   * string or number length, which the JSON limits set from {@link Limits#maxValueBytes()} (matched
   * by name: core's API does not name jackson).
   */
  public static boolean isCauseOf(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof VariantLimitException
          || t.getClass().getSimpleName().equals("StreamConstraintsException")) {
        return true;
      }
    }
    return false;
  }
}
