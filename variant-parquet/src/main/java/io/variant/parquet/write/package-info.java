// SPDX-License-Identifier: Apache-2.0
/**
 * Writing VARIANT columns to Parquet: {@link io.variant.parquet.write.VariantParquetWriter} (a
 * ready-made writer of {@code VariantRecord} rows), {@link
 * io.variant.parquet.write.VariantWriteSupport} (the {@code WriteSupport} engines embed) and {@link
 * io.variant.parquet.write.VariantColumnWriter} (one column into any {@code RecordConsumer}).
 * Variants are split by {@code io.variant.shredding.Splitter} straight into Parquet, for the spec
 * and draft layouts, with no per-row tree: engines' writers receive record-consumer calls ({@code
 * RecordConsumerSink}); {@code VariantParquetWriter} writes leaf values with levels computed from
 * the plan ({@code LevelSink}) into parquet-java's column writers ({@code RowGroupWriter}), which
 * skips parquet-java's record assembly and gives byte-identical files. Several threads can shred,
 * encode and compress one file's rows: each with a {@code RowGroupEncoder}, whose row groups
 * ({@code EncodedRowGroup}) one thread appends in order ({@code RowGroupBuffer}, {@code
 * RowGroupCut}).
 *
 * <p>May import: {@code io.variant.core}, {@code io.variant.core.internal} (the one-thread guard,
 * moving a staged file into place), {@code io.variant.shredding}, {@code
 * io.variant.shredding.infer}, {@code io.variant.parquet}, {@code io.variant.parquet.schema},
 * {@code io.variant.parquet.encoding} (the dictionary writer and the ZSTD page compressor),
 * parquet-java ({@code org.apache.parquet.*}) and Hadoop's Configuration ({@code
 * org.apache.hadoop.conf}). Nothing here depends on the read or filter packages.
 */
package io.variant.parquet.write;
