// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.parquet.internal.PathShares;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;

/**
 * The lines of {@code convert}'s summary that make drift visible: how many values of each typed
 * path of the files written went to its residual instead of its typed column ({@link PathShares},
 * read from the footers, the same counts for both engines and both layouts), and the share of the
 * column's bytes in its top-level value where that is large ({@link TopLevelValue}).
 */
final class ResidualSummary {
  private ResidualSummary() {}

  /**
   * {@link #lines} of VARIANT column {@code column} over the local files {@code files}, with the
   * {@link TopLevelValue} line after the overall share where the plan has typed paths.
   */
  static List<String> of(List<Path> files, String column, double warnAbove) throws IOException {
    PathShares shares = PathShares.none();
    TopLevelValue top = new TopLevelValue(0, 0);
    for (Path file : files) { // each footer read once, for both
      try (ParquetFileReader r =
          ParquetFileReader.open(
              new LocalInputFile(file),
              ParquetReadOptions.builder(new PlainParquetConfiguration()).build())) {
        shares = shares.plus(PathShares.of(r.getFooter(), column));
        top = top.plus(TopLevelValue.of(r.getFooter(), column));
      }
    }
    List<String> lines = lines(shares, warnAbove);
    if (!lines.isEmpty()) { // a plan with typed paths: else the top-level value holds everything
      String topLevel = top.line();
      if (!topLevel.isEmpty()) {
        lines.add(1, topLevel);
      }
    }
    return lines;
  }

  /**
   * The overall share and the paths with the highest shares, then one warning per path whose share
   * exceeds {@code warnAbove}; empty if no typed path is counted. Paths not counted (object paths
   * of a file without the writer's counts) are left out.
   */
  static List<String> lines(PathShares shares, double warnAbove) {
    List<String> lines = new ArrayList<>();
    Map<String, PathShares.Counts> counted = shares.counted();
    if (counted.isEmpty()) {
      return lines;
    }
    PathShares.Counts all = shares.overall();
    List<Map.Entry<String, PathShares.Counts>> ranked = new ArrayList<>(counted.entrySet());
    ranked.sort(
        (a, b) -> Double.compare(b.getValue().residualShare(), a.getValue().residualShare()));
    List<String> top = new ArrayList<>();
    for (Map.Entry<String, PathShares.Counts> e : ranked.subList(0, Math.min(3, ranked.size()))) {
      if (e.getValue().residual() > 0) {
        top.add(
            String.format(Locale.ROOT, "%s %s", e.getKey(), percent(e.getValue().residualShare())));
      }
    }
    lines.add(
        String.format(
            Locale.ROOT,
            "residual: %s of %,d values at %d typed paths%s",
            percent(all.residualShare()),
            all.typed() + all.residual(),
            counted.size(),
            top.isEmpty() ? "" : "; highest: " + String.join(", ", top)));
    for (Map.Entry<String, PathShares.Counts> e : ranked) {
      if (e.getValue().residualShare() > warnAbove) {
        lines.add(
            String.format(
                Locale.ROOT,
                "warning: %s sent %s of its %,d values to the residual (more than %s): "
                    + "its type may not fit the data; see 'variant plan --explain'",
                e.getKey(),
                percent(e.getValue().residualShare()),
                e.getValue().typed() + e.getValue().residual(),
                percent(warnAbove)));
      }
    }
    return lines;
  }

  private static String percent(double share) {
    String s = String.format(Locale.ROOT, "%.1f%%", 100 * share);
    return share > 0 && s.equals("0.0%") ? "<0.1%" : s;
  }
}
