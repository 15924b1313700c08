// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.DelegatingSeekableInputStream;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * A local file that records the byte ranges read from it, to tell which row groups a reader opened:
 * a row group was read when a read overlaps one of its column chunks.
 */
final class ReadRecordingFile implements InputFile {
  /** A range read: {@code [start, end)}. */
  record Range(long start, long end) {
    boolean overlaps(long from, long to) {
      return start < to && from < end;
    }
  }

  private final InputFile file;
  private final List<Range> reads = new ArrayList<>();

  ReadRecordingFile(Path path) {
    this.file = new LocalInputFile(path);
  }

  /** The ranges read so far, by every stream of this file. */
  List<Range> reads() {
    return List.copyOf(reads);
  }

  /** True if a read overlapped a column chunk of {@code group}. */
  boolean wasRead(BlockMetaData group) {
    for (ColumnChunkMetaData chunk : group.getColumns()) {
      long from = chunk.getStartingPos();
      long to = from + chunk.getTotalSize();
      for (Range r : reads) {
        if (r.overlaps(from, to)) {
          return true;
        }
      }
    }
    return false;
  }

  @Override
  public long getLength() throws IOException {
    return file.getLength();
  }

  @Override
  public SeekableInputStream newStream() throws IOException {
    SeekableInputStream in = file.newStream();
    return new DelegatingSeekableInputStream(in) {
      @Override
      public long getPos() throws IOException {
        return in.getPos();
      }

      @Override
      public void seek(long newPos) throws IOException {
        in.seek(newPos);
      }

      @Override
      public int read() throws IOException {
        long at = in.getPos();
        int b = in.read();
        record(at, b < 0 ? 0 : 1);
        return b;
      }

      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        long at = in.getPos();
        int n = in.read(b, off, len);
        record(at, n);
        return n;
      }

      @Override
      public void readFully(byte[] bytes) throws IOException {
        readFully(bytes, 0, bytes.length);
      }

      @Override
      public void readFully(byte[] bytes, int start, int len) throws IOException {
        long at = in.getPos();
        in.readFully(bytes, start, len);
        record(at, len);
      }

      @Override
      public int read(ByteBuffer buf) throws IOException {
        long at = in.getPos();
        int n = in.read(buf);
        record(at, n);
        return n;
      }

      @Override
      public void readFully(ByteBuffer buf) throws IOException {
        long at = in.getPos();
        int n = buf.remaining();
        in.readFully(buf);
        record(at, n);
      }
    };
  }

  private void record(long at, int length) {
    if (length > 0) {
      reads.add(new Range(at, at + length));
    }
  }
}
