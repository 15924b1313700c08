package io.variant.cli;

import io.variant.core.Variant;
import io.variant.core.json.JsonOptions;
import io.variant.shredding.infer.InferenceOptions;
import io.variant.shredding.infer.InferenceResult;
import io.variant.shredding.infer.PlanInference;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code variant plan}: infers a shredding plan from JSON documents and prints it, then a blank line, then
 * the coverage table. The first line is exactly {@code ShreddingPlan.print()}, so the output (or that line)
 * can be given back to {@code convert --plan @FILE}.
 */
@Command(
    name = "plan",
    mixinStandardHelpOptions = true,
    header = "Infer a shredding plan from JSON documents and print it with a coverage table.",
    description = {
      "Infer a shredding plan from the first documents of the input (NDJSON, whitespace-separated "
          + "documents, or one top-level JSON array; gzip input is decompressed).",
      "Output: the plan in its one-line text form, a blank line, then per path the sampled count, how often "
          + "it is present, typed and residual, and the chosen type. 'variant plan in.ndjson > plan.txt' "
          + "writes a file that 'variant convert --plan @plan.txt' reads.",
    })
final class PlanCommand implements Callable<Integer> {
  private static final InferenceOptions DEFAULTS = InferenceOptions.defaults();

  @ParentCommand VariantCli cli;

  @Mixin FileArgument input;

  @Option(
      names = "--sample",
      defaultValue = "10000",
      paramLabel = "N",
      description = "Infer from the first N documents; 0 reads them all (default: ${DEFAULT-VALUE}).")
  long sample;

  @Option(
      names = "--min-presence",
      paramLabel = "P",
      description = "Share (0 to 1) of its parent objects a field must appear in to get its own column "
          + "(default: 0.1).")
  Double minPresence;

  @Option(
      names = "--dominance",
      paramLabel = "D",
      description = "Share (above 0, up to 1) of a path's non-null values one type family must hold for the "
          + "path to be typed; the rest goes to the residual (default: 0.9).")
  Double dominance;

  @Option(
      names = "--max-columns",
      paramLabel = "N",
      description = "Most typed columns in the plan; past it the least present paths stay in the residual "
          + "(default: 300).")
  Integer maxColumns;

  @Option(
      names = "--max-depth",
      paramLabel = "N",
      description = "Most objects and arrays nested in the plan below the root (default: 50).")
  Integer maxDepth;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    if (sample < 0) {
      throw new ParameterException(spec.commandLine(), "--sample must be at least 0, was " + sample);
    }
    PlanInference inference = PlanInference.create(options());
    try (JsonDocuments documents = new JsonDocuments(cli, List.of(input.path), JsonOptions.defaults(), JsonDocuments::withoutHints)) {
      for (Variant v; (sample == 0 || inference.rows() < sample) && (v = documents.next()) != null; ) {
        inference.add(v);
      }
    }
    InferenceResult result = inference.result();
    try (Writer out = cli.output()) {
      out.write(result.plan().print());
      out.write("\n\n");
      out.write(result.coverage().format());
    }
    return ExitCodes.OK;
  }

  /**
   * The inference options from the command line; the defaults are {@link InferenceOptions#defaults()}'s,
   * which the help text repeats.
   */
  private InferenceOptions options() {
    InferenceOptions o = DEFAULTS;
    try {
      if (minPresence != null) {
        o = o.withMinPresence(minPresence);
      }
      if (dominance != null) {
        o = o.withDominance(dominance);
      }
      if (maxColumns != null) {
        o = o.withMaxTypedColumns(maxColumns);
      }
      if (maxDepth != null) {
        o = o.withMaxDepth(maxDepth);
      }
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), forCommandLine(e.getMessage()));
    }
    return o;
  }

  /** "Cannot use minPresence 2.0: it must be in [0, 1]" names the option: "Cannot use --min-presence 2.0: ...". */
  static String forCommandLine(String message) {
    return message
        .replace("minPresence", "--min-presence")
        .replace("dominance", "--dominance")
        .replace("maxTypedColumns", "--max-columns")
        .replace("maxDepth", "--max-depth");
  }
}
