// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.arrow.CastMode;
import io.variant.core.Limits;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code variant select}: several Variant paths per row as columns, read by columns ({@link
 * SelectFile}: only the Parquet columns the paths and the condition need, typed values without a
 * rebuild), written as JSON lines, CSV, TSV or an Arrow IPC stream ({@link SelectFormat}).
 */
@Command(
    name = "select",
    mixinStandardHelpOptions = true,
    header = "Print several paths of a VARIANT column as columns, one row per line.",
    description = {
      "Print, for each row, the value at each PATH: one JSON object per line (--format json, each"
          + " column by its name: the argument as written), CSV or TSV with a header row, or an Arrow IPC"
          + " stream. Only the Parquet columns the paths and --where need are read; a typed value is taken"
          + " from its typed column without rebuilding the row, and only values left in a residual are"
          + " parsed.",
      "Each column is [COLUMN:]PATH[::TYPE]:",
      "  $.user.name               the Variant at the path (JSON), null where missing",
      "  $.user.id::bigint         the value cast to a type; fails where it does not cast",
      "  event:$.user.id::bigint   the same, in the VARIANT column named event",
      "COLUMN picks the VARIANT column (default: --column, or the file's only one)."
          + " Without a type the value is the Variant itself, as Spark's variant_get(v, path,"
          + " 'variant') and DuckDB's variant_extract give it. A type casts as Spark's variant_get"
          + " does; types are boolean, tinyint, smallint, int, bigint, float, double, decimal(P,S),"
          + " string, binary, date, timestamptz and timestamp_ntz (Spark's and DuckDB's other names"
          + " work too: long, integer, varchar, ...). A value that does not cast fails the command"
          + " (exit code 1) naming its row; with --lenient it is null, as Spark's try_variant_get"
          + " and DuckDB's TRY_CAST give.",
      "Inputs come first, then the columns: the first argument that starts with $ or NAME:$ is a"
          + " column.",
    })
final class SelectCommand implements Callable<Integer> {
  @ParentCommand VariantCli cli;

  @Parameters(
      arity = "2..*",
      paramLabel = "FILE... PATH...",
      hideParamSyntax = true,
      description = "Parquet inputs, then the columns.")
  List<String> arguments;

  @Option(
      names = "--column",
      paramLabel = "NAME",
      description =
          "The VARIANT column of paths without COLUMN: and of --where (default: the file's only one).")
  String column;

  @Option(
      names = "--format",
      defaultValue = "json",
      paramLabel = "json|csv|tsv|arrow",
      description =
          "Output format (default: ${DEFAULT-VALUE}). csv: RFC 4180, fields with a comma, quote or"
              + " newline quoted, NULL an empty field and the empty string \"\"; tsv: tab, newline"
              + " and backslash escaped as \\t, \\n, \\\\; arrow: an Arrow IPC stream.")
  SelectFormat format;

  @Option(
      names = "--lenient",
      description = "Give null where a value does not cast to its type, instead of failing.")
  boolean lenient;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "OUT",
      description =
          "Write to OUT instead of stdout: written whole or not at all (a temporary file renamed"
              + " when complete); an existing OUT needs --overwrite.")
  String output;

  @Option(names = "--overwrite", description = "Replace an existing OUT.")
  boolean overwrite;

  @Mixin WhereOption where;

  @Mixin RowLimit limit;

  @Mixin ReadLimits limits;

  @Mixin AllowIncomplete incomplete;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    int first = 0;
    while (first < arguments.size() && !SelectItem.looksLikeItem(arguments.get(first))) {
      first++;
    }
    List<String> inputs = arguments.subList(0, first);
    if (inputs.isEmpty() || first == arguments.size()) {
      throw new ParameterException(
          spec.commandLine(),
          inputs.isEmpty()
              ? "no input before the first column '" + arguments.get(0) + "': FILE... comes first"
              : "no column: give at least one PATH after the files, e.g. '$.user.name'");
    }
    List<SelectItem> items = items(arguments.subList(first, arguments.size()));
    where.condition("column"); // a clause that does not parse fails here, before any file is read
    Limits checked = limits.limits();
    CastMode mode = lenient ? CastMode.LENIENT : CastMode.STRICT;
    List<String> files =
        InputPaths.expand(inputs, InputPaths::parquetFile, incomplete.policy(), cli.stores());
    try (BufferAllocator allocator = new RootAllocator();
        SelectOutput out = SelectOutput.open(output, overwrite, inputs, cli)) {
      try (SelectWriter writer = format.open(items, out.stream(), allocator)) {
        long printed = 0;
        for (String name : files) {
          if (!limit.allows(printed)) {
            break;
          }
          try (ParquetFile parquet = ParquetFile.open(cli, name)) {
            SelectFile file = SelectFile.resolve(parquet, items, column, where, mode, checked);
            try (VariantBatches batches = file.open(limits.readOptions(), allocator)) {
              printed = file.run(batches, writer, limit, printed);
            }
          }
        }
        writer.finish();
      }
      out.commit();
    }
    return ExitCodes.OK;
  }

  private List<SelectItem> items(List<String> args) {
    List<SelectItem> items = new ArrayList<>();
    Set<String> labels = new HashSet<>();
    for (String arg : args) {
      try {
        items.add(SelectItem.parse(arg));
      } catch (IllegalArgumentException e) {
        throw new ParameterException(
            spec.commandLine(),
            SelectItem.looksLikeItem(arg)
                ? e.getMessage()
                : "'" + arg + "' is not a column: the inputs come first, then the columns");
      }
      if (!labels.add(arg)) {
        throw new ParameterException(
            spec.commandLine(),
            "column '" + arg + "' is given twice: each names one output column");
      }
    }
    return items;
  }
}
