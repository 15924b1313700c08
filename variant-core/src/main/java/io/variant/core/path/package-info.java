// SPDX-License-Identifier: Apache-2.0
/**
 * Paths into Variants ({@link io.variant.core.path.VariantPath}): parsing a JSONPath subset,
 * extracting the value a path reaches, and the segment list that the Parquet module maps onto
 * shredded columns.
 *
 * <p>May import: {@code io.variant.core}.
 */
package io.variant.core.path;
