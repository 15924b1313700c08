// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;

/** Where commands write their results: stdout through a large buffer, as UTF-8. */
final class Output {
  /** How messages name stdout. */
  static final String STDOUT = "stdout";

  /** 64 Ki chars: large writes keep system calls rare on inputs of millions of lines. */
  static final int BUFFER_CHARS = 1 << 16;

  private Output() {}

  /**
   * A buffered UTF-8 writer on {@code stdout}. Closing it flushes but leaves {@code stdout} open
   * (help text and later commands may still use it). Every write failure surfaces as {@link
   * OutputException}.
   */
  static Writer writer(OutputStream stdout) {
    return new BufferedWriter(
        new OutputStreamWriter(new Guarded(stdout), StandardCharsets.UTF_8), BUFFER_CHARS);
  }

  /**
   * {@code stdout} as a stream whose write failures surface as {@link OutputException}; closing it
   * flushes but leaves {@code stdout} open. Unbuffered: the caller buffers.
   */
  static OutputStream stream(OutputStream stdout) {
    return new Guarded(stdout);
  }

  /** Marks I/O errors as output errors and keeps the underlying stream open on close. */
  private static final class Guarded extends OutputStream {
    private final OutputStream out;

    Guarded(OutputStream out) {
      this.out = out;
    }

    @Override
    public void write(int b) throws OutputException {
      try {
        out.write(b);
      } catch (IOException e) {
        throw new OutputException(STDOUT, e);
      }
    }

    @Override
    public void write(byte[] b, int off, int len) throws OutputException {
      try {
        out.write(b, off, len);
      } catch (IOException e) {
        throw new OutputException(STDOUT, e);
      }
    }

    @Override
    public void flush() throws OutputException {
      try {
        out.flush();
      } catch (IOException e) {
        throw new OutputException(STDOUT, e);
      }
    }

    @Override
    public void close() throws OutputException {
      flush();
    }
  }
}
