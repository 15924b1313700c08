// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import io.variant.parquet.encoding.BinaryDictionaryWriter;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForInteger;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForLong;
import org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter;
import org.apache.parquet.column.values.dictionary.DictionaryValuesWriter;
import org.apache.parquet.column.values.factory.DefaultV1ValuesWriterFactory;
import org.apache.parquet.column.values.factory.ValuesWriterFactory;
import org.apache.parquet.column.values.fallback.FallbackValuesWriter;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.schema.PrimitiveType;

/**
 * The value encodings {@link VariantParquetWriter} gives leaf columns: parquet-java's version-1
 * choices (a dictionary, falling back to PLAIN once the dictionary stops paying), except for the
 * {@code typed_value} leaves that hold integers or strings, whose dictionary falls back to {@code
 * DELTA_BINARY_PACKED} (int32, int64: ids, counters, timestamps, small decimals) or {@code
 * DELTA_BYTE_ARRAY} (strings and binaries with shared prefixes: numeric ids as text, timestamps as
 * text, URLs). Every BINARY dictionary looks values up through {@link BinaryDictionaryWriter}
 * (parquet-java's encoding, the same bytes, a cheaper lookup) and gives up before its first page
 * ends once the values so far are distinct and fail parquet-java's own first-page test ({@link
 * BinaryDictionaryWriter#judgingEarly}): on the real rows of {@code bench/real-corpora} (residual
 * objects, long free text) hashing and copying every value into a dictionary that the page's end
 * then threw away was a sixth of converting JSON to the file, and every corpus of {@code
 * bench/sizes} gave files of the same size. Typed columns are where a shredded file's
 * high-cardinality values end up, and PLAIN stores them poorly even under ZSTD.
 *
 * <p>Measured with the plans {@code variant convert} infers ({@code bench/sizes} corpora, ZSTD):
 * mixed-20k 3,186,798 to 3,108,593 bytes (-2.5%), events-20k 615,677 to 542,828 bytes (-12%); per
 * column, e.g. {@code id_str} -24%, {@code timestamp_ms} -26%, {@code user.id} -14%, one column
 * worse ({@code created_at}, dates of two formats interleaved: +8%). Residual {@code value} columns
 * keep PLAIN: {@code DELTA_BYTE_ARRAY} made them 2% larger. Data pages stay version 1, whose levels
 * are compressed with the values: parquet-java's version-2 writer, which also switches to delta
 * encodings, made the mixed file 3% larger, mostly from uncompressed levels.
 *
 * <p>Every reader the project tests reads these encodings: parquet-java (and so parquet-avro and
 * Hadoop input formats), DuckDB and Spark ({@code variant-interop}).
 */
final class TypedColumnEncodings implements ValuesWriterFactory {
  private final DefaultV1ValuesWriterFactory parquetJava = new DefaultV1ValuesWriterFactory();
  private ParquetProperties props;

  @Override
  public void initialize(ParquetProperties properties) {
    this.props = properties;
    parquetJava.initialize(properties);
  }

  @Override
  public ValuesWriter newValuesWriter(ColumnDescriptor column) {
    String[] path = column.getPath();
    int slab = props.getInitialSlabSize();
    int page = props.getPageSizeThreshold();
    int dictionaryBytes = props.getDictionaryPageSizeThreshold();
    ByteBufferAllocator alloc = props.getAllocator();
    Encoding dict = Encoding.PLAIN_DICTIONARY; // what parquet-java's v1 writer names them
    PrimitiveType.PrimitiveTypeName type = column.getPrimitiveType().getPrimitiveTypeName();
    if (!path[path.length - 1].equals("typed_value")) {
      return type != PrimitiveType.PrimitiveTypeName.BINARY
          ? parquetJava.newValuesWriter(column)
          // parquet-java's choice, the same bytes, with the cheaper dictionary lookup
          : withDictionary(
              column,
              BinaryDictionaryWriter.judgingEarly(dictionaryBytes, dict, dict, alloc),
              new PlainValuesWriter(slab, page, alloc));
    }
    return switch (type) {
      case INT32 ->
          withDictionary(
              column,
              new DictionaryValuesWriter.PlainIntegerDictionaryValuesWriter(
                  dictionaryBytes, dict, dict, alloc),
              new DeltaBinaryPackingValuesWriterForInteger(slab, page, alloc));
      case INT64 ->
          withDictionary(
              column,
              new DictionaryValuesWriter.PlainLongDictionaryValuesWriter(
                  dictionaryBytes, dict, dict, alloc),
              new DeltaBinaryPackingValuesWriterForLong(slab, page, alloc));
      case BINARY ->
          withDictionary(
              column,
              BinaryDictionaryWriter.judgingEarly(dictionaryBytes, dict, dict, alloc),
              new DeltaByteArrayWriter(slab, page, alloc));
      default -> parquetJava.newValuesWriter(column);
    };
  }

  /** {@code fallback} behind a dictionary, or alone where dictionaries are turned off. */
  private ValuesWriter withDictionary(
      ColumnDescriptor column, DictionaryValuesWriter dictionary, ValuesWriter fallback) {
    return props.isDictionaryEnabled(column)
        ? FallbackValuesWriter.of(dictionary, fallback)
        : fallback;
  }
}
