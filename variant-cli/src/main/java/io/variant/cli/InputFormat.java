// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

/**
 * The shape of JSON input ({@code --input-format}); see {@link FormatDetector} for {@link #AUTO}.
 */
enum InputFormat {
  /** Decided per input by {@link FormatDetector}. */
  AUTO,
  /**
   * One document per line; blank lines are skipped; a bad line is reported (or skipped) on its own.
   */
  NDJSON,
  /**
   * One top-level array of documents, or documents separated by whitespace (they may span lines).
   */
  JSON
}
