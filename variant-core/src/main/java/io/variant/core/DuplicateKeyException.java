// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

/** An object was given the same key twice while building with {@link DuplicateKeys#REJECT}. */
public final class DuplicateKeyException extends VariantException {
  private final String key;

  public DuplicateKeyException(String key) {
    super(
        "Cannot build object: duplicate key \""
            + key
            + "\" (use DuplicateKeys.LAST_WINS to keep the last)");
    this.key = key;
  }

  /** The repeated key. */
  public String key() {
    return key;
  }
}
