// SPDX-License-Identifier: Apache-2.0
/**
 * Reading VARIANT columns from Parquet: {@link io.variant.parquet.read.VariantParquetReader} (rows
 * as {@code VariantRecord}s), {@link io.variant.parquet.read.VariantReadSupport} (the same for
 * engines that run their own {@code ParquetReader}), and path projection ({@link
 * io.variant.parquet.read.VariantPathReader}).
 *
 * <p><b>How a row is read</b>, in five steps (the write package mirrors them: {@code
 * VariantColumnWriter}, {@code SlotColumns}, {@code RecordConsumerSink}):
 *
 * <ol>
 *   <li><b>Plan the columns.</b> {@code FileColumns} describes each VARIANT group of the file as a
 *       {@code ShreddedSchemaNode} tree; {@code RequestedSchema} keeps the columns asked for. Pages
 *       come through the corrupt-file checks of {@code io.variant.parquet.guard}.
 *   <li><b>Convert.</b> {@link io.variant.parquet.read.VariantParquetReader} reads each leaf column
 *       straight from its chunk ({@code LevelRows}, one {@code LeafColumn} per leaf: its levels say
 *       which slot of the row a value belongs to), without parquet-java's record assembly. Engines
 *       that run their own reader with {@link io.variant.parquet.read.VariantReadSupport} go
 *       through parquet-java's assembly and the converter tree instead: {@code RowConverter} at the
 *       root, one {@code SlotConverter} tree per VARIANT column mirroring its slots. Both hand
 *       values to the same converters ({@code ScalarConverters} for typed leaves, {@code
 *       MetadataConverter}, {@code PlainColumnConverter} for ordinary columns) and give the same
 *       rows ({@code LevelReaderEquivalenceTest}).
 *   <li><b>Hold the row's parts.</b> Each converter stores into its slot's {@code SlotSource}
 *       (residual bytes, a typed value, which fields and elements are present): the {@code
 *       ShreddedSource} of this row. When the level reader reads whole records of a shredded
 *       column, its leaves outside lists only keep their current level and value ({@code
 *       PullCursor}), and a {@code PullSource} per slot answers the rebuild from them; lists keep
 *       their {@code SlotSource}s.
 *   <li><b>Rebuild.</b> At the end of the row, {@code VariantColumnReader.rebuild()} returns SQL
 *       NULL ({@code null}, distinct from a Variant null) for an absent group, an unshredded row's
 *       stored bytes as they are, and otherwise runs the {@code Rebuilder}: ConstructVariant,
 *       ConstructObject and ConstructArray over plan and slots.
 *   <li><b>Hand out the record.</b> {@code RowConverter} assembles the {@code VariantRecord};
 *       {@code RowCursor} counts rows and names file, column and row in every error; {@link
 *       io.variant.parquet.read.VariantParquetReader} iterates them ({@code PathResolver} answers
 *       one path per row instead, for {@link io.variant.parquet.read.VariantPathReader}).
 * </ol>
 *
 * <p>May import: {@code io.variant.core}, {@code io.variant.core.path}, {@code
 * io.variant.shredding}, {@code io.variant.parquet}, {@code io.variant.parquet.schema}, {@code
 * io.variant.parquet.guard} (corrupt-file checks), {@code io.variant.parquet.filter} (row-group
 * pruning), {@code org.apache.parquet.*}, {@code org.apache.hadoop.conf} (only for the ReadSupport
 * signatures), {@code shaded.parquet.org.apache.thrift.*} (parquet-format's own thrift runtime,
 * whose generated code decodes the footer's rarer structs) and {@code com.github.luben.zstd} (ZSTD
 * pages decompressed in one call, with the library parquet-hadoop itself uses for ZSTD). Nothing
 * here depends on the write package.
 */
package io.variant.parquet.read;
