// SPDX-License-Identifier: Apache-2.0
/**
 * VARIANT columns as Apache Arrow vectors: the canonical extension type {@code
 * arrow.parquet.variant} ({@link io.variant.arrow.VariantExtensionType}), its vector ({@link
 * io.variant.arrow.VariantVector}) in both storages (unshredded: {@code metadata}, {@code value};
 * shredded: plus {@code typed_value} as VariantShredding lays it out), and kernels that are pure
 * functions of vectors: {@link io.variant.arrow.Unshred}, {@link io.variant.arrow.Shred}, {@link
 * io.variant.arrow.VariantGet} and {@link io.variant.arrow.JsonColumns}.
 *
 * <p>Every kernel allocates its result from its input's allocator and returns a vector the caller
 * owns and closes; on an error it releases what it allocated before throwing.
 *
 * <p>May import: {@code io.variant.core.*}, {@code io.variant.shredding}, {@code
 * org.apache.arrow.*}. Never Parquet: the batch reader that fills these vectors from Parquet files
 * is {@code io.variant.arrow.parquet}, which depends on this package and never the reverse.
 */
package io.variant.arrow;
