// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * A one-line progress display on stderr for long runs: rows, bytes read, rows/s and, when the input
 * size is known, percent and ETA. Redrawn at most twice a second with {@code \r}; {@link #finish()}
 * clears it so the summary starts on a clean line. Polled from the reading loop: no thread.
 */
final class Progress {
  private static final long REDRAW_NANOS = 500_000_000L;
  // Short runs show no progress at all.
  private static final long START_DELAY_NANOS = 1_000_000_000L;

  private final PrintWriter err;
  private final boolean enabled;
  // -1 when unknown (stdin); compressed input counts its compressed size
  private final long totalBytes;
  private final LongSupplier clock; // nanoseconds
  private final long startNanos;
  private long lastDraw;
  private int width;

  /**
   * @param clock nanoseconds: {@link VariantCli#clock()}, {@link System#nanoTime()} but in tests
   */
  Progress(PrintWriter err, boolean enabled, long totalBytes, LongSupplier clock) {
    this.err = err;
    this.enabled = enabled;
    this.totalBytes = totalBytes;
    this.clock = clock;
    this.startNanos = clock.getAsLong();
    this.lastDraw = startNanos + START_DELAY_NANOS - REDRAW_NANOS;
  }

  /**
   * Shown when {@code --progress}, or when stderr is a terminal; never with {@code --quiet}, which
   * silences everything but errors.
   */
  static boolean wanted(boolean progress, boolean quiet) {
    return wanted(progress, quiet, System.console() != null);
  }

  static boolean wanted(boolean progress, boolean quiet, boolean terminal) {
    return !quiet && (progress || terminal);
  }

  /** Called per row; draws only when due (the clock is read every 1024 rows). */
  void update(long rows, long bytes) {
    if ((rows & 1023) == 0) {
      show(rows, bytes);
    }
  }

  /** Draws if due: for callers that learn the counts now and then, not per row. */
  void show(long rows, long bytes) {
    if (!enabled) {
      return;
    }
    long now = clock.getAsLong();
    if (now - lastDraw >= REDRAW_NANOS) {
      lastDraw = now;
      draw(rows, bytes, now);
    }
  }

  private void draw(long rows, long bytes, long now) {
    double seconds = Math.max(1e-9, (now - startNanos) / 1e9);
    StringBuilder line = new StringBuilder(96);
    line.append(
        String.format(
            Locale.ROOT,
            "%,d rows, %s read, %,.0f rows/s",
            rows,
            ByteSize.format(bytes),
            rows / seconds));
    if (totalBytes > 0 && bytes > 0) {
      double done = Math.min(1.0, (double) bytes / totalBytes);
      long eta = (long) (seconds / done - seconds);
      line.append(
          String.format(Locale.ROOT, ", %.0f%%, ETA %d:%02d", done * 100, eta / 60, eta % 60));
    }
    int pad = Math.max(0, width - line.length());
    width = line.length();
    err.print("\r" + line + " ".repeat(pad));
    err.flush();
  }

  /** Clears the progress line, if one was drawn. */
  void finish() {
    if (enabled && width > 0) {
      err.print("\r" + " ".repeat(width) + "\r");
      err.flush();
      width = 0;
    }
  }
}
