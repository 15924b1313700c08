// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * An {@link InputFile} that asks its file's length once: a {@code LocalInputFile} opens the file
 * for every {@code getLength()}, and opening a reader asked three times (a tenth of the footer's
 * cost on a small file). A file does not change length while it is read. For a local file the
 * length is the file system's ({@link Files#size}), which does not open the file at all.
 */
final class LengthOnceFile implements InputFile {
  private final InputFile file;
  private final Path local;
  private long length = -1;

  /**
   * @param local the path of {@code file} if it is a local file, else {@code null}
   */
  LengthOnceFile(InputFile file, Path local) {
    this.file = file;
    this.local = local;
  }

  @Override
  public long getLength() throws IOException {
    if (length < 0) {
      length = local != null ? localLength() : file.getLength();
    }
    return length;
  }

  private long localLength() throws IOException {
    try {
      return Files.size(local);
    } catch (IOException e) {
      return file.getLength(); // which fails as every reader of the file reports it
    }
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
