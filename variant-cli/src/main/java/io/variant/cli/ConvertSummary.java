package io.variant.cli;

import io.variant.shredding.ShreddingPlan;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The summary {@code convert} prints on stderr when it is done, e.g.
 *
 * <pre>
 * events.parquet: 2,998 rows written (3,000 read, 2 rejected: see rejects.ndjson), 12 typed columns (plan inferred from all 3000 rows)
 *   1.2 MiB in, 340.5 KiB out (ratio 0.28), 0.84 s, 3,569 rows/s
 *   residual: 0.4% of 41,000 values at 12 typed paths; highest: $.user.id 3.0%
 * </pre>
 */
final class ConvertSummary {
  private final String output;
  private String planNote =
      ""; // where an inferred or reused plan came from, e.g. " (plan inferred from ...)"
  private List<String> residual = List.of(); // ResidualShare's lines
  private long read;
  private long written;
  private long rejected;
  private Path rejectsFile;
  private int typedColumns;
  private long bytesIn;
  private long bytesOut;

  ConvertSummary(String output) {
    this.output = output;
  }

  /** Appended after the typed-column count: where the plan came from. */
  void planNote(String note) {
    this.planNote = note;
  }

  /**
   * Lines printed after the summary: the residual share of typed paths and warnings ({@link
   * ResidualShare}).
   */
  void residual(List<String> lines) {
    this.residual = List.copyOf(lines);
  }

  /** One more row read from the input, good or bad. */
  void read() {
    read++;
  }

  void written(long rows, ShreddingPlan plan) {
    this.written = rows;
    this.typedColumns = TypedColumns.of(plan);
  }

  void rejected(long rows, Path file) {
    this.rejected = rows;
    this.rejectsFile = file;
  }

  void bytes(long in, long out) {
    this.bytesIn = in;
    this.bytesOut = out;
  }

  long rowsWritten() {
    return written;
  }

  String format(long nanos) {
    double seconds = nanos / 1e9;
    StringBuilder s = new StringBuilder(192);
    s.append(
        String.format(
            Locale.ROOT,
            "%s: %,d rows written (%,d read, %,d rejected",
            output,
            written,
            read,
            rejected));
    if (rejected > 0 && rejectsFile != null) {
      s.append(": see ").append(rejectsFile);
    }
    s.append(String.format(Locale.ROOT, "), %d typed columns", typedColumns));
    s.append(planNote);
    s.append(
        String.format(
            Locale.ROOT, "%n  %s in, %s out", ByteSize.format(bytesIn), ByteSize.format(bytesOut)));
    if (bytesIn > 0) {
      s.append(String.format(Locale.ROOT, " (ratio %.2f)", (double) bytesOut / bytesIn));
    }
    s.append(
        String.format(
            Locale.ROOT, ", %.2f s, %,.0f rows/s", seconds, written / Math.max(seconds, 1e-9)));
    for (String line : residual) {
      s.append(String.format(Locale.ROOT, "%n  %s", line));
    }
    return s.toString();
  }
}
