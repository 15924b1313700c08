package io.variant.cli;

import io.variant.core.DuplicateKeys;
import io.variant.core.Limits;
import io.variant.core.Variant;
import io.variant.core.VariantException;
import io.variant.core.json.JsonDocumentReader;
import io.variant.core.json.JsonOptions;
import io.variant.core.json.VariantJsonException;
import java.io.IOException;
import java.io.Writer;
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
    try (Input in = cli.open(input.path);
        JsonDocumentReader documents = new JsonDocumentReader(in.utf8Reader(), options);
        Writer out = cli.output()) {
      Hex hex = new Hex();
      long documentLine = 0; // where the last good document started: locates errors that carry no position
      try {
        for (Variant v; (v = documents.next()) != null; ) {
          documentLine = documents.line();
          hex.write(v.metadataBytes(), out);
          out.write(' ');
          hex.write(v.valueBytes(), out);
          out.write('\n');
        }
      } catch (VariantJsonException e) {
        throw new InputException(in.name(), e.line(), e.column(), forCommandLine(e.getMessage()), e);
      } catch (VariantException e) {
        String where = documentLine == 0 ? "in the first document" : "in the document after line " + documentLine;
        throw new InputException(in.name(), 0, 0, e.getMessage() + " (" + where + ")", e);
      } catch (OutputException e) {
        throw e;
      } catch (IOException e) {
        throw Input.readFailure(in.name(), documentLine, e);
      }
    }
    return ExitCodes.OK;
  }

  /**
   * Adapts a library message to this command: the location moves to the front ("Invalid JSON at line 3,
   * column 17: x" becomes "Invalid JSON: x"), and hints name this command's options, not the Java API.
   */
  static String forCommandLine(String message) {
    return message
        .replaceFirst(" at line \\d+, column \\d+", "")
        .replace("Limits.maxDepth", "--max-depth")
        .replace("DuplicateKeys.LAST_WINS", "--duplicate-keys=last_wins");
  }
}
