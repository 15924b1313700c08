// SPDX-License-Identifier: Apache-2.0
/**
 * Reading VARIANT columns from Parquet: {@link io.variant.parquet.read.VariantParquetReader} (rows
 * as {@code VariantRecord}s), {@link io.variant.parquet.read.VariantReadSupport} (the same for
 * engines that run their own {@code ParquetReader}), path projection ({@link
 * io.variant.parquet.read.VariantPathReader}), and whole Variants rebuilt from the pages of row
 * groups that the caller reads ({@link io.variant.parquet.read.RowGroupVariants}, for columnar
 * batches).
 *
 * <p><b>How a row is read</b>, in five steps (the write package mirrors them: {@code
 * VariantColumnWriter}, {@code SlotColumns}, {@code RecordConsumerSink}):
 *
 * <ol>
 *   <li><b>Plan the columns.</b> {@code FileColumns} describes each VARIANT group of the file as a
 *       {@code ShreddedSchemaNode} tree; {@code RequestedSchema} keeps the columns asked for
 *       ({@link io.variant.parquet.read.VariantReadOptions}: columns, row-group filter, rebuild and
 *       validation). Pages come through the corrupt-file checks of {@code
 *       io.variant.parquet.guard}.
 *   <li><b>Convert.</b> {@link io.variant.parquet.read.VariantParquetReader} reads each leaf column
 *       straight from its chunk ({@code LevelSource} over {@code LevelRows}, one {@code LeafColumn}
 *       per leaf, whose chain of groups is its {@code LeafSteps}: its levels say which slot of the
 *       row a value belongs to), without parquet-java's record assembly; a leaf outside lists takes
 *       its values decoded ahead ({@code FlatValues}, {@code PullCursor}) and its slot from the
 *       definition level alone ({@code FlatSlots}), a list of scalars its rows as runs ({@code
 *       ScalarListRows}). Levels that no writer produces fail naming the leaf's column, and leaves
 *       of one column that disagree fail the row once all of them have read it ({@code
 *       ListAgreement}, {@code NullGroupLevels}), as the batch reader refuses such files. Engines
 *       that run their own reader ({@link io.variant.parquet.read.VariantReadSupport}, {@code
 *       PathReadSupport}, both made by {@code EngineReadSupports}) go through parquet-java's
 *       assembly and the converter tree instead: {@code RowConverter} at the root, one {@code
 *       SlotConverter} tree per VARIANT column mirroring its slots. Both hand values to the same
 *       converters ({@code ScalarConverters} for typed leaves, {@code MetadataConverter}, {@code
 *       PlainColumnConverter} for ordinary columns), which write to the slot their {@code
 *       SlotTarget} names, and give the same rows ({@code LevelReaderEquivalenceTest}). A path that
 *       one typed column answers in every row group is read from that column and the levels of its
 *       all-null residual alone ({@code TypedPathScan}).
 *   <li><b>Hold the row's parts.</b> Each converter stores into its slot's {@code SlotSource}
 *       (residual bytes, a typed value, which fields are present, a list's {@code ListElements}, or
 *       the {@code ScalarElements} of a list of scalars): the {@code ShreddedSource} of this row.
 *       When the level reader rebuilds whole rows of a shredded column, its leaves outside lists
 *       only keep their current level and value, and a {@code PullSource} per slot answers the
 *       rebuild from them; lists keep their {@code SlotSource}s. A null object field group means
 *       what {@code NullFieldGroups} says.
 *   <li><b>Rebuild.</b> At the end of the row, {@code VariantColumnReader.rebuild()} returns SQL
 *       NULL ({@code null}, distinct from a Variant null) for an absent group, an unshredded row's
 *       stored bytes as they are, and otherwise runs the {@code Rebuilder}: ConstructVariant,
 *       ConstructObject and ConstructArray over plan and slots. {@code FullValidation} validates
 *       each rebuilt Variant when the options ask.
 *   <li><b>Hand out the record.</b> {@code RowConverter} assembles the {@code VariantRecord} from
 *       its {@code RowColumn}s; {@code RowCursor} counts rows and names file, column and row in
 *       every error; {@link io.variant.parquet.read.VariantParquetReader} iterates them ({@code
 *       PathResolver} answers one path per row instead, as a {@code PathValue}, for {@link
 *       io.variant.parquet.read.VariantPathReader}).
 * </ol>
 *
 * <p><b>One row's road</b> from {@code variant cat} to its rebuilt Variant (the CLI's {@code
 * CatRoadTest} follows it on a stack trace and holds it to at most eight classes): {@code
 * CatCommand} takes each row {@code --where} keeps from the CLI's {@code MatchingRows}, which asks
 * {@link io.variant.parquet.read.VariantParquetReader#read()}, whose {@code RowCursor} moves
 * through the row groups and names file, column and row in errors; {@code LevelSource} has the
 * level reader read the row's leaves and hands them to {@code RowConverter}, which asks each column
 * for its value; {@code VariantColumnReader} returns SQL NULL or an unshredded value as stored, and
 * otherwise the {@code Rebuilder}'s Variant.
 *
 * <p><b>Two engines and two kinds of slot state, and why both.</b> Our own readers ({@link
 * io.variant.parquet.read.VariantParquetReader}, {@link io.variant.parquet.read.VariantPathReader})
 * always take the level reader, the faster: it skips parquet-java's record assembly, and it checks
 * levels and page ends that the assembly does not. Engines that embed a read support in their own
 * parquet-java reader (Hadoop's {@code ParquetRecordReader}, Spark) can only be handed a converter
 * tree, so they get the assembly; both engines share the converters and the slots, so the rows of
 * an intact file are the same. An engine that splits files itself reads each split through {@link
 * io.variant.parquet.read.VariantParquetReader} instead (its builder's {@code split}: {@code
 * SplitRowGroups}, which {@code FileScope} hands to each {@code RowCursor}), as variant-hadoop's
 * input format does. Likewise every slot is a {@code SlotSource} that converters push into; only
 * the level reader, when it rebuilds whole rows of a spec-layout column whose fields all have a
 * leaf outside lists, reads those slots as {@code PullSource}s instead, which spares each entry the
 * walk to its slot. Projections, unshredded and draft-layout columns, lists and the assembly keep
 * the push form.
 *
 * <p>May import: {@code io.variant.core}, {@code io.variant.core.path}, {@code
 * io.variant.core.internal} (the one-thread guard), {@code io.variant.shredding}, {@code
 * io.variant.parquet}, {@code io.variant.parquet.schema}, {@code io.variant.parquet.file} (the
 * footer), {@code io.variant.parquet.guard} (corrupt-file checks), {@code
 * io.variant.parquet.filter} (row-group pruning), {@code io.variant.parquet.encoding} (page
 * decoding), {@code org.apache.parquet.*} and {@code org.apache.hadoop.conf} (only for the
 * ReadSupport signatures). Nothing here depends on the write package.
 */
package io.variant.parquet.read;
