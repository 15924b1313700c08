package io.variant.cli;

import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.read.VariantReadOptions;
import io.variant.parquet.schema.VariantSchema;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.io.Writer;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code variant schema}: the Parquet schema of a file, then for each VARIANT column its layout and plan.
 * Only the footer is read.
 */
@Command(
    name = "schema",
    mixinStandardHelpOptions = true,
    header = "Print a Parquet file's schema and the shredding plan of each VARIANT column.",
    description = {
      "Print the Parquet schema, then for each VARIANT column a line 'column NAME: LAYOUT layout, N typed "
          + "columns' followed by its plan in the one-line text form that 'convert --plan' reads.",
    })
final class SchemaCommand implements Callable<Integer> {
  @ParentCommand VariantCli cli;

  @Parameters(index = "0", paramLabel = "FILE", description = "Parquet file; '-' reads stdin. Gzip input is decompressed.")
  String file;

  @Override
  public Integer call() throws IOException {
    try (ParquetFile parquet = ParquetFile.open(cli, file);
        VariantParquetReader reader = parquet.reader(VariantReadOptions.defaults());
        Writer out = cli.output()) {
      out.write(reader.schema().toString());
      for (Map.Entry<String, ShreddingPlan> e : reader.plans().entrySet()) {
        String layout = VariantSchema.detectLayout(reader.schema().getType(e.getKey()).asGroupType()).name();
        out.write(String.format(Locale.ROOT, "%ncolumn %s: %s layout, %d typed columns%n%s%n", e.getKey(),
            layout.toLowerCase(Locale.ROOT), TypedColumns.of(e.getValue()), e.getValue().print()));
      }
    }
    return ExitCodes.OK;
  }
}
