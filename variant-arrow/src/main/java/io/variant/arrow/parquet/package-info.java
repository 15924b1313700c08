// SPDX-License-Identifier: Apache-2.0
/**
 * Parquet files into Arrow batches: {@link io.variant.arrow.parquet.VariantBatchReader} reads a
 * file's VARIANT columns (spec layout, shredded or not) into {@link
 * io.variant.arrow.VariantVector}s in the shredded storage of their file column, and its top-level
 * primitive columns into plain vectors, {@link io.variant.arrow.parquet.BatchOptions#batchSize()}
 * rows at a time, with projection by Variant paths ({@code PathProjection}) and row-group pruning
 * by a {@code VariantCondition}.
 *
 * <p><b>How a batch is read.</b> {@code BatchColumns} makes the batch's vectors from the footer's
 * schema once ({@code StorageFields} for a VARIANT column's plan, {@code PlainColumns} for the
 * others), and {@code StorageBinder} pairs each Parquet leaf with its Arrow vector as a {@code
 * LeafReader}, and each struct or list vector above it with its levels as a {@code VectorNode}. A
 * leaf reader takes its chunk's entries from {@code io.variant.parquet.encoding.LeafPages}, our
 * page decoders (levels, PLAIN, dictionary and delta values, codecs; what they decline, such as
 * BYTE_STREAM_SPLIT, parquet-java decodes for them): each value goes straight into the leaf's
 * vector through a {@code SlotConverter}, and each entry's repetition and definition levels start
 * slots, set validity and grow list offsets of the vectors the leaf owns (the first leaf under a
 * vector owns it). No row is assembled and no Variant rebuilt: {@code Unshred} or {@code
 * VariantGet} do that later, for the rows and paths that need it.
 *
 * <p><b>Why {@code LeafPages} and not parquet-java's {@code ColumnReader}:</b> both hand a leaf's
 * entries to a {@code PrimitiveConverter} one at a time with their levels, so the batch code is the
 * same either way; {@code LeafPages} is the decoder our row reader uses, without {@code
 * ColumnReader}'s per-entry stream reads and bindings (binary values handed on as arrays), and
 * parquet-java's {@code ParquetFileReader} still reads the chunks (with the footer checked by
 * {@code io.variant.parquet.guard}).
 *
 * <p><b>Unshredded batches</b> ({@link io.variant.arrow.parquet.BatchOptions#unshredded()}) take
 * another road for the VARIANT columns: {@code UnshreddedColumns} has the row reader's level reader
 * ({@code io.variant.parquet.read.RowGroupVariants}) rebuild each row from the same pages, and
 * gathers the Variants into the unshredded storage ({@code io.variant.arrow.UnshreddedRows}).
 *
 * <p><b>Writing batches.</b> {@link io.variant.arrow.parquet.VariantBatchWriter} hands each row of
 * a batch to {@code io.variant.parquet.write.VariantParquetWriter} as a record ({@code BatchRows}):
 * a VARIANT column's row as the Variant its storage holds (a shredded row rebuilt), so the file is
 * what the row writer makes of the same rows, whatever plan the batches' storage follows.
 *
 * <p><b>The draft layout</b> is refused in the shredded storage: its residuals carry their own
 * metadata, which the Arrow storage has no place for (as {@code Shred} refuses embedded residual
 * metadata). Unshredded batches read it: the rebuild resolves each residual's own dictionary.
 *
 * <p>May import: {@code io.variant.arrow}, {@code io.variant.core.*}, {@code io.variant.shredding},
 * {@code io.variant.parquet}, {@code io.variant.parquet.schema}, {@code io.variant.parquet.filter},
 * {@code io.variant.parquet.read} (the row reader's rebuild, for unshredded batches), {@code
 * io.variant.parquet.write} (the writer of batches), {@code io.variant.parquet.guard}, {@code
 * io.variant.parquet.file}, {@code io.variant.parquet.encoding}, {@code org.apache.parquet.*},
 * {@code org.apache.arrow.*}.
 */
package io.variant.arrow.parquet;
