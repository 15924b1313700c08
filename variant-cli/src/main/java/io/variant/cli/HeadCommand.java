// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code variant head}: the first rows of the inputs as JSON, printed by {@link CatCommand}, which
 * stops reading at the last row printed, so no row group after the one that holds it is read.
 */
@Command(
    name = "head",
    mixinStandardHelpOptions = true,
    header = "Print the first rows of Parquet files as JSON, one row per line.",
    description = {
      "Print the first N rows of a VARIANT column over all inputs, as 'variant cat' prints them;"
          + " no row group after the one that holds the last row printed is read.",
    })
final class HeadCommand implements Callable<Integer> {
  @ParentCommand VariantCli cli;

  @Mixin ParquetArguments file;

  @Option(
      names = {"-n", "--rows"},
      defaultValue = "10",
      paramLabel = "N",
      description = "Print the first N rows (default: ${DEFAULT-VALUE}).")
  long rows;

  @Mixin ReadLimits limits;

  @Mixin AllowIncomplete incomplete;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    if (rows < 0) {
      throw new ParameterException(spec.commandLine(), "-n must be at least 0, was " + rows);
    }
    CatCommand cat = new CatCommand();
    cat.cli = cli;
    cat.file = file;
    cat.format = CatCommand.Format.JSON;
    cat.limit = RowLimit.first(rows);
    cat.limits = limits;
    cat.incomplete = incomplete;
    cat.where = new WhereOption();
    return cat.call();
  }
}
