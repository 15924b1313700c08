// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import io.variant.parquet.schema.ShreddingLayout;
import io.variant.shredding.NumericWidening;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The file options every writer builder of this project offers, with the same names and defaults:
 * {@link VariantParquetWriter.Builder} and variant-avro's {@code VariantAvroWriter.Builder} extend
 * it and add what they write (columns; an Avro schema). Each setter changes one field of the
 * builder's {@link WriteOptions}; {@link #options(WriteOptions)} sets them all at once.
 *
 * @param <B> the concrete builder, returned by every setter
 */
public abstract class WriterBuilder<B extends WriterBuilder<B>> {
  private WriteOptions options = WriteOptions.defaults();

  /** For subclasses. */
  protected WriterBuilder() {}

  /** The concrete builder. */
  protected abstract B self();

  /** The options set so far. */
  public WriteOptions options() {
    return options;
  }

  /** Replaces every option with {@code o}'s. */
  public B options(WriteOptions o) {
    this.options = Objects.requireNonNull(o, "options");
    return self();
  }

  /** Compression codec; default ZSTD. */
  public B codec(CompressionCodecName c) {
    return options(options.withCodec(c));
  }

  /** Target row-group size in bytes; default Parquet's 128 MiB. */
  public B rowGroupSize(long bytes) {
    return options(options.withRowGroupSize(bytes));
  }

  /** Target page size in bytes; default Parquet's 1 MiB. */
  public B pageSize(int bytes) {
    return options(options.withPageSize(bytes));
  }

  /** At most {@code rows} rows per row group (0: no limit beyond the size). */
  public B rowGroupRowLimit(int rows) {
    return options(options.withRowGroupRowLimit(rows));
  }

  /** At most {@code rows} rows per page (0: Parquet's default limit). */
  public B pageRowLimit(int rows) {
    return options(options.withPageRowLimit(rows));
  }

  /** Replace an existing file at the target (atomically, where the writer stages its file). */
  public B overwrite() {
    return options(options.withOverwrite(true));
  }

  /**
   * Use Hadoop's configuration (codec settings; for the Avro writer also parquet-avro's, such as
   * {@code parquet.avro.write-old-list-structure}) instead of a plain one. Parquet's file
   * encryption settings are not read: these writers do not encrypt.
   */
  public B conf(Configuration conf) {
    return options(options.withConf(Objects.requireNonNull(conf, "conf")));
  }

  /** Layout of VARIANT columns declared without one; default {@link ShreddingLayout#SPEC}. */
  public B layout(ShreddingLayout l) {
    return options(options.withLayout(l));
  }

  /**
   * Which numbers typed columns accept, for VARIANT columns declared without one, and so whether
   * they come back with their text: default {@link NumericWidening#LOSSLESS} (174.2 in a
   * decimal(9,2) column comes back as 174.20); {@link NumericWidening#SAME_SCALE} keeps every
   * number's text, {@link NumericWidening#STRICT} its exact type too. A plan inferred from the
   * sampled rows is inferred for this widening.
   */
  public B widening(NumericWidening w) {
    return options(options.withWidening(w));
  }

  /**
   * How rows' metadata is written, for VARIANT columns declared without one; default {@link
   * MetadataPolicy#ROW_KEYS}.
   */
  public B metadataPolicy(MetadataPolicy p) {
    return options(options.withMetadataPolicy(p));
  }

  /**
   * Whether VARIANT columns declared by name may hold SQL NULL. True (default): each is an {@code
   * optional} group and a {@code null} record value is SQL NULL. False: each is a {@code required}
   * group, a record without a Variant is refused before anything of it is written, and every column
   * under the group stores one definition level less, which narrows the levels of paths present in
   * only some rows (1-2% of an event log's file). Columns given whole say it themselves ({@link
   * VariantColumn#withNullable}).
   */
  public B nullableVariants(boolean nullable) {
    return options(options.withNullableVariants(nullable));
  }

  /**
   * Buffers the first {@code rows} rows before opening the file: they infer the plans of VARIANT
   * columns declared without one, and under {@link MetadataPolicy#SHARED_DICTIONARY} the keys they
   * use join the shared dictionary. Each writer documents its default; {@code 0} turns sampling off
   * (then every VARIANT column needs a plan).
   *
   * @throws IllegalArgumentException if {@code rows} is negative
   */
  public B inferFromFirst(int rows) {
    if (rows < 0) {
      throw new IllegalArgumentException("rows must be >= 0, was " + rows);
    }
    return options(options.withInferRows(rows));
  }

  /** Adds a key/value pair to the file footer. */
  public B extraMetadata(String key, String value) {
    return options(options.withExtraMetadata(key, value));
  }
}
