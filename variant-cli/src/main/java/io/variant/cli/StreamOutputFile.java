// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;

/**
 * A Parquet {@link OutputFile} over an already open stream: a temporary file, a FIFO, a device or
 * stdout. Parquet only appends and asks for the position, so no seeking is needed. Closing the
 * Parquet stream closes {@code out} unless it was opened with {@code keepOpen} (stdout). Every
 * failure to write is an {@link OutputException} naming the output as the user gave it (not the
 * temporary file), so that a full disk names {@code OUT} and a closed stdout ends with exit code
 * 141, as for the other commands.
 */
final class StreamOutputFile implements OutputFile {
  private static final int BUFFER_BYTES = 1 << 16;

  private final String name;
  private final String shown;
  private final OutputStream out;
  private final boolean keepOpen;
  private long written;

  /**
   * @param name the file written (for Parquet's own use)
   * @param shown how messages name the output: the {@code -o} value, or {@code stdout}
   */
  StreamOutputFile(String name, String shown, OutputStream out, boolean keepOpen) {
    this.name = name;
    this.shown = shown;
    this.out = new BufferedOutputStream(out, BUFFER_BYTES); // parquet writes many small headers
    this.keepOpen = keepOpen;
  }

  /** Bytes written so far (the file's size once the writer is closed). */
  long bytesWritten() {
    return written;
  }

  @Override
  public PositionOutputStream create(long blockSizeHint) {
    return new PositionOutputStream() {
      @Override
      public long getPos() {
        return written;
      }

      @Override
      public void write(int b) throws IOException {
        try {
          out.write(b);
        } catch (IOException e) {
          throw new OutputException(shown, e);
        }
        written++;
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        try {
          out.write(b, off, len);
        } catch (IOException e) {
          throw new OutputException(shown, e);
        }
        written += len;
      }

      @Override
      public void flush() throws IOException {
        try {
          out.flush();
        } catch (IOException e) {
          throw new OutputException(shown, e);
        }
      }

      @Override
      public void close() throws IOException {
        try {
          if (keepOpen) {
            out.flush();
          } else {
            out.close();
          }
        } catch (IOException e) {
          throw new OutputException(shown, e);
        }
      }
    };
  }

  @Override
  public PositionOutputStream createOrOverwrite(long blockSizeHint) {
    return create(blockSizeHint);
  }

  @Override
  public boolean supportsBlockSize() {
    return false;
  }

  @Override
  public long defaultBlockSize() {
    return 0;
  }

  @Override
  public String getPath() {
    return name;
  }
}
