// SPDX-License-Identifier: Apache-2.0
/**
 * Guards against corrupt or forged Parquet files, for every reader that reads VARIANT columns:
 * {@link io.variant.parquet.guard.GuardedInputFile} checks the footer's claims (chunk offsets and
 * sizes, row and value counts, one chunk per column, types and annotations that agree) when it is
 * opened, and every page header (its sizes, counts and encodings) before parquet-java acts on it;
 * {@link io.variant.parquet.guard.GuardedInputFile#verifyChecksums} turns on parquet-java's page
 * CRC check; {@link io.variant.parquet.guard.GuardedInputFile#openReader} opens parquet-java's
 * reader so that a damaged page its row-group filter reads names its column and row group. {@code
 * VariantParquetReader} uses them itself; engines that run their own {@code ParquetReader} with
 * {@code VariantReadSupport} wrap their {@code InputFile} (see {@code GuardedInputFile}).
 *
 * <p>May import: {@code io.variant.parquet} (the exception), {@code io.variant.parquet.file} (the
 * footer's own bytes, for what parquet-java's conversion of it hides), {@code org.apache.parquet.*}
 * and {@code org.apache.hadoop.conf} (only for the checksum switch of Hadoop-configured readers).
 */
package io.variant.parquet.guard;
