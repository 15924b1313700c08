// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

/** An accessor was called on a value of another type, e.g. {@code longValue()} on a string. */
public final class VariantTypeException extends VariantException {
  public VariantTypeException(String message) {
    super(message);
  }
}
