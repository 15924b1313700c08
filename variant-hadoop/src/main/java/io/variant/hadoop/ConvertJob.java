// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import io.variant.core.json.JsonOptions;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.internal.PathShares;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.shredding.NumericWidening;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.infer.InferenceOptions;
import io.variant.shredding.internal.SpreadSample;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * A map-only MapReduce job converting NDJSON text (plain, or compressed with a codec Hadoop knows,
 * e.g. {@code .gz}, read whole, as one split) to a directory of Parquet part files with one
 * shredded VARIANT column, all with the same plan: given, or inferred once before the job from rows
 * sampled across the input as the local {@code variant convert} samples them ({@link PlanSample}),
 * so both engines write the same plan. Both read the same lines, by the same rules and with the
 * same line limit ({@link NdjsonInputFormat}).
 *
 * <pre>
 * hadoop jar variant-hadoop-job.jar io.variant.hadoop.ConvertJob [-D k=v ...] [options] -o OUTDIR IN...
 *   --plan TEXT|@FILE      the plan (a file is read up to its first blank line); default: inferred
 *   --sample N             rows sampled for inference and the shared dictionary (default 10000;
 *                          --sample-rows is its older name)
 *   --column NAME          the VARIANT column (default variant)
 *   --layout spec|draft    column layout (default spec)
 *   --widening lossless|same-scale|strict   which numbers typed columns take (default lossless)
 *   --codec zstd|snappy|gzip|none   (default zstd)
 *   --on-error fail|skip   a line that is not JSON fails the job, or is skipped into _rejects/ (default fail)
 *   --max-split-bytes N    split inputs into pieces of at most N bytes (default: Hadoop's, the block size)
 *   --infer-temporal       store strings that are dates or timestamps as such (opt-in)
 *   --overwrite            delete OUTDIR first
 * </pre>
 *
 * <p>The JSON options are properties: {@code -D variant.convert.max-value-bytes=N}, {@code -D
 * variant.convert.max-depth=N}, {@code -D variant.convert.duplicate-keys=last_wins}; the reasons a
 * line is bad name them so ({@link PropertyNames}).
 *
 * <p><b>Output:</b> {@code OUTDIR/part-m-00000.zstd.parquet}, ... and {@code _SUCCESS}; with {@code
 * skip}, {@code OUTDIR/_rejects/rejects-m-*.ndjson} (see {@link ConvertMapper}). Hadoop's output
 * committer moves a task's files into place only when that task attempt commits, so failed and
 * speculative attempts leave no duplicate or partial files; the job writes into a staging directory
 * beside OUTDIR that becomes OUTDIR only when the job succeeded ({@link StagedOutput}), so a failed
 * or killed job leaves no OUTDIR, or the previous one. {@code .zst} input is read with {@link
 * ZstdCodec}. <b>Counters:</b> {@link ConvertCounters}.
 */
public final class ConvertJob extends Configured implements Tool {
  /** How the job is run: inputs, output and options; build with {@link #of}. */
  public record Options(
      List<String> inputs,
      String output,
      ShreddingPlan plan,
      int sampleRows,
      String column,
      ShreddingLayout layout,
      NumericWidening widening,
      CompressionCodecName codec,
      ConvertMapper.OnError onError,
      long maxSplitBytes,
      boolean overwrite,
      InferenceOptions inference,
      JsonOptions json,
      boolean inferTemporal) {
    public Options {
      inputs = List.copyOf(inputs);
      Objects.requireNonNull(output, "output");
      Objects.requireNonNull(inference, "inference");
      Objects.requireNonNull(json, "json");
      if (inputs.isEmpty()) {
        throw new IllegalArgumentException("Cannot convert: no input given");
      }
      if (plan == null && sampleRows < 1) {
        throw new IllegalArgumentException(
            "Cannot infer a plan from " + sampleRows + " rows: sample at least 1 or give a plan");
      }
    }

    /**
     * Inputs to a directory with the defaults: inferred plan from {@link SpreadSample#DEFAULT_ROWS}
     * rows ({@link PlanSample#DEFAULT_INFERENCE}), column {@code variant}, spec layout, lossless
     * widening, ZSTD, fail on bad lines, JSON parsed with {@link JsonOptions#defaults()}, strings
     * kept as strings.
     */
    public static Options of(List<String> inputs, String output) {
      return new Options(
          inputs,
          output,
          null,
          (int) SpreadSample.DEFAULT_ROWS,
          VariantParquetOutputFormat.DEFAULT_COLUMN,
          ShreddingLayout.SPEC,
          NumericWidening.LOSSLESS,
          CompressionCodecName.ZSTD,
          ConvertMapper.OnError.FAIL,
          0,
          false,
          PlanSample.DEFAULT_INFERENCE,
          JsonOptions.defaults(),
          false);
    }

    public Options withPlan(ShreddingPlan p) {
      return with(d -> d.plan = p);
    }

    public Options withSampleRows(int n) {
      return with(d -> d.sampleRows = n);
    }

    public Options withColumn(String c) {
      return with(d -> d.column = c);
    }

    public Options withLayout(ShreddingLayout l) {
      return with(d -> d.layout = l);
    }

    public Options withWidening(NumericWidening w) {
      return with(d -> d.widening = w);
    }

    public Options withCodec(CompressionCodecName c) {
      return with(d -> d.codec = c);
    }

    public Options withOnError(ConvertMapper.OnError e) {
      return with(d -> d.onError = e);
    }

    public Options withMaxSplitBytes(long n) {
      return with(d -> d.maxSplitBytes = n);
    }

    public Options withOverwrite(boolean o) {
      return with(d -> d.overwrite = o);
    }

    /** How the plan is inferred from the sample (default {@link PlanSample#DEFAULT_INFERENCE}). */
    public Options withInference(InferenceOptions i) {
      return with(d -> d.inference = i);
    }

    /** How each line is parsed: duplicate keys, depth and size limits. */
    public Options withJson(JsonOptions j) {
      return with(d -> d.json = j);
    }

    /**
     * Whether strings that are dates or timestamps, and print back exactly as they were, are stored
     * as such ({@link io.variant.core.json.TemporalStrings}), in the sample the plan is inferred
     * from and in every row written; {@link ConvertCounters#TEMPORAL_STRINGS} counts them.
     */
    public Options withInferTemporal(boolean on) {
      return with(d -> d.inferTemporal = on);
    }

    /** These options reading {@code inputs} into {@code output}. */
    Options withInputs(List<String> inputs, String output) {
      return with(
          d -> {
            d.inputs = inputs;
            d.output = output;
          });
    }

    /** These options with {@code change} made to a copy of their fields, validated again. */
    private Options with(Consumer<OptionsDraft> change) {
      OptionsDraft d = new OptionsDraft(this);
      change.accept(d);
      return d.build();
    }
  }

  /**
   * What a finished run did.
   *
   * @param succeeded whether the job succeeded (its output is complete) or failed (OUTDIR holds no
   *     part file)
   * @param plan the plan every part file has
   * @param sample the sample the plan was inferred from, or {@code null} for a given plan
   * @param counters the job's counters
   * @param failure why the job failed, as far as the framework says; {@code null} when it succeeded
   * @param badLine the line that failed the job, when known (the local job runner, {@code
   *     --on-error fail})
   */
  public record Result(
      boolean succeeded,
      ShreddingPlan plan,
      PlanSample sample,
      Counters counters,
      String failure,
      ConvertMapper.BadLine badLine) {
    /** A {@link ConvertCounters} value. */
    public long count(ConvertCounters c) {
      return counters.findCounter(c).getValue();
    }

    /** Strings stored as dates or timestamps ({@link Options#withInferTemporal}). */
    public long temporal() {
      return count(ConvertCounters.TEMPORAL_STRINGS);
    }

    /**
     * The typed paths' values held by their typed columns over all their values, 0 with none: one
     * minus the residual share {@code variant convert}'s summary gives of the same part files.
     */
    public double typedShare() {
      return new PathShares.Counts(
              count(ConvertCounters.TYPED_VALUES), count(ConvertCounters.RESIDUAL_VALUES))
          .typedShare();
    }

    /** {@code 30000 rows in, 30000 written, 0 rejected; typed share 83.1% (...)}. */
    public String summary() {
      return String.format(
          Locale.ROOT,
          "%d rows in, %d written, %d rejected; typed share %.1f%% (%d typed, %d residual values)%s%s",
          count(ConvertCounters.ROWS_IN),
          count(ConvertCounters.ROWS_WRITTEN),
          count(ConvertCounters.ROWS_REJECTED),
          100 * typedShare(),
          count(ConvertCounters.TYPED_VALUES),
          count(ConvertCounters.RESIDUAL_VALUES),
          temporal() > 0 ? "; " + temporal() + " strings stored as dates or timestamps" : "",
          sample == null
              ? "; plan given"
              : "; plan inferred from "
                  + sample.description()
                  + (sample.note().isEmpty() ? "" : "; " + sample.note()));
    }
  }

  /**
   * Configures the job for {@code options}: inputs, mapper, output format and its column, plan and
   * shared keys (sampling the input when the plan is to be inferred). Does not submit it. A job
   * submitted otherwise than by {@link #run} that skips bad lines leaves the rejects of splits that
   * start inside a file numbered from the split's start, and each split's count of lines in {@code
   * _rejects/.lines-m-*}: {@link #run} renumbers them before it publishes OUTDIR.
   *
   * @return the sample, or {@code null} when the plan was given
   */
  public static PlanSample configure(Job job, Options options)
      throws IOException, InterruptedException {
    job.setJarByClass(ConvertJob.class);
    job.setInputFormatClass(NdjsonInputFormat.class);
    for (String in : options.inputs()) {
      FileInputFormat.addInputPath(
          job, new Path(in)); // globs are expanded when the job lists its input
    }
    InputNames.set(job.getConfiguration(), options.inputs()); // rejects name files as written
    // an input directory's subdirectories are skipped, as the local engine skips them; Hadoop's
    // default lists them as files and fails on their missing block locations
    job.getConfiguration().setBoolean(FileInputFormat.INPUT_DIR_NONRECURSIVE_IGNORE_SUBDIRS, true);
    // a glob's matches in a hidden or _ directory that it entered through a wildcard (a job's
    // _temporary/) are skipped, as the local engine skips them
    FileInputFormat.setInputPathFilter(job, HiddenDirectoryFilter.class);
    if (options.maxSplitBytes() > 0) {
      FileInputFormat.setMaxInputSplitSize(job, options.maxSplitBytes());
      FileInputFormat.setMinInputSplitSize(job, 1);
    }
    job.setMapperClass(ConvertMapper.class);
    job.setNumReduceTasks(0);
    job.setOutputFormatClass(VariantParquetOutputFormat.class);
    job.setOutputKeyClass(Void.class);
    job.setOutputValueClass(VariantRecord.class);
    FileOutputFormat.setOutputPath(job, new Path(options.output()));
    Configuration conf = job.getConfiguration();
    conf.set(ConvertMapper.ON_ERROR, options.onError().name().toLowerCase(Locale.ROOT));
    conf.setBoolean(FileOutputCommitter.SUCCESSFUL_JOB_OUTPUT_DIR_MARKER, true);
    ConvertMapper.setJsonOptions(conf, options.json());
    conf.setBoolean(ConvertMapper.INFER_TEMPORAL, options.inferTemporal()); // before the sample
    ZstdCodec.register(conf);
    VariantParquetOutputFormat.setColumn(job, options.column());
    VariantParquetOutputFormat.setLayout(job, options.layout());
    VariantParquetOutputFormat.setWidening(job, options.widening()); // before the sample infers
    VariantParquetOutputFormat.setCodec(job, options.codec());
    // the local engine's writer, so that both engines write the same encodings
    VariantParquetOutputFormat.setProjectWriter(job, true);
    // every row is a JSON document, never SQL NULL: a required group has narrower levels
    VariantParquetOutputFormat.setNullable(job, false);
    PlanSample sample = null;
    ShreddingPlan plan = options.plan();
    if (plan == null || options.sampleRows() > 0) {
      sample =
          PlanSample.of(
              job, Math.max(1, options.sampleRows()), options.inference(), options.json());
      plan = plan == null ? sample.plan() : plan;
      VariantParquetOutputFormat.setSharedKeys(job, sample.keys());
    }
    VariantParquetOutputFormat.setPlan(job, plan);
    return options.plan() == null ? sample : null;
  }

  /**
   * Runs the job on {@code conf}'s cluster (the local job runner unless {@code
   * mapreduce.framework.name} says otherwise) and waits for it. OUTDIR appears only when the job
   * has succeeded, whole (see {@link StagedOutput}): after a failure it is absent, or as it was.
   *
   * @param verbose print Hadoop's progress and counters to its log
   * @throws ConvertRefusedException if OUTDIR exists and {@code overwrite} is off, or OUTDIR is a
   *     file, or holds an input, or an input or OUTDIR is on a file system whose connector is not
   *     on the class path (see {@link Connectors})
   */
  public static Result run(Configuration conf, Options options, boolean verbose)
      throws IOException, InterruptedException {
    return run(conf, options, verbose, null);
  }

  /**
   * {@link #run(Configuration, Options, boolean)}, telling {@code listener} (unless {@code null})
   * how far the job is about once a second.
   */
  public static Result run(Configuration conf, Options options, boolean verbose, Listener listener)
      throws IOException, InterruptedException {
    return new ConvertRun(conf, options, verbose, listener).call();
  }

  /** Told how far a running job is. */
  @FunctionalInterface
  public interface Listener {
    /**
     * @param mapShare the share of the map work done, 0 to 1, as the framework estimates it
     * @param rowsIn rows read so far (counted as tasks report, every few seconds)
     */
    void progress(double mapShare, long rowsIn);
  }

  @Override
  public int run(String[] args) throws Exception {
    if (List.of(args).contains("--help") || List.of(args).contains("-h")) {
      System.out.println(ConvertJobArguments.USAGE);
      return 0;
    }
    Options options;
    try {
      // the JSON limits come as -D properties, which the reasons of bad lines then name
      options = ConvertJobArguments.parse(args).withJson(ConvertMapper.jsonOptions(getConf()));
    } catch (IllegalArgumentException e) {
      System.err.println("ConvertJob: " + e.getMessage());
      System.err.println(ConvertJobArguments.USAGE);
      return 2;
    }
    if (getConf().get(ConvertMapper.SETTING_NAMES) == null) {
      getConf().setClass(ConvertMapper.SETTING_NAMES, PropertyNames.class, UnaryOperator.class);
    }
    Result r;
    try {
      r = run(getConf(), options, true);
    } catch (ConvertRefusedException e) {
      System.err.println("ConvertJob: " + e.getMessage());
      return 2;
    }
    report(r, options, System.err);
    return r.succeeded() ? 0 : 1;
  }

  /** Prints the plan and the summary line. */
  static void report(Result r, Options options, PrintStream err) {
    err.println(
        options.output()
            + ": "
            + (r.succeeded() ? "" : "FAILED (" + r.failure() + "): ")
            + r.summary());
    err.println("plan: " + r.plan().print());
  }

  /** {@code hadoop jar ... io.variant.hadoop.ConvertJob ...}. */
  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new Configuration(), new ConvertJob(), args));
  }
}
