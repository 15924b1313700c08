// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import io.variant.parquet.VariantRecord;
import io.variant.parquet.internal.PathShares;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.write.VariantColumn;
import io.variant.parquet.write.VariantWriteSupport;
import io.variant.shredding.NumericWidening;
import io.variant.shredding.PlanSyntaxException;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.OutputCommitter;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.hadoop.ParquetOutputFormat;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopInputFile;

/**
 * Writes {@link VariantRecord}s with one VARIANT column to Parquet part files ({@code
 * part-m-00000.zstd.parquet}, ...) from MapReduce or Spark tasks. Every task writes the same
 * schema: the plan, layout and shared dictionary come from the job's {@link Configuration}, set
 * with the static setters before the job starts, the way {@link ParquetOutputFormat} is configured.
 * Parquet's own settings ({@code parquet.block.size}, {@link ParquetOutputFormat#setBlockSize},
 * ...) apply as usual.
 *
 * <pre>{@code
 * Job job = Job.getInstance(conf);
 * job.setOutputFormatClass(VariantParquetOutputFormat.class);
 * VariantParquetOutputFormat.setColumn(job, "event");
 * VariantParquetOutputFormat.setPlan(job, ShreddingPlan.parse("{\"id\": int64, \"ts\": timestamp}"));
 * VariantParquetOutputFormat.setSharedKeys(job, sampledKeys);   // optional
 * FileOutputFormat.setOutputPath(job, new Path("hdfs:///events.parquet.d"));
 * // map tasks write: context.write(null, VariantRecord.builder().set("event", variant).build());
 * }</pre>
 *
 * <p><b>Commit:</b> files are written in the task attempt's work directory and moved into the
 * output directory by Hadoop's {@link FileOutputCommitter} when the attempt commits, so a failed or
 * speculative attempt leaves nothing behind. A job that fails or is killed after some of its tasks
 * committed leaves their files, so the output directory holds {@link IncompleteOutput#IN_PROGRESS}
 * from the job's start until it has committed (after {@code _SUCCESS}), and readers refuse it
 * meanwhile ({@link IncompleteOutput}); {@link ConvertJob} writes to a staging directory instead
 * and publishes it whole. No {@code _metadata} summary files are written. <b>Counters:</b> each
 * task adds {@link ConvertCounters#ROWS_WRITTEN}, {@link ConvertCounters#TYPED_VALUES} and {@link
 * ConvertCounters#RESIDUAL_VALUES} (see {@link PathShares}). Defaults: column {@code variant}, plan
 * {@code variant} (unshredded), layout spec, lossless widening, codec ZSTD.
 */
public class VariantParquetOutputFormat extends ParquetOutputFormat<VariantRecord> {
  /** Configuration key of the VARIANT column's name. */
  public static final String COLUMN = "variant.output.column";

  /** Configuration key of the plan, in its text form ({@link ShreddingPlan#print()}). */
  public static final String PLAN = "variant.output.plan";

  /** Configuration key of the layout: {@code spec} or {@code draft}. */
  public static final String LAYOUT = "variant.output.layout";

  /**
   * Configuration key of the keys that join the shared metadata dictionary: a JSON array of
   * strings.
   */
  public static final String SHARED_KEYS = "variant.output.shared-keys";

  /**
   * Configuration key of the numeric widening: {@code lossless} (the default), {@code same-scale}
   * or {@code strict} ({@link NumericWidening#text()}).
   */
  public static final String WIDENING = "variant.output.widening";

  /**
   * Configuration key of whether a row may be SQL NULL: {@code true} (the default, an {@code
   * optional} group) or {@code false} (a {@code required} group; see {@link
   * VariantColumn#nullable()}).
   */
  public static final String NULLABLE = "variant.output.nullable";

  /**
   * Configuration key of the writer the tasks write with: {@code parquet-java} (the default: its
   * record writer, reading every {@code parquet.*} setting it reads) or {@code variant} (this
   * project's, as {@code variant convert} writes locally: the same encodings and so about the same
   * bytes; it reads the codec, {@code parquet.block.size} and {@code parquet.page.size} only).
   */
  public static final String WRITER = "variant.output.writer";

  /** The column name when none is set. */
  public static final String DEFAULT_COLUMN = "variant";

  private InProgressCommitter committer;

  /** Hadoop creates output formats by reflection. */
  public VariantParquetOutputFormat() {}

  /** Names the VARIANT column (default {@value #DEFAULT_COLUMN}). */
  public static void setColumn(Job job, String column) {
    if (column == null || column.isEmpty()) {
      throw new IllegalArgumentException("Cannot name the VARIANT column \"" + column + "\"");
    }
    job.getConfiguration().set(COLUMN, column);
  }

  /**
   * Whether the tasks write with this project's writer ({@link #WRITER} {@code variant}) instead of
   * parquet-java's (the default).
   */
  public static void setProjectWriter(Job job, boolean project) {
    job.getConfiguration().set(WRITER, project ? "variant" : "parquet-java");
  }

  /** Sets the plan every task shreds with (default: unshredded). */
  public static void setPlan(Job job, ShreddingPlan plan) {
    job.getConfiguration().set(PLAN, plan.print());
  }

  /** Sets the layout (default {@link ShreddingLayout#SPEC}). */
  public static void setLayout(Job job, ShreddingLayout layout) {
    job.getConfiguration().set(LAYOUT, layout.name().toLowerCase(Locale.ROOT));
  }

  /**
   * Whether a record may hold SQL NULL (default true). False writes a {@code required} group, one
   * definition level less in every column under it, and fails a task on a record without a Variant.
   */
  public static void setNullable(Job job, boolean nullable) {
    job.getConfiguration().setBoolean(NULLABLE, nullable);
  }

  /**
   * Sets which numbers typed columns take (default {@link NumericWidening#LOSSLESS}; {@link
   * NumericWidening#SAME_SCALE} keeps every number's text). Set it before {@link PlanSample#of}, so
   * that the plan is inferred for it.
   */
  public static void setWidening(Job job, NumericWidening widening) {
    job.getConfiguration().set(WIDENING, widening.text());
  }

  /**
   * The widening the Configuration names.
   *
   * @throws IllegalArgumentException if it names none
   */
  public static NumericWidening widening(Configuration conf) {
    String text = conf.get(WIDENING, NumericWidening.LOSSLESS.text());
    try {
      return NumericWidening.parse(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("Cannot read " + WIDENING + ": " + e.getMessage(), e);
    }
  }

  /**
   * Whether the Configuration lets rows be SQL NULL.
   *
   * @throws IllegalArgumentException if {@link #NULLABLE} is neither true nor false
   */
  static boolean nullable(Configuration conf) {
    String text = conf.getTrimmed(NULLABLE, "true");
    if (!text.equalsIgnoreCase("true") && !text.equalsIgnoreCase("false")) {
      throw new IllegalArgumentException(
          "Cannot read " + NULLABLE + ": expected true or false, was " + text);
    }
    return Boolean.parseBoolean(text);
  }

  /**
   * Adds {@code keys} to the shared metadata dictionary of every part file, e.g. the keys of rows
   * sampled before the job (see {@link VariantColumn#withSharedKeys}): rows using only those keys
   * then repeat one metadata value, which Parquet's dictionary encoding stores once.
   */
  public static void setSharedKeys(Job job, Collection<String> keys) {
    job.getConfiguration().set(SHARED_KEYS, ConfText.ofList(List.copyOf(keys)));
  }

  /**
   * Sets Parquet's compression codec (default ZSTD, where {@link
   * ParquetOutputFormat#setCompression} was not called).
   */
  public static void setCodec(Job job, CompressionCodecName codec) {
    setCompression(job, codec);
  }

  /**
   * The column the Configuration describes.
   *
   * @throws IllegalArgumentException if the plan, layout, widening or shared keys do not parse
   */
  public static VariantColumn column(Configuration conf) {
    String text = conf.get(PLAN, ShreddingPlan.residual().print());
    ShreddingPlan plan;
    try {
      plan = ShreddingPlan.parse(text);
    } catch (PlanSyntaxException e) {
      throw new IllegalArgumentException("Cannot read " + PLAN + ": " + e.getMessage(), e);
    }
    String layout = conf.get(LAYOUT, "spec");
    ShreddingLayout l;
    try {
      l = ShreddingLayout.valueOf(layout.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Cannot read " + LAYOUT + ": expected spec or draft, was " + layout, e);
    }
    String keys = conf.get(SHARED_KEYS);
    VariantColumn c =
        VariantColumn.of(conf.get(COLUMN, DEFAULT_COLUMN), plan)
            .withLayout(l)
            .withWidening(widening(conf))
            .withNullable(nullable(conf));
    return keys == null ? c : c.withSharedKeys(ConfText.toList(SHARED_KEYS, keys));
  }

  @Override
  public WriteSupport<VariantRecord> getWriteSupport(Configuration conf) {
    return new VariantWriteSupport(List.of(column(conf)), Map.of());
  }

  @Override
  public RecordWriter<Void, VariantRecord> getRecordWriter(TaskAttemptContext context)
      throws IOException, InterruptedException {
    Configuration conf = context.getConfiguration();
    if (!isCompressionSet(conf)) {
      conf.set(COMPRESSION, CompressionCodecName.ZSTD.name());
    }
    if (conf.get(STATISTICS_TRUNCATE_LENGTH) == null) { // as the local engine's footers keep them
      conf.setInt(
          STATISTICS_TRUNCATE_LENGTH, ParquetProperties.DEFAULT_COLUMN_INDEX_TRUNCATE_LENGTH);
    }
    CompressionCodecName codec = getCompression(conf);
    Path file = getDefaultWorkFile(context, codec.getExtension() + ".parquet");
    RecordWriter<Void, VariantRecord> parquet =
        projectWriter(conf)
            ? VariantRecordWriter.create(file, conf, column(conf), codec)
            : getRecordWriter(context, file);
    return new CountingWriter(parquet, file, conf.get(COLUMN, DEFAULT_COLUMN));
  }

  /**
   * @throws IllegalArgumentException if {@link #WRITER} is neither {@code parquet-java} nor {@code
   *     variant}
   */
  static boolean projectWriter(Configuration conf) {
    String writer = conf.get(WRITER, "parquet-java");
    if (!writer.equals("variant") && !writer.equals("parquet-java")) {
      throw new IllegalArgumentException(
          "Cannot read " + WRITER + ": expected parquet-java or variant, was " + writer);
    }
    return writer.equals("variant");
  }

  /**
   * {@link FileOutputCommitter} with an {@link IncompleteOutput#IN_PROGRESS} marker until the job
   * commits; no {@code _metadata} summary files, which Parquet has deprecated.
   */
  @Override
  public synchronized OutputCommitter getOutputCommitter(TaskAttemptContext context)
      throws IOException {
    if (committer == null) {
      committer = new InProgressCommitter(getOutputPath(context), context);
    }
    return committer;
  }

  /**
   * Counts rows, and the typed and residual values of the typed paths from the finished file's
   * footer ({@link PathShares}, as {@code variant convert}'s summary counts them).
   */
  private static final class CountingWriter extends RecordWriter<Void, VariantRecord> {
    private final RecordWriter<Void, VariantRecord> delegate;
    private final Path file;
    private final String column;
    private long rows;

    CountingWriter(RecordWriter<Void, VariantRecord> delegate, Path file, String column) {
      this.delegate = delegate;
      this.file = file;
      this.column = column;
    }

    @Override
    public void write(Void key, VariantRecord value) throws IOException, InterruptedException {
      delegate.write(key, value);
      rows++;
    }

    @Override
    public void close(TaskAttemptContext context) throws IOException, InterruptedException {
      delegate.close(context);
      context.getCounter(ConvertCounters.ROWS_WRITTEN).increment(rows);
      PathShares.Counts counts =
          PathShares.read(
                  List.of(HadoopInputFile.fromPath(file, context.getConfiguration())), column)
              .overall();
      context.getCounter(ConvertCounters.TYPED_VALUES).increment(counts.typed());
      context.getCounter(ConvertCounters.RESIDUAL_VALUES).increment(counts.residual());
    }
  }
}
