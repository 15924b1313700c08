package io.variant.parquet.write;

/**
 * Which metadata dictionary each row's Variant is written with (spec layout only; the draft layout has no
 * metadata column).
 */
public enum MetadataPolicy {
  /**
   * The default: every row is re-based onto one file-level sorted dictionary (the plan's keys plus any
   * added with {@link VariantColumn#withSharedKeys}); a row whose metadata already has exactly those bytes is
   * written as is, and a row with other keys gets the dictionary plus its own keys. Rows then carry
   * byte-identical metadata wherever possible, which Parquet's dictionary encoding stores once, and every
   * plan key is in every row's metadata, which parquet-java's reader needs.
   *
   * <p>Cost, measured on the test data's event log (30,000 rows parsed from JSON, each with its own
   * dictionary, ZSTD): the metadata column shrinks from 25.1 KB to 2.1 KB and the file by 7% (shredded by
   * an inferred plan) or 12% (unshredded). Re-basing a row usually only rewrites its field ids in a copy
   * ({@link io.variant.core.Variant#translateIds}); it is re-encoded when it has keys the dictionary lacks.
   * CPU time to write the 3,000-row event log, as written vs re-based: 8.0 vs 12.4 ms unshredded, 27.8 vs
   * 29.7 ms shredded (re-encoding every row instead took 17.7 and 37.6 ms). Rows built over the shared
   * dictionary in the first place ({@link VariantParquetWriter#metadata}) skip even that: they are
   * recognised by identity ({@code ConvertBenchmark} measures a JSON converter doing so).
   */
  SHARED_DICTIONARY,
  /**
   * Each row keeps the metadata it came with: no re-encoding, but per-row dictionaries cost space, and
   * parquet-java's shredded reader fails on rows whose metadata lacks a shredded field name.
   */
  AS_WRITTEN
}
