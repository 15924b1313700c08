// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.io.IOException;

/**
 * Writing a command's output failed: stdout, or the file {@code convert -o} writes. A separate type
 * so that {@link ErrorReporter} can tell output failures (a closed pipe is normal) from input that
 * cannot be read, and name what could not be written.
 */
final class OutputException extends IOException {
  private final String target;

  /**
   * @param target the output as the user knows it: {@code stdout}, or the {@code -o} value
   */
  OutputException(String target, IOException cause) {
    super(cause.getMessage(), cause);
    this.target = target;
  }

  /** What could not be written: {@code stdout}, or the {@code -o} value. */
  String target() {
    return target;
  }

  /** True when the reader of a pipe went away, as in {@code variant decode big | head}. */
  boolean isBrokenPipe() {
    String m = getMessage();
    return m != null && (m.contains("Broken pipe") || m.contains("pipe is being closed"));
  }
}
