/**
 * Reading VARIANT columns from Parquet: {@link io.variant.parquet.read.VariantParquetReader} (rows as
 * {@code VariantRecord}s), {@link io.variant.parquet.read.VariantReadSupport} (the same for engines that run
 * their own {@code ParquetReader}), and path projection ({@link io.variant.parquet.read.VariantPathReader}).
 *
 * <p>How a row is read: the converters mirror the requested schema slot by slot and store each row's
 * residual and typed values into reusable {@code SlotSource} holders (the {@code ShreddedSource} the
 * {@code Rebuilder} reads); at the end of the row each VARIANT column is rebuilt, or for an unshredded row
 * its stored bytes are returned as they are. An absent VARIANT group is SQL NULL ({@code null}), distinct
 * from a Variant null.
 *
 * <p>May import: {@code io.variant.core}, {@code io.variant.core.path}, {@code io.variant.shredding}, {@code
 * io.variant.parquet}, {@code io.variant.parquet.schema}, {@code io.variant.parquet.guard} (corrupt-file
 * checks), {@code io.variant.parquet.filter} (row-group pruning), {@code org.apache.parquet.*} and {@code
 * org.apache.hadoop.conf} (only for the ReadSupport signatures). Nothing here depends on the write package.
 */
package io.variant.parquet.read;
