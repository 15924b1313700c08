// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.core.Limits;
import io.variant.core.Variant;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.read.VariantReadOptions;
import java.io.IOException;
import java.io.Writer;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code variant cat}: one line per row of a VARIANT column, rebuilt from its shredded columns. */
@Command(
    name = "cat",
    mixinStandardHelpOptions = true,
    header = "Print a VARIANT column of Parquet files, one row per line.",
    description = {
      "Print each row of a VARIANT column, rebuilt from its shredded columns (either layout), reading no "
          + "other column.",
      "--format json prints the JSON rendering (SQL NULL as null); --format hex prints '<metadata hex> "
          + "<value hex>' of the rebuilt Variant, or NULL for SQL NULL, which 'variant decode' reads.",
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

  @Mixin RowLimit limit;

  @Mixin ReadLimits limits;

  @Mixin AllowIncomplete incomplete;

  @Override
  public Integer call() throws IOException {
    Limits checked = limits.limits();
    try (Writer out = cli.output()) {
      long row = 0; // counted across the files, for --limit
      for (String name : file.expanded(incomplete)) {
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
    try (VariantParquetReader footer = parquet.reader(VariantReadOptions.defaults())) {
      column = parquet.variantColumn(footer, file.column);
    }
    CheckedRows rows = new CheckedRows(parquet, column, checked);
    try (VariantParquetReader reader = parquet.reader(limits.readOptions().withColumns(column))) {
      Hex hex = new Hex();
      StringBuilder line = new StringBuilder(256);
      for (long row = 0; limit.allows(printed); row++, printed++) {
        VariantRecord record = read(parquet, reader);
        if (record == null) {
          break;
        }
        line.setLength(0);
        render(record.variant(column), line, hex, rows, row);
        out.append(line);
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
    line.append('\n');
  }
}
