// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.infer.CoverageReport;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The summary {@code convert} prints on stderr when it is done, e.g.
 *
 * <pre>
 * events.parquet: 2,998 rows written (3,000 read, 2 rejected: see rejects.ndjson), 12 typed columns (plan inferred from all 3000 rows)
 *   1.2 MiB in, 340.5 KiB out (ratio 0.28), 0.84 s, 3,569 rows/s
 *   residual: 0.4% of 41,000 values at 12 typed paths; highest: $.user.id 3.0%
 * </pre>
 *
 * <p>Several files ({@code --max-file-size}) are named first to last, and listed one a line with
 * their rows and sizes after the totals.
 */
final class ConvertSummary {
  private List<ConvertWriter.Written> files = List.of();
  // where an inferred or reused plan came from, e.g. " (plan inferred from ...)"; formatted only
  // when the summary is (java.util.Formatter's first use is ~8 ms of a --quiet convert's CPU)
  private Supplier<String> planNote = () -> "";
  private List<String> residual = List.of(); // ResidualSummary's lines
  private String capWarning = ""; // inference reached its cap of tracked paths
  private long read;
  private long written;
  private long rejected;
  private Path rejectsFile;
  private List<String> endedInputs = List.of();
  private TemporaryFiles.Removed leftovers = TemporaryFiles.Removed.NONE;
  private int typedColumns;
  private long bytesIn;
  private long temporal = -1; // strings stored as dates or timestamps; -1 without --infer-temporal

  /** Appended after the typed-column count: where the plan came from. */
  void planNote(Supplier<String> note) {
    this.planNote = note;
  }

  /**
   * Lines printed after the summary: the residual share of typed paths and warnings ({@link
   * ResidualSummary}).
   */
  void residual(List<String> lines) {
    this.residual = List.copyOf(lines);
  }

  /**
   * Warns if inference reached its cap of tracked paths ({@link
   * io.variant.shredding.infer.InferenceOptions#maxTrackedPaths()}): the sampled values of the
   * paths it met later were not examined, so no plan path names them.
   */
  void coverage(CoverageReport coverage) {
    long untracked = coverage.untrackedValues();
    this.capWarning =
        untracked == 0
            ? ""
            : String.format(
                Locale.ROOT,
                "warning: %,d sampled values were not examined: inference reached its cap of %,d"
                    + " tracked paths, and the paths it met after that stay in the residual; see"
                    + " 'variant plan'",
                untracked,
                coverage.options().maxTrackedPaths());
  }

  /** Strings {@code --infer-temporal} stored as dates or timestamps; -1 without it. */
  void temporal(long converted) {
    this.temporal = converted;
  }

  /** Rows read, good or bad, all at once (a MapReduce job's count). */
  void read(long rows) {
    this.read = rows;
  }

  /** One more row read from the input, good or bad. */
  void read() {
    read++;
  }

  void written(long rows, ShreddingPlan plan) {
    this.written = rows;
    this.typedColumns = TypedColumns.of(plan);
  }

  /**
   * Rows rejected, where they went, and the failures that ended an input (compressed data that
   * failed), each warned about: rows after it were not read.
   */
  void rejected(long rows, Path file, List<String> endedInputs) {
    this.rejected = rows;
    this.rejectsFile = file;
    this.endedInputs = List.copyOf(endedInputs);
  }

  /** The temporary files of killed converts that were removed before writing. */
  void leftovers(TemporaryFiles.Removed removed) {
    this.leftovers = removed;
  }

  /** Bytes read, and the files written. */
  void bytes(long in, List<ConvertWriter.Written> files) {
    this.bytesIn = in;
    this.files = List.copyOf(files);
  }

  long rowsWritten() {
    return written;
  }

  String format(long nanos) {
    double seconds = nanos / 1e9;
    long bytesOut = files.stream().mapToLong(ConvertWriter.Written::bytes).sum();
    StringBuilder s = new StringBuilder(192);
    s.append(files.get(0).name());
    if (files.size() > 1) {
      s.append(" to ").append(files.get(files.size() - 1).name());
    }
    s.append(
        String.format(
            Locale.ROOT, ": %,d rows written (%,d read, %,d rejected", written, read, rejected));
    if (rejected > 0 && rejectsFile != null) {
      s.append(": see ").append(rejectsFile);
    }
    s.append(String.format(Locale.ROOT, "), %d typed columns", typedColumns));
    s.append(planNote.get());
    s.append(
        String.format(
            Locale.ROOT,
            "%n  %s in, %s out%s",
            ByteSize.format(bytesIn),
            ByteSize.format(bytesOut),
            files.size() > 1 ? " in " + files.size() + " files" : ""));
    if (bytesIn > 0) {
      s.append(String.format(Locale.ROOT, " (ratio %.2f)", (double) bytesOut / bytesIn));
    }
    s.append(
        String.format(
            Locale.ROOT, ", %.2f s, %,.0f rows/s", seconds, written / Math.max(seconds, 1e-9)));
    if (files.size() > 1) {
      for (ConvertWriter.Written f : files) {
        s.append(
            String.format(
                Locale.ROOT,
                "%n  %s: %,d rows, %s",
                f.name(),
                f.rows(),
                ByteSize.format(f.bytes())));
      }
    }
    if (temporal >= 0) {
      s.append(
          String.format(
              Locale.ROOT,
              "%n  --infer-temporal: %,d strings stored as dates or timestamps",
              temporal));
    }
    for (String line : residual) {
      s.append(String.format(Locale.ROOT, "%n  %s", line));
    }
    if (!capWarning.isEmpty()) {
      s.append(String.format(Locale.ROOT, "%n  %s", capWarning));
    }
    for (String ended : endedInputs) {
      s.append(String.format(Locale.ROOT, "%n  warning: %s", ended));
    }
    if (leftovers.files() > 0) {
      s.append(
          String.format(
              Locale.ROOT,
              "%n  removed %s left by %s that did not finish (%s)",
              leftovers.files() == 1 ? "1 temporary file" : leftovers.files() + " temporary files",
              leftovers.files() == 1 ? "a convert" : "converts",
              ByteSize.format(leftovers.bytes())));
    }
    return s.toString();
  }
}
