package io.variant.cli;

/**
 * The input of a command is malformed or unreadable. The message starts with the location in the
 * compiler style {@code <source>:<line>:<column>: }, leaving out the column or line when unknown (0), so
 * editors and terminals can jump to it.
 */
final class InputException extends RuntimeException {
  private final String source;
  private final long line;
  private final long column;

  /**
   * @param source the file name as the user gave it, or {@code <stdin>}
   * @param line 1-based line, or 0 if unknown
   * @param column 1-based column (in characters), or 0 if unknown
   * @param detail what is wrong, without the location
   */
  InputException(String source, long line, long column, String detail, Throwable cause) {
    super(location(source, line, column) + ": " + detail, cause);
    this.source = source;
    this.line = line;
    this.column = column;
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
