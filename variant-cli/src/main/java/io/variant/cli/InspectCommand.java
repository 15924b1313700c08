// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.core.Variant;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.schema.VariantSchema;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.io.Writer;
import java.util.Locale;
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
 * {@code variant inspect}: one row of a VARIANT column as an annotated tree: each value's type, its
 * byte offset and size in the (rebuilt) value, and for shredded files in the spec layout which
 * parts came from typed columns and which from residual {@code value} columns ({@link
 * ShreddedOrigin}).
 */
@Command(
    name = "inspect",
    mixinStandardHelpOptions = true,
    header =
        "Show one row of a VARIANT column as a tree: types, byte offsets and sizes, typed or residual origin.",
    description = {
      "Print row N (default 1) of a VARIANT column: a header with the metadata and value sizes, then one line "
          + "per value: its type, scalar value, '@offset +size' in the value's bytes, and for files shredded in "
          + "the spec layout whether it was read from a typed column or a residual 'value' column (and "
          + "which); the draft layout's origins are not shown.",
    })
final class InspectCommand implements Callable<Integer> {
  @ParentCommand VariantCli cli;

  @Parameters(
      index = "0",
      paramLabel = "FILE",
      description =
          "A Parquet file, or a directory of part files whose rows count in name order, as 'cat' "
              + "prints them; '-' reads stdin.")
  String file;

  @Option(
      names = "--row",
      defaultValue = "1",
      paramLabel = "N",
      description = "The row to show, from 1 (default: 1).")
  long row;

  @Option(
      names = "--column",
      paramLabel = "NAME",
      description = "The VARIANT column (default: the file's only VARIANT column).")
  String column;

  @Mixin ReadLimits limits;

  @Mixin AllowIncomplete incomplete;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    if (row < 1) {
      throw new ParameterException(spec.commandLine(), "--row must be at least 1, was " + row);
    }
    PartRow part = PartRow.of(cli, file, row, incomplete.policy());
    try (ParquetFile parquet = ParquetFile.open(cli, part.file());
        VariantParquetReader reader = parquet.reader(limits.readOptions());
        Writer out = cli.output()) {
      String col = parquet.variantColumn(reader, column);
      ShreddingPlan plan = reader.plans().get(col);
      ShreddingLayout layout =
          VariantSchema.detectLayout(reader.schema().getType(col).asGroupType());
      long inFile = part.row();
      Variant v = nth(parquet, col, inFile);
      StringBuilder text = new StringBuilder(512);
      text.append(
          String.format(
              Locale.ROOT,
              "%s row %d, column %s (%s layout, %d typed columns)%n",
              parquet.name(),
              inFile,
              col,
              layout.name().toLowerCase(Locale.ROOT),
              TypedColumns.of(plan)));
      if (v == null) {
        text.append("SQL NULL\n");
      } else {
        CheckedRows checked = new CheckedRows(parquet, col, limits.limits());
        checked.check(v, inFile - 1);
        text.append(
            String.format(
                Locale.ROOT,
                "metadata %d bytes (%d keys), value %d bytes%n",
                v.metadataBytes().length,
                v.metadata().size(),
                v.valueSize()));
        TypedTreePrinter.Annotation origin =
            layout == ShreddingLayout.SPEC && plan.isShredded()
                ? ShreddedOrigin.of(plan, StoredRow.of(parquet, col, inFile), col)
                : null;
        TypedTreePrinter.Annotation annotation = origin != null ? origin : Unshredded.INSTANCE;
        checked.render(
            () -> TypedTreePrinter.print(v, text, annotation, limits.limits()), inFile - 1);
      }
      out.append(text);
    }
    return ExitCodes.OK;
  }

  /** The rebuilt Variant of row {@code row} (from 1); an error if the column has fewer rows. */
  private Variant nth(ParquetFile parquet, String col, long row) throws IOException {
    try (VariantParquetReader rows = parquet.reader(limits.readOptions().withColumns(col))) {
      VariantRecord r = null;
      for (long i = 0; i < row; i++) {
        r = CatCommand.read(parquet, rows);
        if (r == null) {
          throw new InputException(
              parquet.name(), 0, 0, "has " + i + " rows; --row " + row + " is past the end");
        }
      }
      return r.variant(col);
    }
  }

  /** Offsets and sizes only: an unshredded column (or the draft layout) has no origins to show. */
  private enum Unshredded implements TypedTreePrinter.Annotation {
    INSTANCE;

    @Override
    public String label() {
      return "";
    }

    @Override
    public TypedTreePrinter.Annotation field(String name) {
      return this;
    }

    @Override
    public TypedTreePrinter.Annotation element(int index) {
      return this;
    }
  }
}
