package io.variant.parquet.read;

import java.io.IOException;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * An {@link InputFile} that asks its file's length once: a {@code LocalInputFile} opens the file
 * for every {@code getLength()}, and opening a reader asked three times (a tenth of the footer's
 * cost on a small file). A file does not change length while it is read.
 */
final class LengthOnceFile implements InputFile {
  private final InputFile file;
  private long length = -1;

  LengthOnceFile(InputFile file) {
    this.file = file;
  }

  @Override
  public long getLength() throws IOException {
    if (length < 0) {
      length = file.getLength();
    }
    return length;
  }

  @Override
  public SeekableInputStream newStream() throws IOException {
    return file.newStream();
  }

  @Override
  public String toString() {
    return file.toString();
  }
}
