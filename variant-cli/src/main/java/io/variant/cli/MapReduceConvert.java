// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.core.VariantLimitException;
import io.variant.hadoop.ConvertJob;
import io.variant.hadoop.ConvertMapper;
import io.variant.hadoop.ConvertRefusedException;
import io.variant.hadoop.internal.ClientConfiguration;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;
import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * The {@code --engine} options of {@code variant convert} (a picocli mixin): with {@code --engine
 * mapreduce} the conversion runs as Hadoop's {@link ConvertJob}, writing a directory of part files
 * ({@code -o OUTDIR}) instead of one file, from inputs that Hadoop can split. It uses the local job
 * runner (in this process, one map task per core) unless {@code HADOOP_CONF_DIR} names a cluster
 * configuration, whose site files are then loaded ({@link ClientConfiguration}); a YARN cluster
 * also needs Hadoop's YARN client on the class path, which {@code hadoop jar} provides (README,
 * "Running on a cluster"). {@link MapReduceOptions} carries {@code convert}'s other options over to
 * the job or refuses them by name. OUT appears only when the job succeeded, whole; an existing OUT
 * without {@code --overwrite}, and a file system without its connector, are refused (exit code 2).
 */
final class MapReduceConvert {
  /** How {@code convert} runs. */
  enum Engine {
    /** In this process, one file: the default. */
    LOCAL,
    /** As a MapReduce job, a directory of part files. */
    MAPREDUCE
  }

  @Option(
      names = "--engine",
      defaultValue = "local",
      paramLabel = "local|mapreduce",
      description =
          "local (default): convert in this process to one file. mapreduce: run a MapReduce job writing "
              + "a directory of part files to OUT, on the local job runner, or on the cluster HADOOP_CONF_DIR names.")
  Engine engine;

  @Option(
      names = "--max-split-bytes",
      paramLabel = "N",
      description =
          "With --engine mapreduce: split inputs into pieces of at most N bytes, one map task each "
              + "(default: Hadoop's block size).")
  Long maxSplitBytes; // null when not given

  /**
   * True if {@code convert} is to run as a job.
   *
   * @throws ParameterException for the local engine given an option of the job's only: options are
   *     honoured or refused, never accepted and ignored
   */
  boolean isMapReduce(CommandSpec spec) {
    if (engine != Engine.MAPREDUCE && maxSplitBytes != null) {
      throw new ParameterException(
          spec.commandLine(),
          "--max-split-bytes is for --engine mapreduce; the local engine cuts its input with"
              + " --chunk-size");
    }
    return engine == Engine.MAPREDUCE;
  }

  /**
   * Runs the job for {@code convert}'s arguments and prints its summary unless quiet.
   *
   * @return the exit code
   */
  int run(ConvertCommand c, ShreddingPlan plan, CommandSpec spec) throws IOException {
    ConvertJob.Options options =
        MapReduceOptions.of(c, plan, maxSplitBytes == null ? 0 : maxSplitBytes, spec);
    long start = System.nanoTime();
    PrintWriter err = spec.commandLine().getErr();
    Configuration conf = ClientConfiguration.of(System.getenv("HADOOP_CONF_DIR"));
    MapReduceOptions.configure(c, conf);
    conf.setClass(ConvertMapper.SETTING_NAMES, UserMessages.OptionNames.class, UnaryOperator.class);
    c.threads.configure(conf);
    ConvertJob.Result r;
    boolean shown = Progress.wanted(c.progress, c.quiet);
    long total = shown ? inputBytes(c) : -1;
    Progress progress = new Progress(err, shown, total, c.cli.clock());
    try {
      r =
          ConvertJob.run(
              conf,
              options,
              false,
              shown
                  ? (share, rows) -> progress.show(rows, (long) (share * Math.max(0, total)))
                  : null);
    } catch (ConvertRefusedException e) {
      throw new RefusedException(e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while the MapReduce job ran", e);
    } finally {
      progress.finish();
    }
    if (r.badLine() != null) {
      throw badLine(r.badLine());
    }
    if (!r.succeeded()) {
      throw new IOException("the MapReduce job failed: " + r.failure());
    }
    if (!c.quiet) {
      List<Path> parts = parts(c);
      if (parts.isEmpty()) { // not a local directory: the job's own counts
        err.printf(
            Locale.ROOT,
            "%s: %s, %.2f s%n",
            c.output,
            r.summary(),
            (System.nanoTime() - start) / 1e9);
      } else {
        err.println(MapReduceSummary.of(r, c, parts).format(System.nanoTime() - start));
      }
    }
    return ExitCodes.OK;
  }

  /**
   * The line that failed the job, or the damaged compressed data: bad input (exit code 1), or a
   * value over a limit (4).
   */
  private static InputException badLine(ConvertMapper.BadLine bad) {
    String file = bad.file().startsWith("file:") ? bad.file().substring(5) : bad.file();
    String detail =
        bad.where()
            + (bad.problem() == ConvertMapper.Problem.DAMAGED
                ? " (the MapReduce job failed; with --on-error skip the input ends there)"
                : " (the MapReduce job failed; --on-error skip skips such lines)");
    return new InputException(
        file,
        0,
        0,
        detail,
        bad.problem() == ConvertMapper.Problem.OVER_LIMIT
            ? new VariantLimitException(bad.reason())
            : null);
  }

  /** The part files of a local OUT, in name order; none if OUT is not a local directory. */
  private static List<Path> parts(ConvertCommand c) throws IOException {
    if (!Files.isDirectory(Path.of(c.output))) {
      return List.of();
    }
    return InputPaths.expand(List.of(c.output), InputPaths::parquetFile).stream()
        .map(Path::of)
        .toList();
  }

  /** The inputs' size for the progress line, or -1 if unknown (not local files). */
  private static long inputBytes(ConvertCommand c) {
    try {
      return ConvertCommand.totalBytes(InputPaths.expand(c.inputs, InputPaths::anyFile));
    } catch (InputException e) {
      return -1;
    }
  }
}
