// SPDX-License-Identifier: Apache-2.0
/**
 * Our Parquet footer reader, apart from everything Variant: {@link
 * io.variant.parquet.file.FooterReader} decodes a plain footer's thrift ({@code FileMetaDataReader}
 * over {@code CompactReader}, thrift's compact protocol) and converts it to parquet-java's {@code
 * ParquetMetadata} ({@code ChunkConversion}, with each distinct schema converted once: {@code
 * FooterSchema}), less the min and max that do not bound their chunk's values ({@code
 * StatisticsTrust}); whatever it declines (an encrypted footer, bytes the generated thrift code
 * could read differently) it leaves to parquet-java. Also the per-file plumbing every reader of a
 * file shares: the file's length asked once ({@link io.variant.parquet.file.LengthOnceFile}), its
 * writer's version ({@link io.variant.parquet.file.WriterVersion}), the cache of values made from
 * per-file inputs ({@link io.variant.parquet.file.RecentCache}), and where a split by byte range
 * finds each row group ({@link io.variant.parquet.file.RowGroupMidpoints}, from the footer's
 * thrift).
 *
 * <p><b>Internal:</b> not API; public only for {@code io.variant.parquet.read} and variant-arrow's
 * batch reader, and may change without notice. The columnar reader builds on it, so it knows
 * nothing of Variants.
 *
 * <p>May import: {@code org.apache.parquet.*} and {@code shaded.parquet.org.apache.thrift.*}
 * (parquet-format's own thrift runtime, whose generated code decodes the footer's rarer structs).
 */
package io.variant.parquet.file;
