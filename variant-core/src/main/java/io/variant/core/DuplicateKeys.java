// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

/** What a builder does when an object receives the same key twice. */
public enum DuplicateKeys {
  /** Throw {@link DuplicateKeyException}: the spec requires keys to be unique. The default. */
  REJECT,
  /** Keep the value given last, as most JSON parsers do. */
  LAST_WINS
}
