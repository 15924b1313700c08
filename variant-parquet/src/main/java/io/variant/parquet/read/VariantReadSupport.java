// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.parquet.VariantRecord;
import io.variant.parquet.guard.GuardedInputFile;
import io.variant.shredding.RebuildOptions;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.InitContext;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.RecordMaterializer;
import org.apache.parquet.schema.MessageType;

/**
 * Reads Parquet rows as {@link VariantRecord}s: every VARIANT column (either layout) is rebuilt
 * from its shredded columns, and every ordinary top-level primitive column is read as a plain value
 * (see {@code PlainColumnConverter}). Engines embed it in {@code ParquetReader.builder}; {@link
 * io.variant.parquet.read.VariantParquetReader} gives the same rows through its own level reader.
 *
 * <p><b>Untrusted files:</b> parquet-java allocates what a file's footer and page headers claim, so
 * read through a {@link GuardedInputFile} (footer and page-header checks) with page checksums on,
 * as {@code VariantParquetReader} does; without it a forged file can exhaust the heap or silently
 * drop rows. Even with it, the level and page-end checks of {@code VariantParquetReader} are not
 * made (see {@link EngineReadSupports}).
 *
 * <pre>{@code
 * InputFile in = GuardedInputFile.open(inputFile, "events.parquet");
 * ParquetConfiguration conf = GuardedInputFile.verifyChecksums(new PlainParquetConfiguration());
 * try (ParquetReader<VariantRecord> r = new ParquetReader.Builder<VariantRecord>(in, conf) {
 *   protected ReadSupport<VariantRecord> getReadSupport() {
 *     return new VariantReadSupport();
 *   }
 * }.build()) {
 *   VariantRecord row = r.read();
 * }
 * }</pre>
 *
 * <p><b>Errors:</b> {@link #init} throws {@code VariantSchemaException} for an unreadable VARIANT
 * schema; reading a row throws {@code VariantParquetException} (naming the column) for invalid
 * shredded data. <b>Thread safety:</b> the materializer it creates serves one reader thread.
 */
public final class VariantReadSupport extends ReadSupport<VariantRecord> {
  private final RebuildOptions options;
  private final Set<String> columns;

  /**
   * Reads every column and fails on invalid shredded combinations ({@link
   * RebuildOptions#defaults()}).
   */
  public VariantReadSupport() {
    this(RebuildOptions.defaults(), null);
  }

  /**
   * @param options how to treat invalid-but-readable shredded data
   * @param columns the top-level columns to read, or {@code null} for all readable ones
   */
  public VariantReadSupport(RebuildOptions options, Set<String> columns) {
    if (options == null) {
      throw new NullPointerException("options");
    }
    this.options = options;
    this.columns = columns == null ? null : Set.copyOf(columns);
  }

  @Override
  public ReadContext init(InitContext context) {
    return new ReadContext(new FileColumns(context.getFileSchema()).requestedSchema(columns));
  }

  @Override
  @SuppressWarnings(
      "deprecation") // abstract in ReadSupport; readers built on a Hadoop Configuration call it
  public RecordMaterializer<VariantRecord> prepareForRead(
      Configuration configuration,
      Map<String, String> keyValueMetaData,
      MessageType fileSchema,
      ReadContext readContext) {
    return new Materializer(new RowConverter(readContext.getRequestedSchema(), options));
  }

  @Override
  public RecordMaterializer<VariantRecord> prepareForRead(
      ParquetConfiguration configuration,
      Map<String, String> keyValueMetaData,
      MessageType fileSchema,
      ReadContext readContext) {
    return new Materializer(new RowConverter(readContext.getRequestedSchema(), options));
  }

  private static final class Materializer extends RecordMaterializer<VariantRecord> {
    private final RowConverter root;

    Materializer(RowConverter root) {
      this.root = root;
    }

    @Override
    public VariantRecord getCurrentRecord() {
      return root.record();
    }

    @Override
    public GroupConverter getRootConverter() {
      return root;
    }
  }
}
