// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.parquet.filter.RowGroupPruning;
import io.variant.parquet.filter.VariantCondition;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.statisticslevel.StatisticsFilter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.schema.MessageType;

/**
 * {@code get --explain}: what {@code get} would read in one file, without reading any row: the
 * Parquet columns the path (and the {@code --where} path) needs, out of all the file's columns, and
 * for {@code --where}, each row group read or skipped and why (the min/max statistics of the typed
 * column, or why no statistics can be used, or why they are ignored: {@link
 * io.variant.parquet.filter.RowGroupPruning#ignoredStatistics}).
 */
final class GetExplain {
  private GetExplain() {}

  static void print(
      ParquetFile parquet,
      String column,
      String path,
      MessageType requested,
      VariantCondition where,
      Writer out)
      throws IOException {
    // the footer the readers prune by, with the statistics they trust
    ParquetMetadata footer = parquet.footer();
    MessageType schema = footer.getFileMetaData().getSchema();
    List<BlockMetaData> groups = footer.getBlocks();
    long rows = groups.stream().mapToLong(BlockMetaData::getRowCount).sum();
    out.write(
        String.format(
            Locale.ROOT,
            "%s: %,d rows in %d row groups; VARIANT column %s%n",
            parquet.name(),
            rows,
            groups.size(),
            column));
    List<String> read = requested.getPaths().stream().map(p -> String.join(".", p)).toList();
    out.write(
        String.format(
            Locale.ROOT,
            "  %s reads %d of the file's %d columns:%n",
            path,
            read.size(),
            schema.getPaths().size()));
    for (String c : read) {
      out.write("    " + c + (c.endsWith(".typed_value") ? "  (typed)" : "") + "\n");
    }
    if (where != null) {
      explainWhere(where, schema, groups, out);
    }
  }

  private static void explainWhere(
      VariantCondition where, MessageType schema, List<BlockMetaData> groups, Writer out)
      throws IOException {
    Optional<FilterPredicate> filter = where.toFilterPredicate(schema);
    out.write("  where " + where + ":\n");
    if (filter.isEmpty()) {
      out.write(
          "    every row group is read: the path is not shredded to a typed scalar column in this file (or "
              + "the literal's kind differs from the column's, e.g. text on a numeric column, or the "
              + "condition is negated or has a side that proves nothing under 'or'), so statistics "
              + "cannot tell which row groups hold no "
              + "match; each row is tested\n");
      return;
    }
    String text = filter.get().toString();
    for (int i = 0; i < groups.size(); i++) {
      BlockMetaData g = groups.get(i);
      boolean skipped = StatisticsFilter.canDrop(filter.get(), g.getColumns());
      List<String> stats = new ArrayList<>();
      String residual = null;
      String ignored = null;
      for (ColumnChunkMetaData c : g.getColumns()) {
        String name = c.getPath().toDotString();
        if (text.contains(name)) {
          stats.add(describe(c));
          if (name.endsWith(".typed_value")) {
            ignored = RowGroupPruning.ignoredStatistics(c).orElse(ignored);
          } else if (residual == null && hasValues(c)) {
            residual = name;
          }
        }
      }
      String verdict =
          skipped
              ? "skipped, no row can match"
              : ignored != null
                  ? "read, rows tested (statistics ignored: " + ignored + ")"
                  : residual != null
                      ? "read, rows tested (residual "
                          + residual
                          + " holds values, which the typed range does not cover)"
                      : "read, rows tested (the typed range allows a match)";
      out.write(
          String.format(
              Locale.ROOT,
              "    row group %d (%,d rows): %s; %s%n",
              i + 1,
              g.getRowCount(),
              verdict,
              String.join("; ", stats)));
    }
  }

  private static boolean hasValues(ColumnChunkMetaData c) {
    Statistics<?> s = c.getStatistics();
    return s == null || !s.isNumNullsSet() || s.hasNonNullValue();
  }

  /**
   * A typed column's min and max (what skipping compares), a residual column's null count (skipping
   * needs it all null: then every present value is typed).
   */
  private static String describe(ColumnChunkMetaData c) {
    Statistics<?> s = c.getStatistics();
    String name = c.getPath().toDotString();
    if (s == null || s.isEmpty() || !s.isNumNullsSet()) {
      return name + " has no statistics";
    }
    long values = c.getValueCount() - s.getNumNulls();
    if (values == 0) {
      return name + " all null";
    }
    if (!name.endsWith(".typed_value")) {
      return String.format(Locale.ROOT, "%s %,d of %,d not null", name, values, c.getValueCount());
    }
    if (!s.hasNonNullValue()) {
      return name + " has no min or max";
    }
    return name + " min " + shorten(s.minAsString()) + ", max " + shorten(s.maxAsString());
  }

  private static String shorten(String s) {
    return s.length() <= 40 ? s : s.substring(0, 37) + "...";
  }
}
