// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

/** What {@link VariantGet} does with a value that cannot be cast to the requested type. */
public enum CastMode {
  /** Fail with a {@link VariantVectorException} naming the row: Spark's {@code variant_get}. */
  STRICT,
  /** Give SQL NULL for that row: Spark's {@code try_variant_get}. */
  LENIENT
}
