// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet;

import java.io.Serializable;

/**
 * The Java serialization form of a {@link VariantRecord}: its column names and values in order
 * (each {@code Variant} as its own metadata and value bytes). Reading it back goes through {@link
 * VariantRecord.Builder}, so a stream cannot make a record the builder would refuse (a repeated
 * column, a value of another type).
 */
record SerializedRecord(String[] names, Object[] values) implements Serializable {
  private static final long serialVersionUID = 1L;

  private Object readResolve() {
    VariantRecord.Builder b = VariantRecord.builder();
    for (int i = 0; i < names.length; i++) {
      b.set(names[i], values[i]);
    }
    return b.build();
  }
}
