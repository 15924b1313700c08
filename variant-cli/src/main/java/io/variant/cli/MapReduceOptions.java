// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.hadoop.ConvertJob;
import io.variant.hadoop.ConvertMapper;
import io.variant.hadoop.PlanSample;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.ParquetOutputFormat;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * {@code convert}'s options as {@link ConvertJob} takes them, for {@code --engine mapreduce}: each
 * option is either carried over (the plan and inference options, the JSON options and limits, the
 * Parquet layout, codec and sizes) or refused by name, never accepted and ignored.
 */
final class MapReduceOptions {
  private MapReduceOptions() {}

  /**
   * The job's options.
   *
   * @throws ParameterException naming an option the MapReduce engine cannot honour
   */
  static ConvertJob.Options of(
      ConvertCommand c, ShreddingPlan plan, long maxSplitBytes, CommandSpec spec) {
    refuse(c, spec);
    refuseWhatLinesMisread(c, spec);
    return ConvertJob.Options.of(c.inputs, c.output)
        .withPlan(plan)
        .withSampleRows(sampleRows(c, spec))
        .withInference(c.rules.options(spec, PlanSample.DEFAULT_INFERENCE))
        .withJson(c.json.options())
        .withColumn(c.parquet.column)
        .withLayout(c.parquet.layout)
        .withWidening(c.rules.widening)
        .withCodec(c.parquet.codec.parquet)
        .withOnError(c.errors.skips() ? ConvertMapper.OnError.SKIP : ConvertMapper.OnError.FAIL)
        .withMaxSplitBytes(maxSplitBytes)
        .withOverwrite(c.overwrite)
        .withInferTemporal(c.rules.inferTemporal);
  }

  /** Parquet's sizes, which the job's tasks read from its configuration. */
  static void configure(ConvertCommand c, Configuration conf) {
    if (c.parquet.rowGroupSize != null) {
      conf.setLong(ParquetOutputFormat.BLOCK_SIZE, c.parquet.rowGroupSize);
    }
    if (c.parquet.pageSize != null) {
      conf.setInt(ParquetOutputFormat.PAGE_SIZE, c.parquet.pageSize.intValue());
    }
  }

  private static void refuse(ConvertCommand c, CommandSpec spec) {
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
    if (c.json.format == InputFormat.JSON) {
      throw new ParameterException(
          spec.commandLine(),
          "--input-format json is for the local engine: --engine mapreduce splits its input by "
              + "lines, so it reads NDJSON (one document per line)");
    }
  }

  /**
   * Refuses local inputs the job would read otherwise than the local engine does: one that {@code
   * auto} reads as JSON (the local engine's detection, from its first line; split by lines, a
   * document spanning lines would become fragments), as {@code --input-format json} is refused; and
   * gzip or zstd data without its suffix, which the job picks a decompressor by (the local engine
   * goes by content): read as text, the compressed bytes became rejected lines and now and then an
   * invented row. Inputs on stores are left to the job, as are inputs that cannot be read, which
   * the job reports.
   */
  private static void refuseWhatLinesMisread(ConvertCommand c, CommandSpec spec) {
    for (String given : c.inputs) {
      if (Stores.isStore(given)) {
        continue;
      }
      List<String> files;
      try {
        files = InputPaths.expand(List.of(given), InputPaths::anyFile);
      } catch (InputException e) {
        continue;
      }
      for (String file : files) {
        String unsuffixed = compressedWithoutSuffix(file);
        if (unsuffixed != null) {
          throw new ParameterException(
              spec.commandLine(),
              file
                  + " is "
                  + unsuffixed
                  + " data without the suffix --engine mapreduce picks its decompressor by (the"
                  + " local engine goes by content): name it with the suffix");
        }
        if (c.json.format == InputFormat.AUTO) {
          refuseDetectedJson(c, file, spec);
        }
      }
    }
  }

  /** "gzip" or "zstd" if {@code file} holds such data without its suffix; else null. */
  private static String compressedWithoutSuffix(String file) {
    Path p = Path.of(file);
    String name = p.getFileName() == null ? "" : p.getFileName().toString();
    try {
      if (!name.endsWith(".gz") && Files.isRegularFile(p) && Input.isGzip(p)) {
        return "gzip (.gz)";
      }
      if (!name.endsWith(".zst") && Files.isRegularFile(p) && Input.isZstd(p)) {
        return "zstd (.zst)";
      }
    } catch (IOException e) {
      return null; // unreadable: the job reports it
    }
    return null;
  }

  private static void refuseDetectedJson(ConvertCommand c, String file, CommandSpec spec) {
    String json;
    try (Input input = c.cli.open(file)) {
      json = FormatDetector.whyJson(file, input.stream());
    } catch (IOException | InputException e) {
      return;
    }
    if (json != null) {
      throw new ParameterException(
          spec.commandLine(),
          json
              + ", which --input-format auto reads as JSON on the local engine: --engine "
              + "mapreduce splits its input by lines, so it reads NDJSON (one document per line)");
    }
  }

  /**
   * Rows to sample: {@code --sample N} (0: every row; by default as many as the local engine
   * samples) or its older name {@code --infer-rows N}; not both.
   */
  private static int sampleRows(ConvertCommand c, CommandSpec spec) {
    boolean older = spec.commandLine().getParseResult().hasMatchedOption("--infer-rows");
    if (older && !spec.commandLine().getParseResult().hasMatchedOption("--sample")) {
      return c.inferRows;
    }
    if (older) {
      throw new ParameterException(
          spec.commandLine(),
          "--sample and --infer-rows both set the rows the plan is inferred from: give one");
    }
    return c.rules.sample == 0 || c.rules.sample > Integer.MAX_VALUE
        ? Integer.MAX_VALUE
        : (int) c.rules.sample;
  }
}
