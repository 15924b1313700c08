package io.variant.core;

/**
 * A documented limit (see {@link Limits}) was exceeded; the message names the limit and how to
 * raise it.
 */
public final class VariantLimitException extends VariantException {
  public VariantLimitException(String message) {
    super(message);
  }
}
