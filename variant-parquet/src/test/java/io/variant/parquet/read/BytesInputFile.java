// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import java.io.ByteArrayInputStream;
import org.apache.parquet.io.DelegatingSeekableInputStream;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/** A Parquet {@link InputFile} over bytes in memory, for fuzzing without touching the disk. */
final class BytesInputFile implements InputFile {
  private final byte[] bytes;

  BytesInputFile(byte[] bytes) {
    this.bytes = bytes;
  }

  @Override
  public long getLength() {
    return bytes.length;
  }

  @Override
  public SeekableInputStream newStream() {
    Seekable in = new Seekable(bytes);
    return new DelegatingSeekableInputStream(in) {
      @Override
      public long getPos() {
        return in.position();
      }

      @Override
      public void seek(long newPos) {
        in.seek(newPos);
      }
    };
  }

  /** A ByteArrayInputStream that can jump anywhere (past the end reads as end of file). */
  private static final class Seekable extends ByteArrayInputStream {
    Seekable(byte[] bytes) {
      super(bytes);
    }

    long position() {
      return pos;
    }

    void seek(long newPos) {
      pos = (int) Math.max(0, Math.min(newPos, count));
    }
  }
}
