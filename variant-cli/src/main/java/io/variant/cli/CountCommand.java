// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.parquet.filter.VariantCondition;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.read.VariantReadOptions;
import java.io.IOException;
import java.io.Writer;
import java.util.concurrent.Callable;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/**
 * {@code variant count}: the number of rows of Parquet files, from their footers; with {@code
 * --where}, of the rows that match, reading only the condition's VARIANT column in the row groups
 * whose statistics allow a match ({@link MatchingRows}).
 */
@Command(
    name = "count",
    mixinStandardHelpOptions = true,
    header = "Print the number of rows of Parquet files.",
    description = {
      "Print one number: the rows of all inputs together. Without --where it is read from the"
          + " footers, without reading a row; with --where, only the VARIANT column the condition"
          + " is on is read, and only in the row groups whose statistics allow a match.",
    })
final class CountCommand implements Callable<Integer> {
  @ParentCommand VariantCli cli;

  @Mixin ParquetArguments file;

  @Mixin WhereOption where;

  @Mixin ReadLimits limits;

  @Mixin AllowIncomplete incomplete;

  @Override
  public Integer call() throws IOException {
    long total = 0;
    try (Writer out = cli.output()) {
      for (String name : file.expanded(cli, incomplete)) {
        try (ParquetFile parquet = ParquetFile.open(cli, name)) {
          total += count(parquet);
        }
      }
      out.write(total + "\n");
    }
    return ExitCodes.OK;
  }

  private long count(ParquetFile parquet) throws IOException {
    if (where.text == null) {
      ParquetMetadata footer = parquet.footer();
      if (file.column != null) { // read or not, a column the file lacks is refused as cat does
        parquet.variantColumn(footer.getFileMetaData().getSchema(), file.column);
      }
      // the footer's counts, once it is known to hold together: a row group claiming fewer rows
      // than its columns hold would be counted as it claims, while every reader refuses the file
      return parquet.check(footer).getBlocks().stream().mapToLong(BlockMetaData::getRowCount).sum();
    }
    String column;
    try (VariantParquetReader footer = parquet.reader(VariantReadOptions.defaults())) {
      column = parquet.variantColumn(footer, file.column);
    }
    VariantCondition condition = where.condition(column);
    long matched = 0;
    try (MatchingRows rows =
        new MatchingRows(
            parquet,
            limits.readOptions().withColumns(column),
            column,
            condition,
            new CheckedRows(parquet, column, limits.limits()))) {
      while (rows.next() != null) {
        matched++;
      }
    }
    return matched;
  }
}
