// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.parquet.ObjectCountsFooter;
import io.variant.parquet.internal.PathShares;
import io.variant.parquet.schema.VariantSchema;
import io.variant.parquet.schema.VariantSchemaException;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.schema.Type;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code variant meta}: what a Parquet footer says, without reading a row: the row groups, each
 * column chunk's type, sizes, encodings and statistics, and for each VARIANT column the share of
 * each typed path's values held by its typed column and by its residual ({@link PathShares}).
 */
@Command(
    name = "meta",
    mixinStandardHelpOptions = true,
    header = "Print the footer metadata of Parquet files.",
    description = {
      "Print, for each input, its rows and row groups; for each row group, each column chunk's"
          + " type, compressed and uncompressed size, encodings and statistics (nulls, min, max);"
          + " and for each VARIANT column, each typed path's values in its typed column and in its"
          + " residual (values of another type, Variant nulls). An object path's are the counts"
          + " variant-engine's writers keep in the footer (variant.object_counts.COLUMN); a file"
          + " without them shows it as 'object path, not counted'. Only footers are read.",
    })
final class MetaCommand implements Callable<Integer> {
  /** Longer min and max texts are cut to this many characters. */
  private static final int SHOWN = 40;

  /**
   * What meta says of an object path whose file's writer did not count it: its {@code value} column
   * mixes the values that are not objects with the other fields of partially shredded objects, so
   * the footer's statistics cannot tell its residual share.
   */
  static final String NOT_COUNTED = "object path, not counted";

  @ParentCommand VariantCli cli;

  @Parameters(
      index = "0",
      arity = "1..*",
      paramLabel = "FILE",
      description = ParquetArguments.FILES)
  List<String> files;

  // meta shows a whole file by default, every VARIANT column of it; the option narrows it
  @Option(
      names = "--column",
      paramLabel = "NAME",
      description =
          "Show only this VARIANT column: its column chunks and typed paths (default: every column).")
  String column;

  @Mixin AllowIncomplete incomplete;

  @Override
  public Integer call() throws IOException {
    try (Writer out = cli.output()) {
      for (String name :
          InputPaths.expand(files, InputPaths::parquetFile, incomplete.policy(), cli.stores())) {
        try (ParquetFile parquet = ParquetFile.open(cli, name)) {
          print(parquet, out);
        }
      }
    }
    return ExitCodes.OK;
  }

  private void print(ParquetFile parquet, Writer out) throws IOException {
    ParquetMetadata footer = parquet.footer();
    if (column != null) { // refused before anything is shown, as the reading commands refuse it
      parquet.variantColumn(footer.getFileMetaData().getSchema(), column);
    }
    List<BlockMetaData> groups = footer.getBlocks();
    long rows = groups.stream().mapToLong(BlockMetaData::getRowCount).sum();
    out.write(
        String.format(
            Locale.ROOT,
            "%s: %,d rows in %d row group%s%n",
            parquet.name(),
            rows,
            groups.size(),
            groups.size() == 1 ? "" : "s"));
    String writer = footer.getFileMetaData().getCreatedBy();
    if (writer != null) {
      out.write("created by " + writer + "\n");
    }
    for (int i = 0; i < groups.size(); i++) {
      BlockMetaData g = groups.get(i);
      out.write(
          String.format(
              Locale.ROOT,
              "row group %d: %,d rows, %,d bytes compressed (%,d uncompressed)%n",
              i + 1,
              g.getRowCount(),
              g.getCompressedSize(),
              g.getTotalByteSize()));
      for (ColumnChunkMetaData c : g.getColumns()) {
        if (shown(c.getPath().toArray()[0])) {
          out.write("  " + chunk(c) + "\n");
        }
      }
    }
    for (Type field : footer.getFileMetaData().getSchema().getFields()) {
      if (VariantSchema.isVariantGroup(field) && shown(field.getName())) {
        shares(footer, field.getName(), out);
      }
    }
    // shown whole first, since looking at a damaged footer is what meta is for; then refused as
    // every reader refuses it, so that a script does not take its counts for the file's
    out.flush();
    parquet.check(footer);
  }

  /** Whether top-level column {@code name} is shown: every one, unless --column names one. */
  private boolean shown(String name) {
    return column == null || column.equals(name);
  }

  /**
   * {@code v.typed_value.n.typed_value INT64 ZSTD: 95 bytes compressed (120 uncompressed);
   * encodings PLAIN, RLE; 0 nulls, min 100, max 103}.
   */
  private static String chunk(ColumnChunkMetaData c) {
    String encodings =
        c.getEncodings().stream().map(Enum::name).sorted().collect(Collectors.joining(", "));
    return String.format(
        Locale.ROOT,
        "%s %s %s: %,d bytes compressed (%,d uncompressed); encodings %s; %s",
        c.getPath().toDotString(),
        c.getPrimitiveType().getPrimitiveTypeName()
            + (c.getPrimitiveType().getLogicalTypeAnnotation() == null
                ? ""
                : " " + c.getPrimitiveType().getLogicalTypeAnnotation()),
        c.getCodec(),
        c.getTotalSize(),
        c.getTotalUncompressedSize(),
        encodings,
        statistics(c.getStatistics()));
  }

  private static String statistics(Statistics<?> s) {
    if (s == null || s.isEmpty()) {
      return "no statistics";
    }
    String nulls =
        s.isNumNullsSet()
            ? String.format(Locale.ROOT, "%,d nulls", s.getNumNulls())
            : "nulls unknown";
    if (!s.hasNonNullValue()) {
      return nulls + ", no min or max";
    }
    return nulls + ", min " + shorten(s.minAsString()) + ", max " + shorten(s.maxAsString());
  }

  private static String shorten(String s) {
    return s.length() <= SHOWN ? s : s.substring(0, SHOWN - 3) + "...";
  }

  /**
   * {@code $.n: 8 typed (80.0%), 2 residual (20.0%)} for each typed path of the column; for an
   * object path the footer has no counts of (a file from another writer), that it is not counted.
   */
  private static void shares(ParquetMetadata footer, String column, Writer out) throws IOException {
    PathShares share;
    try {
      share = PathShares.of(footer, column);
    } catch (VariantSchemaException e) { // shown as far as it goes; readers refuse the column
      out.write("VARIANT column " + column + ": not counted (" + e.getMessage() + ")\n");
      return;
    }
    Map<String, PathShares.Counts> paths = share.paths();
    if (paths.isEmpty()) {
      out.write("VARIANT column " + column + ": not shredded\n");
      return;
    }
    out.write("shredded paths of VARIANT column " + column + ":\n");
    for (Map.Entry<String, PathShares.Counts> e : paths.entrySet()) {
      if (share.uncounted().contains(e.getKey())) {
        out.write(
            String.format(
                Locale.ROOT,
                "  %s: %s (no %s in the footer)%n",
                e.getKey(),
                NOT_COUNTED,
                ObjectCountsFooter.key(column)));
        continue;
      }
      PathShares.Counts n = e.getValue();
      long all = n.typed() + n.residual();
      out.write(
          String.format(
              Locale.ROOT,
              "  %s: %,d typed (%.1f%%), %,d residual (%.1f%%)%n",
              e.getKey(),
              n.typed(),
              all == 0 ? 0.0 : 100.0 * n.typed() / all,
              n.residual(),
              100.0 * n.residualShare()));
    }
  }
}
