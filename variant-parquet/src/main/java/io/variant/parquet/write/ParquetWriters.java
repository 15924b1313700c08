// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.OutputFile;

/**
 * parquet-java's own {@link ParquetWriter} around any {@link WriteSupport}, configured from {@link
 * WriteOptions}: the one place that sets up parquet-java's writer for this project (variant-avro's
 * writer, the benchmarks' parquet-java peer, tests). {@link VariantParquetWriter} writes its files
 * itself ({@code RowGroupWriter}) with the same settings, and the same bytes come out.
 *
 * <pre>{@code
 * try (ParquetWriter<VariantRecord> w = ParquetWriters.open(file, new VariantWriteSupport(columns),
 *     WriteOptions.defaults().withOverwrite(true))) {
 *   w.write(record);
 * }
 * }</pre>
 */
public final class ParquetWriters {
  private ParquetWriters() {}

  /**
   * Opens {@code file} for writing rows through {@code support}: codec, sizes, row limits, write
   * mode and configuration from {@code options} (layout, widening, metadata policy and sampling are
   * the support's business).
   *
   * @throws java.nio.file.FileAlreadyExistsException (or another {@link IOException}) if the file
   *     exists and {@code options} does not overwrite, or cannot be created
   */
  public static <T> ParquetWriter<T> open(
      OutputFile file, WriteSupport<T> support, WriteOptions options) throws IOException {
    Builder<T> b =
        new Builder<>(file, support)
            .withWriteMode(options.writeMode())
            .withCompressionCodec(options.codec())
            .withRowGroupSize(options.rowGroupSize())
            .withPageSize(options.pageSize())
            .withConf(options.parquetConfiguration())
            // footer statistics cut as the level writer's files cut them (RowGroupWriter)
            .withStatisticsTruncateLength(ParquetProperties.DEFAULT_COLUMN_INDEX_TRUNCATE_LENGTH);
    if (options.rowGroupRowLimit() > 0) {
      b = b.withRowGroupRowCountLimit(options.rowGroupRowLimit());
    }
    if (options.pageRowLimit() > 0) {
      b = b.withPageRowCountLimit(options.pageRowLimit());
    }
    return b.build();
  }

  /** Hands the given support to parquet-java's builder, whatever configuration it passes. */
  private static final class Builder<T> extends ParquetWriter.Builder<T, Builder<T>> {
    private final WriteSupport<T> support;

    Builder(OutputFile file, WriteSupport<T> support) {
      super(file);
      this.support = support;
    }

    @Override
    protected Builder<T> self() {
      return this;
    }

    @Override
    protected WriteSupport<T> getWriteSupport(Configuration conf) {
      return support;
    }

    @Override
    protected WriteSupport<T> getWriteSupport(ParquetConfiguration conf) {
      return support;
    }
  }
}
