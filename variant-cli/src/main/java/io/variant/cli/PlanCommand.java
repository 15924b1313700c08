// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.parquet.internal.CheckedPlan;
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
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code variant plan}: infers a shredding plan from JSON documents and prints it, then a blank
 * line, then the coverage table. The first line is exactly {@code ShreddingPlan.print()}, so the
 * output (or that line) can be given back to {@code convert --plan @FILE}.
 */
@Command(
    name = "plan",
    mixinStandardHelpOptions = true,
    header = "Infer a shredding plan from JSON documents and print it with a coverage table.",
    description = {
      "Infer a shredding plan from a sample of the input (NDJSON, whitespace-separated documents, or one "
          + "top-level JSON array, see --input-format; gzip and zstd input is decompressed): rows spread across plain NDJSON files, else the "
          + "first rows. Several inputs (files, directories, globs) are sampled as one. A malformed sampled row fails "
          + "the command, named by file, line and column. 'variant convert' samples the same way, with the same options, and writes this plan.",
      "Output: the plan in its one-line text form, a blank line, then per path the sampled count, how often "
          + "it is present, typed and residual, and the chosen type, then which rows were sampled. 'variant plan in.ndjson > plan.txt' "
          + "writes a file that 'variant convert --plan @plan.txt' reads.",
      "The JSON options (--input-format, --duplicate-keys, --max-depth, --max-value-size) mean what they "
          + "mean on encode and convert. The plan's own nesting limit is --max-plan-depth (it was --max-depth "
          + "before that name went to the JSON depth limit of every command).",
    })
final class PlanCommand implements Callable<Integer> {
  private static final InferenceOptions DEFAULTS = InferenceOptions.defaults();

  @ParentCommand VariantCli cli;

  @Mixin FileArgument input;

  @Mixin InferenceArguments rules;

  @Mixin JsonInputOptions json;

  @Option(
      names = "--explain",
      description =
          "After the table, print for every examined path why it is typed or left in the residual: "
              + "the cost model's estimate (values x bytes gained each - definition levels - column chunks) or "
              + "the threshold that decided.")
  boolean explain;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    PlanInference inference = PlanInference.create(rules.options(spec, DEFAULTS));
    CheckedPlan inferred;
    String sampled;
    List<String> paths = input.expanded(cli);
    try (JsonDocuments documents = new JsonDocuments(cli, paths, json.options(), json.format)) {
      PlanSample sample =
          PlanSample.take(
              paths, rules.sample, inference, documents, false, rules.sampled(json.options()));
      if (sample.failure() != null) {
        throw sample.failure();
      }
      sampled = sample.description();
      inferred =
          CheckedPlan.of(
              inference,
              sample.rows(),
              Runtime.getRuntime().availableProcessors(),
              sample.inputRows());
    }
    InferenceResult result = inferred.result();
    try (Writer out = cli.output()) {
      out.write(result.plan().print());
      out.write("\n\n");
      out.write(result.coverage().format());
      out.write("sample: " + sampled + "\n");
      if (!inferred.note().isEmpty()) {
        out.write("size check: " + inferred.note() + "\n");
      }
      if (explain) {
        out.write("\nwhy (estimated compressed bytes over the sample):\n");
        out.write(result.explanation().format());
      }
    }
    return ExitCodes.OK;
  }
}
