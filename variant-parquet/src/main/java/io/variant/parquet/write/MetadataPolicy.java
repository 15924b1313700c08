// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

/**
 * Which metadata dictionary each row's Variant is written with (spec layout only; the draft layout
 * has no metadata column). Every policy keeps each row readable on its own: its {@code metadata}
 * holds every key its value uses.
 */
public enum MetadataPolicy {
  /**
   * The default: each row carries its own keys plus every object key of the plan. A row whose
   * dictionary already holds the plan's keys (rows built with {@code VariantBuilder.withMetadata}
   * on {@link VariantParquetWriter#metadata}, or an unshredded column, which has no plan keys) is
   * written as it is, with no copy; a row lacking some is re-based onto its own keys plus the
   * plan's, sorted. Rows of one shape then carry byte-identical dictionaries, which Parquet's
   * dictionary encoding stores once, each only about as big as the row's own keys (readers decode
   * each row's dictionary, so size per row matters to them), and every plan key is in every row's
   * metadata, which parquet-java 1.18.1's shredded reader needs. The decision is made once per
   * distinct dictionary; a row costs a hash of its metadata bytes.
   */
  ROW_KEYS,
  /**
   * Every row is re-based onto one file-level sorted dictionary (the plan's keys plus any added
   * with {@link VariantColumn#withSharedKeys} or sampled by {@link
   * VariantParquetWriter.Builder#inferFromFirst}); a row with other keys gets the dictionary plus
   * its own keys. The metadata column compresses to almost nothing, but every row carries every
   * key: on mixed real-world rows about 2.5 KB of dictionary per row where its own keys take 180 B,
   * which costs writers a re-basing copy per row and makes readers that decode each row's
   * dictionary (parquet-java's) several times slower.
   */
  SHARED_DICTIONARY,
  /**
   * Each row keeps the metadata it came with: no re-basing at all, but parquet-java's shredded
   * reader fails on rows whose metadata lacks a shredded field name.
   */
  AS_WRITTEN
}
