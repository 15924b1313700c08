// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import io.variant.core.Limits;
import io.variant.core.Variant;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.filter.VariantCondition;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.read.VariantReadOptions;
import java.io.IOException;
import java.io.Writer;
import java.time.DateTimeException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code variant cat}: one line per row of a VARIANT column, rebuilt from its shredded columns;
 * with the file's ordinary top-level columns beside it when it has any ({@link PlainColumnJson});
 * with {@code --where}, only the matching rows ({@link MatchingRows}).
 */
@Command(
    name = "cat",
    mixinStandardHelpOptions = true,
    header = "Print a VARIANT column of Parquet files, one row per line.",
    description = {
      "Print each row of a VARIANT column, rebuilt from its shredded columns (either layout). A file"
          + " whose only columns are VARIANT columns prints the Variant's JSON alone; a file with other"
          + " top-level columns (an id beside the VARIANT column, say) prints one JSON object per row:"
          + " each such column and the VARIANT column by name, in the file's order. Columns of nested"
          + " types (structs, lists, maps) and other VARIANT columns are not shown.",
      "--format json prints the JSON rendering (SQL NULL as null); --format hex prints '<metadata hex> "
          + "<value hex>' of the rebuilt Variant alone, or NULL for SQL NULL, which 'variant decode' reads.",
    })
final class CatCommand implements Callable<Integer> {
  /** How each row is printed. */
  enum Format {
    JSON,
    HEX
  }

  @ParentCommand VariantCli cli;

  @Mixin ParquetArguments file;

  @Option(
      names = "--format",
      defaultValue = "json",
      paramLabel = "json|hex",
      description = "Output format (default: ${DEFAULT-VALUE}).")
  Format format;

  @Mixin WhereOption where = new WhereOption();

  @Mixin RowLimit limit;

  @Mixin ReadLimits limits;

  @Mixin AllowIncomplete incomplete;

  @Override
  public Integer call() throws IOException {
    Limits checked = limits.limits();
    where.condition("column"); // a clause that does not parse fails here, before any file is read
    try (Writer out = cli.output()) {
      long row = 0; // counted across the files, for --limit
      for (String name : file.expanded(cli, incomplete)) {
        if (!limit.allows(row)) {
          break;
        }
        try (ParquetFile parquet = ParquetFile.open(cli, name)) {
          row = print(parquet, checked, out, row);
        }
      }
    }
    return ExitCodes.OK;
  }

  /** Prints the rows of one file; returns the rows printed so far, this file's included. */
  private long print(ParquetFile parquet, Limits checked, Writer out, long printed)
      throws IOException {
    String column;
    List<Type> shown = new ArrayList<>(); // the VARIANT column and the ordinary ones, in order
    try (VariantParquetReader footer = parquet.reader(VariantReadOptions.defaults())) {
      column = parquet.variantColumn(footer, file.column);
      for (Type t : footer.schema().getFields()) {
        boolean ordinary =
            !footer.plans().containsKey(t.getName())
                && t.isPrimitive()
                && !t.isRepetition(Type.Repetition.REPEATED);
        if (ordinary || t.getName().equals(column)) {
          shown.add(t);
        }
      }
    }
    boolean alone = shown.size() == 1 || format == Format.HEX;
    VariantCondition predicate = where.condition(column);
    CheckedRows rows = new CheckedRows(parquet, column, checked);
    VariantReadOptions options =
        limits
            .readOptions()
            .withColumns(
                alone
                    ? new String[] {column}
                    : shown.stream().map(Type::getName).toArray(String[]::new));
    try (MatchingRows matching = new MatchingRows(parquet, options, column, predicate, rows)) {
      Hex hex = new Hex();
      StringBuilder line = new StringBuilder(256);
      for (VariantRecord record; limit.allows(printed) && (record = matching.next()) != null; ) {
        line.setLength(0);
        if (alone) {
          render(record.variant(column), line, hex, rows, matching.row());
        } else {
          object(record, shown, column, parquet, rows, matching.row(), line);
        }
        out.append(line.append('\n'));
        printed++;
      }
    }
    return printed;
  }

  /** The next row, or null at the end. */
  static VariantRecord read(ParquetFile parquet, VariantParquetReader reader) throws IOException {
    try {
      return reader.read();
    } catch (VariantParquetException e) {
      throw parquet.error(e);
    }
  }

  private void render(Variant v, StringBuilder line, Hex hex, CheckedRows rows, long row)
      throws IOException {
    if (v == null) {
      line.append(format == Format.HEX ? HexLine.SQL_NULL : "null");
    } else if (format == Format.HEX) {
      rows.check(v, row);
      hex.append(v.metadataBytes(), line);
      line.append(' ');
      hex.append(v.valueBytes(), line);
    } else {
      rows.appendJson(v, row, line);
    }
  }

  /** The row as a JSON object: each column shown, by name, in the file's order. */
  private static void object(
      VariantRecord record,
      List<Type> shown,
      String column,
      ParquetFile parquet,
      CheckedRows rows,
      long row,
      StringBuilder line)
      throws IOException {
    line.append('{');
    for (Type t : shown) {
      if (line.length() > 1) {
        line.append(',');
      }
      line.append('"');
      JsonStringEncoder.getInstance().quoteAsString(t.getName(), line);
      line.append("\":");
      if (t.getName().equals(column)) {
        Variant v = record.variant(column);
        if (v == null) {
          line.append("null");
        } else {
          rows.appendJson(v, row, line);
        }
        continue;
      }
      Object value = record.get(t.getName());
      if (value == null) {
        line.append("null");
        continue;
      }
      try {
        PlainColumnJson.append((PrimitiveType) t, value, line);
      } catch (DateTimeException | ArithmeticException e) {
        throw parquet.error(
            new VariantParquetException(
                null, t.getName(), row, "Invalid value: " + e.getMessage(), e));
      }
    }
    line.append('}');
  }
}
