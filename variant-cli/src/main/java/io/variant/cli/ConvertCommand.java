package io.variant.cli;

import io.variant.core.Variant;
import io.variant.core.VariantException;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.read.VariantReadOptions;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingLayout;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.infer.InferenceOptions;
import io.variant.shredding.infer.PlanInference;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code variant convert}: JSON documents in, one shredded VARIANT column of a Parquet file out. The file
 * appears only when the conversion succeeds: the writer writes {@code OUT.tmp} and renames it, and any
 * failure deletes it (see {@link VariantParquetWriter}).
 */
@Command(
    name = "convert",
    mixinStandardHelpOptions = true,
    header = "Convert JSON documents to a Parquet file with one shredded VARIANT column.",
    description = {
      "Convert JSON documents (NDJSON, whitespace-separated documents, or one top-level array per input) "
          + "to a Parquet file with one VARIANT column, shredded by a plan that is given or inferred from "
          + "a sample of rows, as 'variant plan' infers it from the same input and options. Several inputs are concatenated in order; '-' reads stdin; gzip input is "
          + "decompressed.",
      "Nothing is left at OUT when the conversion fails: the file is written under a temporary name "
          + "(OUT with the suffix .tmp) and renamed when complete. A one-line summary goes to stderr unless "
          + "--quiet.",
    })
final class ConvertCommand implements Callable<Integer> {
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

  @ParentCommand VariantCli cli;

  @Parameters(arity = "1..*", paramLabel = "IN", description = "JSON inputs, in order; '-' reads stdin.")
  List<String> inputs;

  @Option(names = {"-o", "--output"}, required = true, paramLabel = "OUT.parquet", description = "The Parquet file to write.")
  Path output;

  @Option(
      names = "--plan",
      paramLabel = "TEXT|@FILE",
      description = "The shredding plan, e.g. '{\"id\": int64, \"tags\": [string]}', or @FILE to read it from "
          + "FILE up to its first blank line (so 'variant plan' output works as it is). Default: inferred.")
  String plan;

  @Option(
      names = "--plan-from",
      paramLabel = "EXISTING.parquet",
      description = "Shred by the plan of a VARIANT column of an existing Parquet file (the one named by "
          + "--column, else its only one), so that files written at different times keep one layout.")
  String planFrom;

  @Mixin InferenceArguments rules;

  @Option(
      names = "--warn-residual",
      defaultValue = "0.05",
      paramLabel = "SHARE",
      description = "Warn about every typed path that sent more than SHARE (0 to 1) of its values to the "
          + "residual (default: ${DEFAULT-VALUE}). The summary always gives the overall share.")
  double warnResidual;

  @Option(
      names = "--infer-rows",
      defaultValue = "1000",
      paramLabel = "N",
      description = "The keys of the first N rows seed the shared metadata dictionary (default: "
          + "${DEFAULT-VALUE}); 0 turns that off. The plan is inferred from --sample rows.")
  int inferRows;

  @Option(
      names = "--layout",
      defaultValue = "spec",
      paramLabel = "spec|draft",
      description = "Column layout: spec (metadata, value, typed_value; the default) or draft (untyped_value, "
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

  @Option(names = "--overwrite", description = "Replace OUT if it exists; without it, an existing OUT is an error.")
  boolean overwrite;

  @Option(names = {"-q", "--quiet"}, description = "Print no summary.")
  boolean quiet;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    long startNanos = System.nanoTime();
    if (inferRows < 0) {
      throw new ParameterException(spec.commandLine(), "--infer-rows must be at least 0, was " + inferRows);
    }
    if (!(warnResidual >= 0 && warnResidual <= 1)) {
      throw new ParameterException(spec.commandLine(), "--warn-residual must be in [0, 1], was " + warnResidual);
    }
    if (plan != null && planFrom != null) {
      throw new ParameterException(spec.commandLine(), "--plan and --plan-from cannot be used together");
    }
    ShreddingPlan given = plan != null ? PlanArgument.parse(plan) : planFrom != null ? planOf(planFrom) : null;
    if (given != null) {
      try (PlanSample rows = PlanSample.none(cli, inputs)) {
        return convert(rows, given, planFrom == null ? "" : " (plan of " + planFrom + ")", startNanos);
      }
    }
    PlanInference inference = PlanInference.create(rules.options(spec, InferenceOptions.defaults()));
    try (PlanSample rows = PlanSample.take(cli, inputs, rules.sample, inference, true)) {
      InferredPlan inferred = InferredPlan.of(inference, rows.rows());
      String note = " (plan inferred from " + rows.description() + (inferred.note().isEmpty() ? "" : "; " + inferred.note()) + ")";
      return convert(rows, inferred.plan(), note, startNanos);
    }
  }

  /** The plan of the VARIANT column of an existing file: {@code --column}'s, else the only one. */
  private ShreddingPlan planOf(String file) throws IOException {
    try (ParquetFile parquet = ParquetFile.open(cli, file);
        VariantParquetReader reader = parquet.reader(VariantReadOptions.defaults())) {
      boolean named = spec.commandLine().getParseResult().hasMatchedOption("--column");
      return reader.plans().get(parquet.variantColumn(reader, named ? column : null));
    }
  }

  private int convert(PlanSample documents, ShreddingPlan written, String planNote, long startNanos) throws IOException {
    VariantParquetWriter.Builder builder = VariantParquetWriter.builder(output)
        .layout(layout)
        .codec(codec.parquet)
        .inferFromFirst(inferRows)
        .variantColumn(column, written);
    if (overwrite) {
      builder.overwrite();
    }
    VariantParquetWriter writer;
    try {
      writer = builder.build();
    } catch (FileAlreadyExistsException e) {
      throw new FileAlreadyExistsException(output.toString(), null, "already exists; add --overwrite to replace it");
    }
    long rows;
    try (TemporaryFileGuard guard = TemporaryFileGuard.of(temporaryFile())) {
      rows = write(writer, documents);
    }
    if (!quiet) {
      spec.commandLine().getErr().printf(Locale.ROOT, "%s: %d rows, %d typed columns%s, %d bytes, %.2f s%n",
          output, rows, TypedColumns.of(written), planNote, Files.size(output), (System.nanoTime() - startNanos) / 1e9);
      if (layout == ShreddingLayout.SPEC) {
        for (String line : ResidualShare.of(output, column).summary(warnResidual)) {
          spec.commandLine().getErr().println(line);
        }
      }
    }
    return ExitCodes.OK;
  }

  /** Writes every document and finishes the file; on any failure the writer is aborted, deleting OUT.tmp. */
  private long write(VariantParquetWriter writer, PlanSample documents) throws IOException {
    boolean finished = false;
    try {
      for (Variant v; (v = documents.next()) != null; ) {
        try {
          writer.write(VariantRecord.builder().set(column, v).build());
        } catch (VariantException e) { // the document is valid JSON, yet cannot be shredded or encoded
          throw new InputException(documents.source(), documents.line(), 0, "Cannot convert the document: " + e.getMessage(), e);
        } catch (IOException e) {
          throw cannotWrite(e);
        }
      }
      try {
        writer.close();
      } catch (IOException e) {
        throw cannotWrite(e);
      }
      finished = true;
      return writer.rowCount();
    } finally {
      if (!finished) {
        writer.abort();
      }
    }
  }

  private IOException cannotWrite(IOException e) {
    return new IOException("cannot write " + output + ": " + e.getMessage(), e);
  }

  /**
   * Where {@link VariantParquetWriter} writes before renaming onto {@code OUT}: {@code OUT.tmp}, as its
   * class comment documents.
   */
  private Path temporaryFile() {
    return output.resolveSibling(output.getFileName() + ".tmp");
  }
}
