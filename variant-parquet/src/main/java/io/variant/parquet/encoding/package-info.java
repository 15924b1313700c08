// SPDX-License-Identifier: Apache-2.0
/**
 * Our Parquet page encodings, apart from everything Variant. Reading: {@link
 * io.variant.parquet.encoding.LeafPages} decodes a column chunk's pages entry by entry, or in runs
 * and batches, as parquet-java's {@code ColumnReaderImpl} hands them to a converter: levels ({@code
 * PageLevels}, the RLE / bit-packed hybrid of {@code RleHybrid}), values ({@link
 * io.variant.parquet.encoding.PageValues}: PLAIN, dictionary ids over a {@code ChunkDictionary} and
 * {@code BinaryDictionary}, the delta encodings of {@code DeltaPages}), and binaries handed on as
 * arrays ({@link io.variant.parquet.encoding.BinaryConverter}); pages are decompressed by {@link
 * io.variant.parquet.encoding.PageCodecs} (ZSTD in one call). What these decoders decline (an
 * encoding they do not decode, such as BYTE_STREAM_SPLIT) is read by parquet-java's own decoder for
 * it ({@code DeclinedValues}). A page read to its end must have used up its bytes ({@code
 * PageEnd}): each decoder says what is left after the values its levels called for. Writing: {@link
 * io.variant.parquet.encoding.BinaryDictionaryWriter} (parquet-java's dictionary encoding with a
 * cheaper lookup), {@link io.variant.parquet.encoding.SmallestEncodingWriter} (the encoding whose
 * first page compresses smallest, weighed by a {@link io.variant.parquet.encoding.PageWeigher}),
 * {@link io.variant.parquet.encoding.CappedPrefixWriter} ({@code DELTA_BYTE_ARRAY} with prefixes
 * capped at the length values most often share) and {@link
 * io.variant.parquet.encoding.ZstdPageCompressor} (parquet-java's ZSTD pages with one native
 * context and its buffers, kept from file to file). spec: Parquet Encodings.md, Compression.md.
 *
 * <p><b>Internal:</b> not API; public only for {@code io.variant.parquet.read}, {@code
 * io.variant.parquet.write} and variant-arrow's batch reader, and may change without notice. The
 * columnar reader builds on it, so it knows nothing of Variants. Every decoder here is checked
 * against parquet-java's on the same bytes (see the package's tests).
 *
 * <p>May import: {@code org.apache.parquet.*} and {@code com.github.luben.zstd} (zstd-jni,
 * parquet-java's own ZSTD library, called as parquet-java's codec calls it).
 */
package io.variant.parquet.encoding;
