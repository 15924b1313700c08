package io.variant.cli;

import java.io.IOException;

/**
 * Writing to stdout failed. A separate type so that {@link ErrorReporter} can tell output failures
 * (a closed pipe is normal) from input that cannot be read.
 */
final class OutputException extends IOException {
  OutputException(IOException cause) {
    super(cause.getMessage(), cause);
  }

  /** True when the reader of a pipe went away, as in {@code variant decode big | head}. */
  boolean isBrokenPipe() {
    String m = getMessage();
    return m != null && (m.contains("Broken pipe") || m.contains("pipe is being closed"));
  }
}
