package io.variant.cli;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;

/**
 * A Parquet {@link OutputFile} over an already open stream: a temporary file, a FIFO, a device or
 * stdout. Parquet only appends and asks for the position, so no seeking is needed. Closing the
 * Parquet stream closes {@code out} unless it was opened with {@code keepOpen} (stdout).
 */
final class StreamOutputFile implements OutputFile {
  private static final int BUFFER_BYTES = 1 << 16;

  private final String name;
  private final OutputStream out;
  private final boolean keepOpen;
  private long written;

  StreamOutputFile(String name, OutputStream out, boolean keepOpen) {
    this.name = name;
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
        out.write(b);
        written++;
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
        written += len;
      }

      @Override
      public void flush() throws IOException {
        out.flush();
      }

      @Override
      public void close() throws IOException {
        if (keepOpen) {
          out.flush();
        } else {
          out.close();
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
