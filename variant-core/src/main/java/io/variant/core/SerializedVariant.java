// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.io.Serializable;

/**
 * The Java serialization form of a {@link Variant}: its metadata and exactly its value's bytes, so
 * a field taken from a large row travels without the rest of the row's buffer. Reading it back
 * wraps the two arrays as {@link Variant#of(byte[], byte[])} does, with the same O(1) checks.
 */
record SerializedVariant(byte[] metadata, byte[] value) implements Serializable {
  private static final long serialVersionUID = 1L;

  private Object readResolve() {
    return Variant.of(metadata, value);
  }
}
