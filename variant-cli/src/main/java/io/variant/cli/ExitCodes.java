package io.variant.cli;

/** The process exit codes of {@code variant}; the README and {@code --help} list them. */
final class ExitCodes {
  /** The command did what it was asked. */
  static final int OK = 0;

  /** The input is malformed (JSON, hex, Variant bytes, gzip) or cannot be read or written. */
  static final int BAD_INPUT = 1;

  /** The command line is wrong: unknown option or command, missing or bad parameter. */
  static final int USAGE = 2;

  /** A bug in variant itself; {@code --verbose} prints the stack trace for a report. */
  static final int INTERNAL = 3;

  /** stdout was closed by the reader (e.g. {@code variant decode big | head}): 128 + SIGPIPE, as shells do. */
  static final int BROKEN_PIPE = 141;

  private ExitCodes() {}
}
