// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.parquet.internal.CheckedPlan;
import io.variant.parquet.internal.SharedKeys;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.read.VariantReadOptions;
import io.variant.parquet.write.RowGroupEncoder;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.infer.InferenceOptions;
import io.variant.shredding.infer.PlanInference;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.BooleanSupplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code variant convert}: JSON documents in, one shredded VARIANT column of a Parquet file out.
 * Where the file goes, and what happens to what is already there, is {@link OutputTarget}'s rule;
 * bad rows are {@link RowErrors}' business; the summary is {@link ConvertSummary}'s.
 */
@Command(
    name = "convert",
    mixinStandardHelpOptions = true,
    header = "Convert JSON documents to a Parquet file with one shredded VARIANT column.",
    description = {
      "Convert JSON documents to a Parquet file with one VARIANT column, shredded by a plan that is given or "
          + "inferred from a sample of rows, as 'variant plan' infers it from the same input and options. Several inputs (files, directories, globs) are read in order; '-' "
          + "reads stdin; gzip and zstd input is decompressed.",
      "OUT: a regular file is written under a unique temporary name beside it and renamed when complete, so "
          + "OUT is either untouched or the whole new file; an existing OUT needs --overwrite (a symbolic link "
          + "keeps pointing at the replaced file). '-' writes the Parquet file to stdout; FIFOs and character "
          + "devices are written through; directories, block devices and the command's own inputs are refused. "
          + "--max-file-size writes numbered files instead (out-00001.parquet, ...), all or none.",
      "A summary goes to stderr unless --quiet; progress too when stderr is a terminal, or with --progress "
          + "(--quiet wins).",
    })
final class ConvertCommand implements Callable<Integer> {
  @ParentCommand VariantCli cli;

  @Parameters(
      arity = "1..*",
      paramLabel = "IN",
      description = "JSON inputs in order: files, directories, globs; '-' reads stdin.")
  List<String> inputs;

  @Option(
      names = {"-o", "--output"},
      required = true,
      paramLabel = "OUT",
      description = "The Parquet file to write; '-' writes it to stdout.")
  String output;

  @Option(
      names = "--plan",
      paramLabel = "TEXT|@FILE",
      description =
          "The shredding plan, e.g. '{\"id\": int64, \"tags\": [string]}', or @FILE to read it from "
              + "FILE up to its first blank line (so 'variant plan' output works as it is). Default: inferred.")
  String plan;

  @Option(
      names = "--plan-from",
      paramLabel = "EXISTING.parquet",
      description =
          "Shred by the plan of a VARIANT column of an existing Parquet file (the one named by "
              + "--column, else its only one), so that files written at different times keep one layout.")
  String planFrom;

  @Mixin InferenceArguments rules;

  @Option(
      names = "--warn-residual",
      defaultValue = "0.05",
      paramLabel = "SHARE",
      description =
          "Warn about every typed path that sent more than SHARE (0 to 1) of its values to the "
              + "residual (default: ${DEFAULT-VALUE}). The summary always gives the overall share.")
  double warnResidual;

  @Option(
      names = "--infer-rows",
      hidden = true,
      paramLabel = "N",
      description = "The older name of --sample, for --engine mapreduce.")
  int inferRows;

  @Mixin ParquetOutputOptions parquet;

  @Option(
      names = "--overwrite",
      description =
          "Replace OUT (or, with --max-file-size, an earlier set of numbered files) if it exists; "
              + "without it, an existing OUT is an error.")
  boolean overwrite;

  @Option(
      names = {"-q", "--quiet"},
      description = "Print nothing but errors: no summary, no progress.")
  boolean quiet;

  @Option(
      names = "--progress",
      description =
          "Show progress on stderr (rows, bytes read, rows/s, and the ETA when the input size is "
              + "known) even when it is not a terminal; --quiet wins.")
  boolean progress;

  @Mixin JsonInputOptions json;

  @Mixin RowErrors errors;

  @Spec CommandSpec spec;

  @Mixin
  MapReduceConvert engine; // --engine mapreduce: a Hadoop job writing a directory of part files

  @Mixin ThreadOptions threads;

  @Override
  public Integer call() throws IOException {
    long startNanos = System.nanoTime();
    if (inferRows < 0) {
      throw new ParameterException(
          spec.commandLine(), "--infer-rows must be at least 0, was " + inferRows);
    }
    if (!(warnResidual >= 0 && warnResidual <= 1)) {
      throw new ParameterException(
          spec.commandLine(), "--warn-residual must be in [0, 1], was " + warnResidual);
    }
    if (plan != null && planFrom != null) {
      throw new ParameterException(
          spec.commandLine(), "--plan and --plan-from cannot be used together");
    }
    parquet.check();
    int threadCount = threads.threads();
    int chunkBytes = threads.chunkBytes();
    PlanInference inference =
        PlanInference.create(rules.options(spec, InferenceOptions.defaults()));
    ShreddingPlan given =
        plan != null ? PlanArgument.parse(plan) : planFrom != null ? planOf(planFrom) : null;
    if (engine.isMapReduce(spec)) {
      return engine.run(this, given, spec);
    }
    FooterWarmUp.start(); // parquet-java's footer class init, off the main thread
    List<String> paths =
        InputPaths.expand(inputs, InputPaths::anyFile, InputPaths.Incomplete.READ, cli.stores());
    ConvertSummary summary = new ConvertSummary();
    try (ConvertWriter out =
        ConvertWriter.of(output, overwrite, parquet.maxFileBytes(), cli.stdout(), cli.stores())) {
      out.refuseInputs(paths);
      try (RowErrors rejects = errors.start(paths, output, overwrite);
          JsonDocuments documents = new JsonDocuments(cli, paths, json.options(), json.format)) {
        Progress shown =
            new Progress(
                spec.commandLine().getErr(),
                Progress.wanted(progress, quiet),
                totalBytes(paths),
                cli.clock());
        PlanSample sample =
            given != null
                ? PlanSample.none()
                : PlanSample.take(
                    paths, rules.sample, inference, documents, true, rules.sampled(json.options()));
        CheckedPlan inferred =
            given != null ? null : inferred(inference, sample, summary, threadCount);
        ShreddingPlan written = given != null ? given : inferred.plan();
        // the rows' keys common enough to share, with the plan they are chosen for
        List<String> shared = given != null ? List.of() : SharedKeys.of(sample.rows(), written);
        sample.forgetRows();
        if (planFrom != null) {
          summary.planNote(() -> " (plan of " + planFrom + ")");
        }
        try {
          out.open(file -> parquet.writer(file, written, rules.widening, shared).build());
          ConvertThreads run = new ConvertThreads(threadCount, chunkBytes, errors, shown);
          run.run(ConvertThreads.ChunkReader.of(sample, documents), out, this::converter);
          summary.read(run.read());
          summary.temporal(rules.inferTemporal ? run.temporal() : -1);
        } finally {
          shown.finish();
        }
        summary.written(out.rowCount(), written);
        List<Path> local =
            out.finish(); // read before the commit: then another convert may replace them
        if (!quiet && !local.contains(null)) {
          summary.residual(ResidualSummary.of(local, parquet.column, warnResidual));
        }
        List<ConvertWriter.Written> files = out.commit(rejects);
        summary.leftovers(out.leftovers().plus(rejects.leftovers()));
        summary.bytes(documents.bytesRead(), files);
      }
    }
    summary.rejected(errors.rejected(), errors.rejectsPath(), errors.endedInputs());
    if (!quiet) {
      spec.commandLine().getErr().println(summary.format(System.nanoTime() - startNanos));
    }
    return ExitCodes.OK;
  }

  /**
   * The plan inferred from the sample, its size check writing on up to {@code threads} threads; the
   * summary says from what.
   */
  private static CheckedPlan inferred(
      PlanInference inference, PlanSample sample, ConvertSummary summary, int threads)
      throws IOException {
    CheckedPlan inferred = CheckedPlan.of(inference, sample.rows(), threads, sample.inputRows());
    summary.coverage(inferred.result().coverage());
    summary.planNote(
        () ->
            " (plan inferred from "
                + sample.description()
                + (inferred.note().isEmpty() ? "" : "; " + inferred.note())
                + ")");
    return inferred;
  }

  /** The plan of the VARIANT column of an existing file: {@code --column}'s, else the only one. */
  private ShreddingPlan planOf(String file) throws IOException {
    try (ParquetFile parquetFile = ParquetFile.open(cli, file);
        VariantParquetReader reader = parquetFile.reader(VariantReadOptions.defaults())) {
      boolean named = spec.commandLine().getParseResult().hasMatchedOption("--column");
      return reader.plans().get(parquetFile.variantColumn(reader, named ? parquet.column : null));
    }
  }

  /** The converter of one of the threads, with its own encoder. */
  private ChunkConverter converter(RowGroupEncoder encoder, BooleanSupplier cancelled) {
    return new ChunkConverter(
        encoder,
        json.options(),
        rules.temporal(json.options()),
        new ChunkConverter.Columns(parquet.column, output),
        errors.skips(),
        cancelled);
  }

  /** The total size of the inputs if all are regular files, for the ETA; -1 otherwise. */
  static long totalBytes(List<String> paths) {
    long total = 0;
    for (String p : paths) {
      try {
        if (Input.STDIN.equals(p) || !Files.isRegularFile(Path.of(p))) {
          return -1;
        }
        total += Files.size(Path.of(p));
      } catch (IOException e) {
        return -1;
      }
    }
    return total;
  }
}
