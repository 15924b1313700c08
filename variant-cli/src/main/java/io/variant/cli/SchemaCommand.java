// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.read.VariantReadOptions;
import io.variant.parquet.schema.VariantSchema;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code variant schema}: the Parquet schema of a file, then for each VARIANT column its layout and
 * plan. Only the footer is read.
 */
@Command(
    name = "schema",
    mixinStandardHelpOptions = true,
    header = "Print Parquet files' schema and the shredding plan of each VARIANT column.",
    description = {
      "Print the Parquet schema, then for each VARIANT column a line 'column NAME: LAYOUT layout, N typed "
          + "columns' followed by its plan in the one-line text form that 'convert --plan' reads.",
    })
final class SchemaCommand implements Callable<Integer> {
  @ParentCommand VariantCli cli;

  @Parameters(
      arity = "1..*",
      paramLabel = "FILE",
      description =
          "Parquet files, directories of part files or globs; '-' reads stdin. Gzip and zstd input is "
              + "decompressed. Files with the same schema are listed together and the schema printed once.")
  List<String> files;

  @Mixin AllowIncomplete incomplete;

  @Override
  public Integer call() throws IOException {
    List<String> names = InputPaths.expand(files, InputPaths::parquetFile, incomplete.policy());
    Map<String, List<String>> filesBySchema = new LinkedHashMap<>();
    for (String name : names) {
      try (ParquetFile parquet = ParquetFile.open(cli, name);
          VariantParquetReader reader = parquet.reader(VariantReadOptions.defaults())) {
        filesBySchema.computeIfAbsent(describe(reader), k -> new ArrayList<>()).add(parquet.name());
      }
    }
    try (Writer out = cli.output()) {
      boolean first = true;
      for (Map.Entry<String, List<String>> e : filesBySchema.entrySet()) {
        if (names.size() > 1) {
          out.write(
              (first ? "" : "\n")
                  + "# "
                  + e.getValue().size()
                  + " file"
                  + (e.getValue().size() == 1 ? "" : "s")
                  + ": "
                  + String.join(", ", e.getValue())
                  + "\n");
        }
        out.write(e.getKey());
        first = false;
      }
    }
    return ExitCodes.OK;
  }

  /** The schema, then each VARIANT column's layout and plan. */
  private static String describe(VariantParquetReader reader) {
    StringBuilder s = new StringBuilder(reader.schema().toString());
    for (Map.Entry<String, ShreddingPlan> e : reader.plans().entrySet()) {
      String layout =
          VariantSchema.detectLayout(reader.schema().getType(e.getKey()).asGroupType()).name();
      s.append(
          String.format(
              Locale.ROOT,
              "%ncolumn %s: %s layout, %d typed columns%n%s%n",
              e.getKey(),
              layout.toLowerCase(Locale.ROOT),
              TypedColumns.of(e.getValue()),
              e.getValue().print()));
    }
    return s.toString();
  }
}
