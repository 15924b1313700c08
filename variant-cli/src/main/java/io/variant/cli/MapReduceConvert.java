package io.variant.cli;

import io.variant.hadoop.ClientConfiguration;
import io.variant.hadoop.ConvertJob;
import io.variant.hadoop.ConvertMapper;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Locale;
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
 * "Running on a cluster").
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
      defaultValue = "0",
      paramLabel = "N",
      description =
          "With --engine mapreduce: split inputs into pieces of at most N bytes, one map task each "
              + "(default: Hadoop's block size).")
  long maxSplitBytes;

  /** True if {@code convert} is to run as a job. */
  boolean isMapReduce() {
    return engine == Engine.MAPREDUCE;
  }

  /**
   * Runs the job for {@code convert}'s arguments and prints its summary unless quiet.
   *
   * @return the exit code
   */
  int run(ConvertCommand c, ShreddingPlan plan, CommandSpec spec) throws IOException {
    if (c.parquet.maxFileSize != null) {
      throw new ParameterException(
          spec.commandLine(),
          "--max-file-size is for the local engine; --engine mapreduce writes a part file per task");
    }
    if (c.inputs.contains(Input.STDIN) || c.output.equals("-")) {
      throw new ParameterException(
          spec.commandLine(),
          "--engine mapreduce reads and writes files, not stdin or stdout ('-')");
    }
    if (c.errors.rejectsFile != null || c.errors.maxErrors != null) {
      throw new ParameterException(
          spec.commandLine(),
          "--engine mapreduce writes rejects to OUT/_rejects/; --rejects and "
              + "--max-errors are for the local engine");
    }
    long start = System.nanoTime();
    String output = c.output;
    ConvertJob.Options options =
        ConvertJob.Options.of(c.inputs, output)
            .withPlan(plan)
            .withSampleRows(c.inferRows)
            .withColumn(c.parquet.column)
            .withLayout(c.parquet.layout)
            .withWidening(c.rules.widening)
            .withCodec(c.parquet.codec.parquet)
            .withOnError(c.errors.skips() ? ConvertMapper.OnError.SKIP : ConvertMapper.OnError.FAIL)
            .withMaxSplitBytes(maxSplitBytes)
            .withOverwrite(c.overwrite);
    ConvertJob.Result r;
    try {
      r = ConvertJob.run(ClientConfiguration.of(System.getenv("HADOOP_CONF_DIR")), options, false);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while the MapReduce job ran", e);
    }
    PrintWriter err = spec.commandLine().getErr();
    if (r.badLine() != null) {
      ConvertMapper.BadLine bad = r.badLine();
      throw new InputException(
          bad.file(),
          0,
          0,
          bad.where() + " (the MapReduce job failed; --on-error skip skips such lines)",
          null);
    }
    if (!r.succeeded()) {
      throw new IOException("the MapReduce job failed: " + r.failure());
    }
    if (!c.quiet) {
      err.printf(
          Locale.ROOT, "%s: %s, %.2f s%n", output, r.summary(), (System.nanoTime() - start) / 1e9);
    }
    return ExitCodes.OK;
  }
}
