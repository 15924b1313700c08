// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.core.Variant;
import java.io.IOException;
import java.io.Writer;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/**
 * {@code variant encode}: JSON documents in, one {@code <metadata hex> <value hex>} line per
 * document out.
 */
@Command(
    name = "encode",
    mixinStandardHelpOptions = true,
    header = "Encode JSON documents as Variants, one '<metadata hex> <value hex>' line each.",
    description = {
      "Encode JSON documents as Variants: one output line '<metadata hex> <value hex>' per document, in "
          + "lower-case hex, with a sorted metadata dictionary and the smallest encodings.",
      "Input: NDJSON (one document per line), documents separated by whitespace, or one top-level JSON "
          + "array whose elements are the documents (see --input-format); gzip and zstd input is decompressed.",
    })
final class EncodeCommand implements Callable<Integer> {
  @ParentCommand VariantCli cli;

  @Mixin FileArgument input;

  @Mixin JsonInputOptions json;

  @Override
  public Integer call() throws IOException {
    try (JsonDocuments documents =
            new JsonDocuments(cli, input.expanded(), json.options(), json.format);
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
