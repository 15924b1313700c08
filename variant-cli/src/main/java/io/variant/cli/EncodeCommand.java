package io.variant.cli;

import io.variant.core.DuplicateKeys;
import io.variant.core.Limits;
import io.variant.core.Variant;
import io.variant.core.json.JsonOptions;
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

/** {@code variant encode}: JSON documents in, one {@code <metadata hex> <value hex>} line per document out. */
@Command(
    name = "encode",
    mixinStandardHelpOptions = true,
    header = "Encode JSON documents as Variants, one '<metadata hex> <value hex>' line each.",
    description = {
      "Encode JSON documents as Variants: one output line '<metadata hex> <value hex>' per document, in "
          + "lower-case hex, with a sorted metadata dictionary and the smallest encodings.",
      "Input: NDJSON (one document per line) or whitespace-separated documents, or one top-level JSON "
          + "array whose elements are the documents; gzip input is decompressed.",
    })
final class EncodeCommand implements Callable<Integer> {
  @ParentCommand VariantCli cli;

  @Mixin FileArgument input;

  @Option(
      names = "--duplicate-keys",
      defaultValue = "REJECT",
      paramLabel = "POLICY",
      description = "A key repeated in one object: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
  DuplicateKeys duplicateKeys;

  @Option(
      names = "--max-depth",
      defaultValue = "1000",
      paramLabel = "N",
      description = "Deepest nesting of objects and arrays accepted (default: ${DEFAULT-VALUE}).")
  int maxDepth;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    if (maxDepth < 1) {
      throw new ParameterException(spec.commandLine(), "--max-depth must be at least 1, was " + maxDepth);
    }
    JsonOptions options = JsonOptions.defaults()
        .withDuplicateKeys(duplicateKeys)
        .withLimits(Limits.defaults().withMaxDepth(maxDepth));
    try (JsonDocuments documents = new JsonDocuments(cli, List.of(input.path), options, JsonDocuments::withHints);
        Writer out = cli.output()) {
      Hex hex = new Hex();
      for (Variant v; (v = documents.next()) != null; ) {
        hex.write(v.metadataBytes(), out);
        out.write(' ');
        hex.write(v.valueBytes(), out);
        out.write('\n');
      }
    }
    return ExitCodes.OK;
  }
}
