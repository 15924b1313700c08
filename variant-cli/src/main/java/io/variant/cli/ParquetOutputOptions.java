// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.schema.VariantSchema;
import io.variant.parquet.write.VariantColumn;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.NumericWidening;
import io.variant.shredding.ShreddingPlan;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * How {@code convert} lays out the Parquet files it writes (a picocli mixin): the VARIANT column's
 * name and layout, the codec, row-group, page and file sizes. Their ranges are checked, and the
 * writer configured from them, here and nowhere else.
 */
final class ParquetOutputOptions {
  /** Parquet's default page size, which {@code --page-size} overrides. */
  private static final long DEFAULT_PAGE_BYTES = 1 << 20;

  /**
   * Pages of a file of {@code --max-file-size} at most, as far as its footer's page indexes are
   * concerned: its pages are a 64th of the size before compression, which rows compress about 3
   * times.
   */
  private static final long FILE_PAGES = 3 * 64;

  /**
   * Bytes a page takes in the page indexes: its offset entry, and its minimum and maximum (binary
   * ones cut to 64 bytes). An event log's 100 KB files of one row group held 29 KB of footer for 47
   * columns and about 200 pages.
   */
  private static final long PAGE_INDEX_BYTES = 100;

  /** The column name when {@code --column} is not given. */
  static final String DEFAULT_COLUMN = "variant";

  /** The codecs offered; others need jars the CLI does not ship. */
  enum Codec {
    ZSTD(CompressionCodecName.ZSTD),
    SNAPPY(CompressionCodecName.SNAPPY),
    GZIP(CompressionCodecName.GZIP),
    NONE(CompressionCodecName.UNCOMPRESSED);

    final CompressionCodecName parquet;

    Codec(CompressionCodecName parquet) {
      this.parquet = parquet;
    }
  }

  /** One size option's name, value and accepted range (in bytes). */
  private record SizeOption(String name, Long bytes, long min, long max, String range) {}

  @Spec(Spec.Target.MIXEE)
  CommandSpec spec;

  @Option(
      names = "--layout",
      defaultValue = "spec",
      paramLabel = "spec|draft",
      description =
          "Column layout: spec (metadata, value, typed_value; the default) or draft (untyped_value, "
              + "object, array, typed_value).")
  ShreddingLayout layout;

  @Option(
      names = "--column",
      defaultValue = DEFAULT_COLUMN,
      paramLabel = "NAME",
      description = "Name of the VARIANT column (default: ${DEFAULT-VALUE}).")
  String column;

  @Option(
      names = "--codec",
      defaultValue = "zstd",
      paramLabel = "zstd|snappy|gzip|none",
      description = "Compression codec (default: ${DEFAULT-VALUE}).")
  Codec codec;

  @Option(
      names = "--row-group-size",
      converter = ByteSize.class,
      paramLabel = "SIZE",
      description =
          "Target row-group size, e.g. 64M (default: 128M), weighed on the values before they are"
              + " encoded: a row's metadata and every repeated string count each time, so a group"
              + " takes several times less on disk (an event log's 1M groups: 160K before"
              + " compression, 66K after).")
  Long rowGroupSize;

  @Option(
      names = "--page-size",
      converter = ByteSize.class,
      paramLabel = "SIZE",
      description = "Target page size, e.g. 256K (default: 1M).")
  Long pageSize;

  @Option(
      names = "--max-file-size",
      converter = ByteSize.class,
      paramLabel = "SIZE",
      description =
          "Write numbered files of about SIZE each instead of one: -o out.parquet writes "
              + "out-00001.parquet, out-00002.parquet, ... A file is closed before the writer's estimate of "
              + "its size would pass SIZE (pages are kept to SIZE/64 unless --page-size is given, so the "
              + "estimate stays close); the estimate counts about 200 bytes of footer and page indexes per "
              + "column of each row group and 100 per page, a few percent at sizes of megabytes and much of "
              + "a file at tens of kilobytes, where pages are small and many. Files come out about SIZE "
              + "(columns' dictionaries are counted only once written, so rows of long distinct strings can "
              + "take a file of a few hundred kilobytes up to half over). They appear together when the "
              + "last is complete; --overwrite replaces an earlier set whole. Not for stdout, FIFOs or devices.")
  Long maxFileSize;

  /**
   * Checks the sizes against what Parquet and this process can take.
   *
   * @throws ParameterException naming the option, if one is out of range
   */
  void check() {
    SizeOption[] sizes = {
      new SizeOption("--row-group-size", rowGroupSize, 1024, Integer.MAX_VALUE, "1K and 2G"),
      new SizeOption("--page-size", pageSize, 64, Integer.MAX_VALUE, "64 bytes and 2G"),
      new SizeOption("--max-file-size", maxFileSize, 1024, Long.MAX_VALUE, "1K and 8E"),
    };
    for (SizeOption s : sizes) {
      if (s.bytes() != null && (s.bytes() < s.min() || s.bytes() > s.max())) {
        throw new ParameterException(
            spec.commandLine(), s.name() + " must be between " + s.range() + ", was " + s.bytes());
      }
    }
  }

  /** The most bytes of one output file, or 0 for one file whatever its size. */
  long maxFileBytes() {
    return maxFileSize == null ? 0 : maxFileSize;
  }

  /**
   * A new writer of {@code file} with {@code codec}, as every writer of the CLI starts. ZSTD, the
   * default, needs no Hadoop configuration at all (the writer compresses it itself, from parquet's
   * own settings): Hadoop's {@code Configuration} class init alone was 17 ms of a 20,000-row
   * convert's CPU. Other codecs go through Hadoop's codec machinery, which reads its settings from
   * a Hadoop configuration, and the first read of a default one parses Hadoop's {@code
   * core-default.xml} (160 KB, a tenth of such a convert's CPU): they get one without Hadoop's
   * defaults; no setting a codec reads has a default there, so the file is the same.
   */
  static VariantParquetWriter.Builder builder(OutputFile file, Codec codec) {
    VariantParquetWriter.Builder builder = VariantParquetWriter.builder(file).codec(codec.parquet);
    return codec == Codec.ZSTD ? builder : builder.conf(new Configuration(false));
  }

  /**
   * A writer of one file with these options, its VARIANT column shredded by {@code plan} with
   * {@code widening}, rows' dictionaries holding {@code sharedKeys} beside the plan's keys ({@link
   * io.variant.parquet.internal.SharedKeys}).
   */
  VariantParquetWriter.Builder writer(
      OutputFile file, ShreddingPlan plan, NumericWidening widening, List<String> sharedKeys) {
    VariantParquetWriter.Builder builder =
        builder(file, codec)
            // the plan and the keys are given: nothing to sample
            .inferFromFirst(0)
            // the stream is ours: a fresh temporary file, stdout, or a FIFO/device written through
            .overwrite();
    long groupBytes = rowGroupSize != null ? rowGroupSize : builder.options().rowGroupSize();
    if (maxFileSize != null) {
      // A row group never needs two files, and leaves room for the footer and page indexes of the
      // file it starts: at small sizes they took a file up to 28% over.
      long columns =
          new MessageType(
                  "m", VariantSchema.toParquet(column, plan, layout, Type.Repetition.REQUIRED))
              .getColumns()
              .size();
      long footer = columns * ConvertWriter.CHUNK_METADATA_BYTES + FILE_PAGES * PAGE_INDEX_BYTES;
      groupBytes = Math.min(groupBytes, Math.max(maxFileSize / 2, maxFileSize - footer));
    }
    builder.rowGroupSize(groupBytes);
    if (pageSize != null) {
      builder.pageSize(pageSize.intValue());
    } else if (maxFileSize != null) {
      // The writer's size estimate counts open pages before compression: small pages keep it close.
      builder.pageSize((int) Math.min(DEFAULT_PAGE_BYTES, Math.max(maxFileSize / 64, 1024)));
    }
    return builder.variantColumn(
        VariantColumn.of(column, plan)
            .withLayout(layout)
            .withWidening(widening)
            // every row is a JSON document, never SQL NULL: a required group has narrower levels
            .withNullable(false)
            .withSharedKeys(sharedKeys));
  }
}
