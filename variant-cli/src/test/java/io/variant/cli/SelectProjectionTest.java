// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.arrow.CastMode;
import io.variant.core.Limits;
import io.variant.parquet.read.VariantReadOptions;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.SeekableInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code select} reads of a VARIANT column only the Parquet columns its paths need: the plan the
 * batch reader reads has the selected fields alone, and the bytes read from the file leave out the
 * large typed column no path names (and include it once a path does).
 */
class SelectProjectionTest {
  private static final ShreddingPlan PLAN =
      ShreddingPlan.parse(
          "{\"id\": int64, \"blob\": string, \"n\": {\"a\": int32, \"b\": string}}");
  private static final String BLOB = "v.typed_value.blob.typed_value";

  @TempDir Path dir;

  private Path file() throws IOException {
    Random rnd = new Random(7);
    String[] rows = new String[300];
    for (int i = 0; i < rows.length; i++) {
      byte[] noise = new byte[2000]; // incompressible: the blob column is most of the file
      rnd.nextBytes(noise);
      rows[i] =
          "{\"id\": "
              + i
              + ", \"blob\": \""
              + Base64.getEncoder().encodeToString(noise)
              + "\","
              + " \"n\": {\"a\": "
              + i
              + ", \"b\": \"x\"}}";
    }
    return Fixtures.parquet(dir.resolve("blob.parquet"), PLAN, List.of("v"), rows);
  }

  @Test
  void readsOnlyTheColumnsThePathsNeed() throws IOException {
    Path file = file();
    long blobBytes = chunkBytes(file, BLOB);
    long size = file.toFile().length();
    assertTrue(blobBytes > size / 2, "the blob column is most of the file: " + blobBytes);

    Read ids = read(file, "$.id::bigint", "$.n.a");
    assertEquals(
        ShreddingPlan.parse("{\"id\": int64, \"n\": {\"a\": int32}}").toString(),
        ids.plan.toString());
    assertTrue( // the footer, read twice, and the small chunks: not a page of the blob column
        ids.bytes < size - blobBytes + 2 * footerBytes(file),
        ids.bytes + " bytes read of " + size + ", of which the blob column's " + blobBytes);

    Read blobs = read(file, "$.blob::string");
    assertTrue(blobs.bytes > blobBytes, blobs.bytes + " bytes read; blob column " + blobBytes);
  }

  private record Read(ShreddingPlan plan, long bytes) {}

  /** Reads every batch of {@code columns} as select does; the plan read and the bytes read. */
  private static Read read(Path file, String... columns) throws IOException {
    List<SelectItem> items = new ArrayList<>();
    for (String c : columns) {
      items.add(SelectItem.parse(c));
    }
    CountingFile counting = new CountingFile(new LocalInputFile(file));
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile parquet = ParquetFile.of(file.toString(), counting)) {
      SelectFile select =
          SelectFile.resolve(
              parquet, items, null, new WhereOption(), CastMode.STRICT, Limits.defaults());
      ShreddingPlan plan;
      try (VariantBatches batches = select.open(VariantReadOptions.defaults(), allocator)) {
        plan = ((ColumnBatches) batches).reader().plans().get("v");
        while (batches.next()) {
          batches.column("v");
        }
      }
      return new Read(plan, counting.bytes);
    }
  }

  /** The footer and its length field and magic, at the end of the file. */
  private static long footerBytes(Path file) throws IOException {
    try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file)) {
      ByteBuffer tail = ByteBuffer.allocate(8).order(java.nio.ByteOrder.LITTLE_ENDIAN);
      ch.read(tail, ch.size() - 8);
      return tail.getInt(0) + 8L;
    }
  }

  private static long chunkBytes(Path file, String column) throws IOException {
    long bytes = 0;
    try (ParquetFile parquet = ParquetFile.of(file.toString(), new LocalInputFile(file))) {
      for (BlockMetaData block : parquet.footer().getBlocks()) {
        for (ColumnChunkMetaData chunk : block.getColumns()) {
          if (chunk.getPath().toDotString().equals(column)) {
            bytes += chunk.getTotalSize();
          }
        }
      }
    }
    return bytes;
  }

  /** An input file that counts the bytes read from it. */
  private static final class CountingFile implements InputFile {
    private final InputFile file;
    long bytes;

    CountingFile(InputFile file) {
      this.file = file;
    }

    @Override
    public long getLength() throws IOException {
      return file.getLength();
    }

    @Override
    public SeekableInputStream newStream() throws IOException {
      SeekableInputStream in = file.newStream();
      return new SeekableInputStream() {
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
          int b = in.read();
          bytes += b < 0 ? 0 : 1;
          return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
          int n = in.read(b, off, len);
          bytes += Math.max(n, 0);
          return n;
        }

        @Override
        public void readFully(byte[] b) throws IOException {
          in.readFully(b);
          bytes += b.length;
        }

        @Override
        public void readFully(byte[] b, int off, int len) throws IOException {
          in.readFully(b, off, len);
          bytes += len;
        }

        @Override
        public int read(ByteBuffer buf) throws IOException {
          int n = in.read(buf);
          bytes += Math.max(n, 0);
          return n;
        }

        @Override
        public void readFully(ByteBuffer buf) throws IOException {
          int n = buf.remaining();
          in.readFully(buf);
          bytes += n;
        }

        @Override
        public void close() throws IOException {
          in.close();
        }
      };
    }
  }
}
