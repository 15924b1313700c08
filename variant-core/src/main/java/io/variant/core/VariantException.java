// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

/**
 * Root of every exception this library throws on bad input or misuse. Unchecked; callers that need
 * to tell kinds apart catch a subclass: {@link VariantFormatException} (bytes are not a valid
 * Variant), {@link VariantTypeException} (wrong accessor for the value's type), {@link
 * VariantLimitException} (a documented size or depth limit was exceeded).
 */
public abstract class VariantException extends RuntimeException {
  protected VariantException(String message) {
    super(message);
  }

  protected VariantException(String message, Throwable cause) {
    super(message, cause);
  }
}
