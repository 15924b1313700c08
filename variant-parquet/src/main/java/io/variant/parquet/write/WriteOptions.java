// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import io.variant.parquet.schema.ShreddingLayout;
import io.variant.shredding.NumericWidening;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.HadoopParquetConfiguration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * How a writer of VARIANT columns writes its file: the settings {@link VariantParquetWriter} and
 * variant-avro's writer share, set through their builders ({@link WriterBuilder}) or given whole.
 * Immutable; each {@code with} method returns a changed copy.
 *
 * <pre>{@code
 * WriteOptions small = WriteOptions.defaults().withCodec(CompressionCodecName.SNAPPY).withRowGroupSize(8 << 20);
 * VariantParquetWriter.builder(path).options(small).variantColumn("event", plan).build();
 * }</pre>
 *
 * @param codec compression codec; default ZSTD
 * @param rowGroupSize target row-group size in bytes; default Parquet's 128 MiB
 * @param pageSize target page size in bytes; default Parquet's 1 MiB
 * @param rowGroupRowLimit at most this many rows per row group; 0 (default): no limit beyond the
 *     size
 * @param pageRowLimit at most this many rows per page; 0 (default): Parquet's limit
 * @param overwrite whether an existing file at the target is replaced; default false
 * @param conf Hadoop's configuration (codec settings, parquet-avro settings), or {@code null}
 *     (default) for a plain configuration without Hadoop
 * @param layout layout of VARIANT columns declared by name; default {@link ShreddingLayout#SPEC}
 * @param widening which values typed columns accept; default {@link NumericWidening#LOSSLESS}
 * @param metadataPolicy how rows' metadata is written; default {@link MetadataPolicy#ROW_KEYS}
 * @param inferRows rows sampled before the file is opened (to infer plans and, where the policy
 *     shares keys, a dictionary); -1 (default): the writer's own default
 * @param extraMetadata key/value pairs for the file footer; default none
 * @param nullableVariants whether VARIANT columns declared by name may hold SQL NULL; default true
 *     ({@link VariantColumn#nullable()})
 */
public record WriteOptions(
    CompressionCodecName codec,
    long rowGroupSize,
    int pageSize,
    int rowGroupRowLimit,
    int pageRowLimit,
    boolean overwrite,
    Configuration conf,
    ShreddingLayout layout,
    NumericWidening widening,
    MetadataPolicy metadataPolicy,
    int inferRows,
    Map<String, String> extraMetadata,
    boolean nullableVariants) {

  /**
   * @throws NullPointerException if an object other than {@code conf} is null
   * @throws IllegalArgumentException if a size is not positive, a limit is negative or {@code
   *     inferRows} is below -1
   */
  public WriteOptions {
    Objects.requireNonNull(codec, "codec");
    Objects.requireNonNull(layout, "layout");
    Objects.requireNonNull(widening, "widening");
    Objects.requireNonNull(metadataPolicy, "metadataPolicy");
    extraMetadata =
        Collections.unmodifiableMap(
            new LinkedHashMap<>(Objects.requireNonNull(extraMetadata, "extraMetadata")));
    if (rowGroupSize <= 0 || pageSize <= 0) {
      throw new IllegalArgumentException(
          "Cannot write row groups of " + rowGroupSize + " or pages of " + pageSize + " bytes");
    }
    if (rowGroupRowLimit < 0 || pageRowLimit < 0) {
      throw new IllegalArgumentException(
          "Row limits must be >= 0, were " + rowGroupRowLimit + " and " + pageRowLimit);
    }
    if (inferRows < -1) {
      throw new IllegalArgumentException("rows must be >= 0, was " + inferRows);
    }
  }

  /** The defaults listed on the record. */
  public static WriteOptions defaults() {
    return new WriteOptions(
        CompressionCodecName.ZSTD,
        ParquetWriter.DEFAULT_BLOCK_SIZE,
        ParquetWriter.DEFAULT_PAGE_SIZE,
        0,
        0,
        false,
        null,
        ShreddingLayout.SPEC,
        NumericWidening.LOSSLESS,
        MetadataPolicy.ROW_KEYS,
        -1,
        Map.of(),
        true);
  }

  /** These options with codec {@code c}. */
  public WriteOptions withCodec(CompressionCodecName c) {
    return edit(d -> d.codec = c);
  }

  /** These options with row groups of {@code bytes}. */
  public WriteOptions withRowGroupSize(long bytes) {
    return edit(d -> d.rowGroupSize = bytes);
  }

  /** These options with pages of {@code bytes}. */
  public WriteOptions withPageSize(int bytes) {
    return edit(d -> d.pageSize = bytes);
  }

  /** These options with at most {@code rows} rows per row group (0: no limit). */
  public WriteOptions withRowGroupRowLimit(int rows) {
    return edit(d -> d.rowGroupRowLimit = rows);
  }

  /** These options with at most {@code rows} rows per page (0: Parquet's limit). */
  public WriteOptions withPageRowLimit(int rows) {
    return edit(d -> d.pageRowLimit = rows);
  }

  /** These options, replacing an existing file at the target or not. */
  public WriteOptions withOverwrite(boolean replace) {
    return edit(d -> d.overwrite = replace);
  }

  /** These options with Hadoop's configuration {@code c} ({@code null}: a plain one). */
  public WriteOptions withConf(Configuration c) {
    return edit(d -> d.conf = c);
  }

  /** These options with layout {@code l}. */
  public WriteOptions withLayout(ShreddingLayout l) {
    return edit(d -> d.layout = l);
  }

  /** These options with widening mode {@code w}. */
  public WriteOptions withWidening(NumericWidening w) {
    return edit(d -> d.widening = w);
  }

  /** These options with metadata policy {@code p}. */
  public WriteOptions withMetadataPolicy(MetadataPolicy p) {
    return edit(d -> d.metadataPolicy = p);
  }

  /** These options sampling {@code rows} rows (-1: the writer's default). */
  public WriteOptions withInferRows(int rows) {
    return edit(d -> d.inferRows = rows);
  }

  /** These options with VARIANT columns declared by name nullable or not. */
  public WriteOptions withNullableVariants(boolean nullable) {
    return edit(d -> d.nullableVariants = nullable);
  }

  /** These options with {@code key = value} added to the footer metadata. */
  public WriteOptions withExtraMetadata(String key, String value) {
    Map<String, String> m = new LinkedHashMap<>(extraMetadata);
    m.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value"));
    return edit(d -> d.extraMetadata = m);
  }

  /** A copy with {@code change} applied, checked by the canonical constructor. */
  private WriteOptions edit(Consumer<Draft> change) {
    Draft d = new Draft(this);
    change.accept(d);
    return new WriteOptions(
        d.codec,
        d.rowGroupSize,
        d.pageSize,
        d.rowGroupRowLimit,
        d.pageRowLimit,
        d.overwrite,
        d.conf,
        d.layout,
        d.widening,
        d.metadataPolicy,
        d.inferRows,
        d.extraMetadata,
        d.nullableVariants);
  }

  /** The components of a copy being edited. */
  private static final class Draft {
    CompressionCodecName codec;
    long rowGroupSize;
    int pageSize;
    int rowGroupRowLimit;
    int pageRowLimit;
    boolean overwrite;
    Configuration conf;
    ShreddingLayout layout;
    NumericWidening widening;
    MetadataPolicy metadataPolicy;
    int inferRows;
    Map<String, String> extraMetadata;
    boolean nullableVariants;

    Draft(WriteOptions o) {
      codec = o.codec;
      rowGroupSize = o.rowGroupSize;
      pageSize = o.pageSize;
      rowGroupRowLimit = o.rowGroupRowLimit;
      pageRowLimit = o.pageRowLimit;
      overwrite = o.overwrite;
      conf = o.conf;
      layout = o.layout;
      widening = o.widening;
      metadataPolicy = o.metadataPolicy;
      inferRows = o.inferRows;
      extraMetadata = o.extraMetadata;
      nullableVariants = o.nullableVariants;
    }
  }

  /** {@link ParquetFileWriter.Mode#OVERWRITE} or {@code CREATE}, as {@link #overwrite} says. */
  ParquetFileWriter.Mode writeMode() {
    return overwrite ? ParquetFileWriter.Mode.OVERWRITE : ParquetFileWriter.Mode.CREATE;
  }

  /** {@link #conf} as parquet-java's configuration, or a plain one. */
  ParquetConfiguration parquetConfiguration() {
    return conf != null ? new HadoopParquetConfiguration(conf) : new PlainParquetConfiguration();
  }
}
