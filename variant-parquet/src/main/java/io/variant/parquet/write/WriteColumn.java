// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

/**
 * One column of the rows a {@link VariantWriteSupport} writes: a {@link VariantColumn} or a {@link
 * PlainColumn}. The column's name is also the key of its value in a {@code VariantRecord}.
 */
public sealed interface WriteColumn permits VariantColumn, PlainColumn {
  /** The Parquet field name, which is also the record key. */
  String name();
}
