// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import io.variant.parquet.encoding.BinaryDictionaryWriter;
import io.variant.parquet.encoding.CappedPrefixWriter;
import io.variant.parquet.encoding.PageWeigher;
import io.variant.parquet.encoding.SmallestEncodingWriter;
import java.util.List;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForInteger;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForLong;
import org.apache.parquet.column.values.dictionary.DictionaryValuesWriter;
import org.apache.parquet.column.values.factory.DefaultV1ValuesWriterFactory;
import org.apache.parquet.column.values.factory.ValuesWriterFactory;
import org.apache.parquet.column.values.fallback.FallbackValuesWriter;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.schema.PrimitiveType;

/**
 * The value encodings {@link VariantParquetWriter} gives leaf columns: parquet-java's version-1
 * choices (a dictionary, falling back to PLAIN once the dictionary stops paying), except for the
 * {@code typed_value} leaves that hold integers or strings. Their column chunks take the encoding
 * that compresses smallest ({@link SmallestEncodingWriter}) of a dictionary (weighed on the first
 * page), PLAIN and a delta encoding (weighed on its first 16 KB of values): {@code
 * DELTA_BINARY_PACKED} for int32 and int64 (ids, counters, timestamps, small decimals), {@code
 * DELTA_BYTE_ARRAY} for strings and binaries (shared prefixes: numeric ids as text, timestamps as
 * text, URLs), its prefixes capped at the length the judged values most often share ({@link
 * CappedPrefixWriter}: event logs' files 2.2-2.3% smaller, fields whose type drifts 4.1%, no {@code
 * bench/sizes} corpus larger). Every BINARY dictionary looks values up through {@link
 * BinaryDictionaryWriter} (parquet-java's encoding with a cheaper lookup; the same bytes where
 * parquet-java's choice is kept, its first page's entries sorted by their bytes in typed and
 * residual columns, whose dictionary pages then compress smaller); on residual columns it gives up
 * before its first page ends once the values so far are distinct and fail parquet-java's own
 * first-page test ({@link BinaryDictionaryWriter#judgingEarly}): on real rows (residual objects,
 * long free text) hashing every value into a dictionary that the page's end then threw away was a
 * sixth of converting JSON to the file. Typed columns are where a shredded file's high-cardinality
 * values end up, and the best encoding for them under compression varies from column to column.
 *
 * <p>Measured with the plans {@code variant convert} infers ({@code bench/sizes} corpora, ZSTD):
 * falling back from the dictionary to the delta encodings (by parquet-java's uncompressed rule)
 * made mixed-20k 2.5% and events-20k 12% smaller than parquet-java's choices ({@code id_str} -24%,
 * {@code timestamp_ms} -26%, {@code user.id} -14%), one column worse ({@code created_at}, dates of
 * two formats interleaved: +8%, which PLAIN stores best); weighing the candidates compressed picks
 * PLAIN there, and for short strings of many distinct values (product names and SKUs, dictionary 82
 * KB, PLAIN 68 KB), and deltas for random integers the dictionary kept ({@code user.id}: 36 KB,
 * delta 32 KB). Residual {@code value} columns weigh their dictionary against PLAIN the same way
 * (metadata columns keep parquet-java's choice) ({@code DELTA_BYTE_ARRAY} made them 2% larger): the
 * numbers left in the element residual of product rows that are lists of strings took 26.7 KB with
 * the dictionary parquet-java keeps, 21.8 KB PLAIN. Residual dictionaries are sorted as typed
 * string ones are ({@link BinaryDictionaryWriter#judgingEarlySortedByKey}): Variant values that
 * share a header and field ids sit side by side, and files of mixed, non-object and product rows
 * came out 1.5-2.5% smaller, the real rows 0.3-0.5%. Data pages stay version 1, whose levels are
 * compressed with the values: parquet-java's version-2 writer, which also switches to delta
 * encodings, made the mixed file 3% larger, mostly from uncompressed levels.
 *
 * <p>Every reader the project tests reads these encodings: parquet-java (and so parquet-avro and
 * Hadoop input formats), DuckDB and Spark ({@code variant-interop}).
 */
final class TypedColumnEncodings implements ValuesWriterFactory {
  private final DefaultV1ValuesWriterFactory parquetJava = new DefaultV1ValuesWriterFactory();
  private final PageWeigher weigher;
  private ParquetProperties props;

  /**
   * @param weigher the size of a page's values once compressed as the file's pages are
   */
  TypedColumnEncodings(PageWeigher weigher) {
    this.weigher = weigher;
  }

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
    String leaf = path[path.length - 1];
    if (!leaf.equals("typed_value")) {
      if (type != PrimitiveType.PrimitiveTypeName.BINARY) {
        return parquetJava.newValuesWriter(column);
      }
      if (!props.isDictionaryEnabled(column)) {
        return new PlainValuesWriter(slab, page, alloc);
      }
      PlainValuesWriter plain = new PlainValuesWriter(slab, page, alloc);
      // residual values weighed compressed, their dictionary sorted; metadata (one dictionary for
      // nearly every row) and columns beside the variants keep parquet-java's choice, the same
      // bytes
      return leaf.equals("value") && path.length > 1
          ? new SmallestEncodingWriter(
              BinaryDictionaryWriter.judgingEarlySortedByKey(dictionaryBytes, dict, dict, alloc),
              List.of(plain),
              weigher)
          : FallbackValuesWriter.of(
              BinaryDictionaryWriter.judgingEarly(dictionaryBytes, dict, dict, alloc), plain);
    }
    return switch (type) {
      case INT32 ->
          smallest(
              column,
              new DictionaryValuesWriter.PlainIntegerDictionaryValuesWriter(
                  dictionaryBytes, dict, dict, alloc),
              new DeltaBinaryPackingValuesWriterForInteger(slab, page, alloc));
      case INT64 ->
          smallest(
              column,
              new DictionaryValuesWriter.PlainLongDictionaryValuesWriter(
                  dictionaryBytes, dict, dict, alloc),
              new DeltaBinaryPackingValuesWriterForLong(slab, page, alloc));
      case BINARY ->
          smallest(
              column,
              BinaryDictionaryWriter.sortedByKey(dictionaryBytes, dict, dict, alloc),
              new CappedPrefixWriter(slab, page, alloc));
      default -> parquetJava.newValuesWriter(column);
    };
  }

  /**
   * The smallest of {@code dictionary} (where dictionaries are on), PLAIN and {@code delta}, by
   * each column chunk's first page.
   */
  private ValuesWriter smallest(
      ColumnDescriptor column, DictionaryValuesWriter dictionary, ValuesWriter delta) {
    ValuesWriter plain =
        new PlainValuesWriter(
            props.getInitialSlabSize(), props.getPageSizeThreshold(), props.getAllocator());
    return new SmallestEncodingWriter(
        props.isDictionaryEnabled(column) ? dictionary : null, List.of(plain, delta), weigher);
  }
}
