// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

/**
 * The input of a command is malformed or unreadable. The message starts with the location in the
 * compiler style {@code <source>:<line>:<column>: }, leaving out the column or line when unknown
 * (0), so editors and terminals can jump to it.
 */
final class InputException extends RuntimeException {
  private final String source;
  private final long line;
  private final long column;
  private final boolean unreadable;
  private final boolean endsInput;
  private final String detail;

  /**
   * @param source the file name as the user gave it, or {@code <stdin>}
   * @param line 1-based line, or 0 if unknown
   * @param column 1-based column (in characters), or 0 if unknown
   * @param detail what is wrong, without the location
   */
  InputException(String source, long line, long column, String detail, Throwable cause) {
    this(source, line, column, detail, cause, false, false);
  }

  private InputException(
      String source,
      long line,
      long column,
      String detail,
      Throwable cause,
      boolean unreadable,
      boolean endsInput) {
    super(location(source, line, column) + ": " + detail, cause);
    this.source = source;
    this.line = line;
    this.column = column;
    this.unreadable = unreadable;
    this.endsInput = endsInput;
    this.detail = detail;
  }

  /** What is wrong, without the location. */
  String detail() {
    return detail;
  }

  /**
   * The input cannot be read at all (missing, permission denied, a read error): an I/O failure,
   * exit code 3.
   */
  static InputException unreadable(String source, String detail, Throwable cause) {
    return new InputException(source, 0, 0, detail, cause, true, false);
  }

  /**
   * The input is malformed from here to its end (its compressed data is truncated or corrupt): a
   * bad-input failure like a malformed row, but one after which nothing more of that input is read.
   */
  static InputException endingInput(String source, long line, String detail, Throwable cause) {
    return new InputException(source, line, 0, detail, cause, false, true);
  }

  /** True if nothing after this failure could be read from its input. */
  boolean endsInput() {
    return endsInput;
  }

  /** True if the input could not be read, as opposed to being read and found malformed. */
  boolean isUnreadable() {
    return unreadable;
  }

  InputException(String source, long line, long column, String detail) {
    this(source, line, column, detail, null);
  }

  private static String location(String source, long line, long column) {
    if (line <= 0) {
      return source;
    }
    return column <= 0 ? source + ":" + line : source + ":" + line + ":" + column;
  }

  /** The file name as given on the command line, or {@code <stdin>}. */
  String source() {
    return source;
  }

  /** 1-based line, or 0 if unknown. */
  long line() {
    return line;
  }

  /** 1-based column, or 0 if unknown. */
  long column() {
    return column;
  }
}
