// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.core.Limits;
import io.variant.core.VariantFormatException;
import io.variant.core.VariantLimitException;
import io.variant.core.json.VariantJson;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code variant decode}: {@code <metadata hex> <value hex>} lines in, one JSON document per line
 * out.
 */
@Command(
    name = "decode",
    mixinStandardHelpOptions = true,
    header = "Decode '<metadata hex> <value hex>' lines to JSON, or to a typed tree with --pretty.",
    description = {
      "Decode lines '<metadata hex> <value hex>' (as 'variant encode' and 'variant cat --format hex' write "
          + "them) to JSON, one document per line. Each Variant is fully validated first; blank lines are "
          + "skipped; gzip and zstd input is decompressed. Several inputs (files, directories, globs) are read "
          + "in order.",
      "A line NULL (an SQL NULL row from 'cat --format hex') prints null, or NULL with --pretty.",
    })
final class DecodeCommand implements Callable<Integer> {
  @ParentCommand VariantCli cli;

  @Mixin FileArgument input;

  @Mixin ReadLimits limits;

  @Option(
      names = "--pretty",
      description = "Print each value as a tree that shows every value's Variant type.")
  boolean pretty;

  @Override
  public Integer call() throws IOException {
    Limits checked = limits.limits();
    try (Writer out = cli.output()) {
      for (String path : input.expanded(cli)) {
        decode(path, checked, out);
      }
    }
    return ExitCodes.OK;
  }

  private void decode(String path, Limits checked, Writer out) throws IOException {
    // Bytes, not a charset decoder: hex is ASCII, and any other byte is reported at its column.
    try (Input in = cli.open(path);
        BufferedReader lines = in.byteReader()) {
      HexLine parser = new HexLine(in.name(), checked);
      // A whole line is rendered first, so a value that fails prints nothing.
      StringBuilder text = new StringBuilder(256);
      long lineNo = 0;
      try {
        for (String line; (line = lines.readLine()) != null; ) {
          lineNo++;
          HexLine.Parsed parsed = parser.parse(line, lineNo);
          if (parsed != null) {
            text.setLength(0);
            render(parsed, text, parser, lineNo, checked);
            out.append(text);
          }
        }
      } catch (OutputException e) {
        throw e;
      } catch (IOException e) {
        throw Input.readFailure(in.name(), lineNo, e);
      }
    }
  }

  private void render(
      HexLine.Parsed parsed, StringBuilder text, HexLine parser, long lineNo, Limits checked)
      throws IOException {
    if (parsed.isSqlNull()) {
      // The tree tells SQL NULL apart from a Variant null; JSON cannot.
      text.append(pretty ? HexLine.SQL_NULL : "null").append('\n');
      return;
    }
    try {
      if (pretty) {
        TypedTreePrinter.print(parsed.variant(), text, checked);
      } else {
        VariantJson.writeJson(parsed.variant(), text, checked);
        text.append('\n');
      }
    } catch (VariantFormatException e) {
      throw parser.valueError(e, lineNo, parsed);
    } catch (VariantLimitException e) {
      throw parser.valueOverLimit(e, lineNo, parsed);
    }
  }
}
