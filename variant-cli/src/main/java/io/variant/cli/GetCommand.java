// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.core.Limits;
import io.variant.core.Variant;
import io.variant.core.path.VariantPath;
import io.variant.core.path.VariantPathException;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.filter.VariantCondition;
import io.variant.parquet.read.PathValue;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.read.VariantPathReader;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code variant get}: the value at one path of a VARIANT column, one line per row, reading only
 * the Parquet columns that path needs ({@link VariantParquetReader#project}); with {@code --where},
 * only the matching rows, skipping row groups by statistics where the file allows; {@code
 * --explain} says what would be read ({@link GetExplain}).
 */
@Command(
    name = "get",
    mixinStandardHelpOptions = true,
    header = "Print the value at one path of a VARIANT column, one row per line.",
    description = {
      "Print, for each row, the value at PATH as JSON (or as --type), or null when the path is absent, the row "
          + "is SQL NULL, or the value is not of --type. Only the Parquet columns the path needs are read; where "
          + "the path is fully typed, the value comes from its typed column without rebuilding the rest of the row.",
      "PATH comes last; every argument before it is an input (files, directories of part files,"
          + " globs). A PATH is $ followed by .name, ['any name'] or [index] steps, as in"
          + " $.user.name and $.items[0].price.",
    })
final class GetCommand implements Callable<Integer> {
  @ParentCommand VariantCli cli;

  @Parameters(
      arity = "2..*",
      paramLabel = "FILE... PATH",
      hideParamSyntax = true, // else picocli repeats the label for each required value
      description = "Parquet inputs, then the path.")
  List<String> arguments;

  @Option(
      names = "--column",
      paramLabel = "NAME",
      description = "The VARIANT column to read (default: the file's only VARIANT column).")
  String column;

  @Option(
      names = "--type",
      defaultValue = "variant",
      paramLabel = "TYPE",
      description =
          "Print the value as TYPE: long, double, decimal, string, boolean, date, timestamp or"
              + " variant (the default: any value as JSON); null where it is not one.")
  ValueType type;

  @Mixin WhereOption where;

  @Option(
      names = "--explain",
      description =
          "Print the columns read and the row groups read or skipped (and why) "
              + "for each file, instead of the values.")
  boolean explain;

  @Mixin RowLimit limit;

  @Mixin ReadLimits limits;

  @Mixin AllowIncomplete incomplete;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    String pathText = arguments.get(arguments.size() - 1);
    List<String> inputs = arguments.subList(0, arguments.size() - 1);
    VariantPath path = parsePath(pathText, inputs);
    Limits checked = limits.limits();
    long printed = 0;
    try (Writer out = cli.output()) {
      for (String name :
          InputPaths.expand(inputs, InputPaths::parquetFile, incomplete.policy(), cli.stores())) {
        if (!explain && !limit.allows(printed)) {
          break;
        }
        try (ParquetFile parquet = ParquetFile.open(cli, name);
            VariantParquetReader reader = parquet.reader(limits.readOptions())) {
          String col = parquet.variantColumn(reader, column);
          VariantCondition predicate = where.condition(col);
          CheckedRows rows = new CheckedRows(parquet, col, checked);
          if (explain) {
            try (VariantPathReader values = reader.project(col, path)) {
              GetExplain.print(parquet, col, pathText, values.requestedSchema(), predicate, out);
            }
          } else if (predicate == null) {
            printed =
                printPath(
                    parquet,
                    reader.project(col, path),
                    rows.at(path),
                    out,
                    printed,
                    path.segments().isEmpty());
          } else {
            printed = printWhere(parquet, predicate, col, path, rows, out, printed);
          }
        }
      }
    }
    return ExitCodes.OK;
  }

  /**
   * The path, the last argument. Arguments in the wrong order are said as such: a path among the
   * inputs that is no file would otherwise read as a missing file, and a file given last as a bad
   * path.
   */
  private VariantPath parsePath(String text, List<String> inputs) {
    String misplaced =
        inputs.stream().filter(a -> a.startsWith("$") && !isFile(a)).findFirst().orElse(null);
    VariantPath path;
    try {
      path = VariantPath.parse(text);
    } catch (VariantPathException e) {
      throw new ParameterException(
          spec.commandLine(),
          misplaced != null
              ? "PATH comes last, after the files: the last argument '"
                  + text
                  + "' is not a path, and '"
                  + misplaced
                  + "' is one"
              : e.getMessage() + " in PATH '" + text + "'");
    }
    if (misplaced != null) {
      throw new ParameterException(
          spec.commandLine(),
          "'" + misplaced + "' is a path, not a file: get takes one PATH, after the files");
    }
    return path;
  }

  /** Every row's value at the path, through the projected reader. */
  private static boolean isFile(String arg) {
    try {
      return Files.exists(Path.of(arg));
    } catch (InvalidPathException e) {
      return false;
    }
  }

  private long printPath(
      ParquetFile parquet,
      VariantPathReader values,
      CheckedRows rows,
      Writer out,
      long printed,
      boolean isRoot)
      throws IOException {
    try (values) {
      StringBuilder line = new StringBuilder(128);
      for (long row = 0; limit.allows(printed); row++, printed++) {
        PathValue value = read(parquet, values);
        if (value == null) {
          break;
        }
        line.setLength(0);
        append(
            value.isPresent() ? value.value() : null,
            rows,
            row,
            line,
            isRoot); // absent, or SQL NULL: null
        out.append(line).append('\n');
      }
    }
    return printed;
  }

  /**
   * The value at the path of the rows that match, reading whole rows of the row groups statistics
   * keep.
   */
  private long printWhere(
      ParquetFile parquet,
      VariantCondition predicate,
      String col,
      VariantPath path,
      CheckedRows rows,
      Writer out,
      long printed)
      throws IOException {
    CheckedRows values = rows.at(path); // rows are checked whole, then the value at the path
    try (MatchingRows matching =
        new MatchingRows(parquet, limits.readOptions().withColumns(col), col, predicate, rows)) {
      StringBuilder line = new StringBuilder(128);
      for (VariantRecord record; limit.allows(printed) && (record = matching.next()) != null; ) {
        Variant v = record.variant(col);
        line.setLength(0);
        append(v == null ? null : path.extract(v), values, matching.row(), line, false);
        out.append(line).append('\n');
        printed++;
      }
    }
    return printed;
  }

  private void append(Variant v, CheckedRows rows, long row, StringBuilder line, boolean root)
      throws IOException {
    if (v == null) {
      line.append("null");
    } else {
      if (root) {
        rows.check(v, row);
      } else {
        rows.checkPart(v, row);
      }
      rows.render(() -> type.append(v, line, limits.limits()), row);
    }
  }

  private static PathValue read(ParquetFile parquet, VariantPathReader values) throws IOException {
    try {
      return values.read();
    } catch (VariantParquetException e) {
      throw parquet.error(e);
    }
  }
}
