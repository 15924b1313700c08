package io.variant.cli;

import io.variant.core.path.VariantPath;
import io.variant.core.path.VariantPathException;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.read.PathValue;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.read.VariantPathReader;
import io.variant.parquet.read.VariantReadOptions;
import java.io.IOException;
import java.io.Writer;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code variant get}: the value at one path of a VARIANT column, one JSON line per row, reading only the
 * Parquet columns that path needs ({@link VariantParquetReader#project}).
 */
@Command(
    name = "get",
    mixinStandardHelpOptions = true,
    header = "Print the value at one path of a VARIANT column, one row per line.",
    description = {
      "Print, for each row, the JSON of the value at PATH, or null when the path is absent or the row is "
          + "SQL NULL. Only the Parquet columns the path needs are read; where the path is fully typed, the "
          + "value comes from its typed column without rebuilding the rest of the row.",
      "PATH: $ followed by .name, ['any name'] or [index] steps, e.g. $.user.name or $.items[0].price.",
    })
final class GetCommand implements Callable<Integer> {
  @ParentCommand VariantCli cli;

  @Mixin ParquetArguments file;

  @Parameters(index = "1", paramLabel = "PATH", description = "The path, e.g. $.user.name or $.items[0].price.")
  String pathText;

  @Mixin RowLimit limit;

  @Mixin ReadLimits limits;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    VariantPath path;
    try {
      path = VariantPath.parse(pathText);
    } catch (VariantPathException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage() + " in PATH '" + pathText + "'");
    }
    try (ParquetFile parquet = ParquetFile.open(cli, file.file);
        VariantParquetReader reader = parquet.reader(limits.readOptions());
        VariantPathReader values = reader.project(parquet.variantColumn(reader, file.column), path);
        Writer out = cli.output()) {
      CheckedRows rows = new CheckedRows(parquet, null, limits.limits());
      StringBuilder line = new StringBuilder(128);
      for (long row = 0; limit.allows(row); row++) {
        PathValue value = read(parquet, values);
        if (value == null) {
          break;
        }
        line.setLength(0);
        if (value.isPresent()) {
          rows.appendJson(value.value(), row, line);
        } else {
          line.append("null"); // absent, or SQL NULL
        }
        out.append(line).append('\n');
      }
    }
    return ExitCodes.OK;
  }

  private static PathValue read(ParquetFile parquet, VariantPathReader values) throws IOException {
    try {
      return values.read();
    } catch (VariantParquetException e) {
      throw parquet.error(e);
    }
  }
}
