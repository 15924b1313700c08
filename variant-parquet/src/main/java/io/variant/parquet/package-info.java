// SPDX-License-Identifier: Apache-2.0
/**
 * Shredded VARIANT columns in Parquet files. This package holds the row type ({@link
 * io.variant.parquet.VariantRecord}), the module's error ({@link
 * io.variant.parquet.VariantParquetException}) and the footer entry of the writers' object counts
 * ({@link io.variant.parquet.ObjectCountsFooter}); {@code schema} maps plans to Parquet groups and
 * back for both layouts, {@code write} and {@code read} mirror each other (WriteSupport /
 * ReadSupport and the convenient writer and reader), and {@code filter} prunes row groups by
 * shredded-column statistics.
 *
 * <p>May import: {@code io.variant.core}, {@code io.variant.core.json} (the object counts' JSON
 * text), {@code io.variant.shredding} and {@code org.apache.parquet.*}. Hadoop only where
 * parquet-java's API requires it (the read and write packages' rules say where).
 */
package io.variant.parquet;
