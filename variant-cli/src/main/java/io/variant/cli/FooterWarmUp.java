// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import org.apache.parquet.hadoop.metadata.ParquetMetadata;

/**
 * Initializes parquet-java's {@link ParquetMetadata} class on a background thread while {@code
 * convert} samples its input. Its class init builds a Jackson {@code ObjectMapper} (about 30 ms of
 * a 20,000-row convert's CPU, on the main thread when the first footer is written, which is the
 * size check's) that nothing before that needs: with a core to spare, that time leaves the
 * convert's wall clock. Best effort: a failure of that class init shows, as before, when the writer
 * uses the class.
 */
final class FooterWarmUp {
  private FooterWarmUp() {}

  /** Starts the daemon thread; returns at once. */
  static void start() {
    Thread t = new Thread(FooterWarmUp::initialize, "variant-footer-warm-up");
    t.setDaemon(true);
    t.start();
  }

  private static void initialize() {
    try {
      Class.forName(ParquetMetadata.class.getName(), true, FooterWarmUp.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      // the writer meets the same failure on its own thread, and reports it there
    }
  }
}
