// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

/** The process exit codes of {@code variant}; the README and {@code --help} list them. */
final class ExitCodes {
  /** The command did what it was asked. */
  static final int OK = 0;

  /** The input is malformed: JSON, hex, Variant bytes, a Parquet file, gzip data. */
  static final int BAD_INPUT = 1;

  /**
   * The command line is wrong (unknown option, bad value) or asks for something refused
   * (overwriting without --overwrite).
   */
  static final int USAGE = 2;

  /** A file cannot be read or written: no such file, permission denied, disk full. */
  static final int IO = 3;

  /**
   * A value is over a documented limit (size, depth, rendering budget) or the JVM ran out of
   * memory.
   */
  static final int RESOURCE_LIMIT = 4;

  /**
   * A bug in variant itself; {@code --verbose} prints the stack trace for a report. sysexits.h
   * EX_SOFTWARE.
   */
  static final int INTERNAL = 70;

  /**
   * stdout was closed by the reader (e.g. {@code variant decode big | head}): 128 + SIGPIPE, as
   * shells do.
   */
  static final int BROKEN_PIPE = 141;

  private ExitCodes() {}
}
