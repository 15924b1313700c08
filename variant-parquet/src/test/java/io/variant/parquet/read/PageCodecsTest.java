// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.Zstd;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputDecompressor;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopCodecs;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class PageCodecsTest {
  private final CompressionCodecFactory parquetJava = HadoopCodecs.newFactory(0);
  private final PageCodecs codecs = new PageCodecs(parquetJava);
  private final BytesInputDecompressor zstd = codecs.getDecompressor(CompressionCodecName.ZSTD);

  @AfterEach
  void release() {
    codecs.release();
  }

  @Test
  void decompressesWhatParquetJavaDecompresses() throws IOException {
    Random rnd = new Random(7);
    BytesInputDecompressor theirs = parquetJava.getDecompressor(CompressionCodecName.ZSTD);
    for (int size : new int[] {0, 1, 100, 70_000}) {
      byte[] page = new byte[size];
      for (int i = 0; i < size; i++) {
        page[i] = (byte) rnd.nextInt(16); // compressible
      }
      byte[] compressed = Zstd.compress(page);
      // the compressed bytes inside a bigger buffer, as a column chunk holds them
      byte[] chunk = new byte[compressed.length + 10];
      System.arraycopy(compressed, 0, chunk, 5, compressed.length);
      BytesInput in = BytesInput.from(ByteBuffer.wrap(chunk, 5, compressed.length).slice());

      assertArrayEquals(page, zstd.decompress(in, size).toByteArray());
      assertArrayEquals(page, theirs.decompress(BytesInput.from(compressed), size).toByteArray());
    }
  }

  @Test
  void decompressesAPageOfSeveralFrames() throws IOException {
    byte[] a = "first frame ".repeat(20).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    byte[] b = "second".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    byte[] ca = Zstd.compress(a);
    byte[] cb = Zstd.compress(b);
    byte[] both = Arrays.copyOf(ca, ca.length + cb.length);
    System.arraycopy(cb, 0, both, ca.length, cb.length);
    byte[] expected = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, expected, a.length, b.length);

    assertArrayEquals(
        expected, zstd.decompress(BytesInput.from(both), expected.length).toByteArray());
  }

  @Test
  void damagedPagesFailWithIoException() {
    byte[] page =
        "some page bytes, some page bytes".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    byte[] compressed = Zstd.compress(page);
    byte[] cut = Arrays.copyOf(compressed, compressed.length - 3);

    assertFails(compressed, page.length + 1, "header promises");
    assertFails(compressed, page.length - 1, "Cannot decompress a ZSTD page");
    assertFails(compressed, -1, "of -1 bytes");
    assertFails(cut, page.length, "Cannot decompress a ZSTD page");
    assertFails(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}, page.length, "Cannot decompress a ZSTD page");
  }

  @Test
  void otherCodecsAreParquetJavas() {
    assertSame(
        parquetJava.getDecompressor(CompressionCodecName.SNAPPY),
        codecs.getDecompressor(CompressionCodecName.SNAPPY));
  }

  private void assertFails(byte[] compressed, int size, String fragment) {
    IOException e =
        assertThrows(IOException.class, () -> zstd.decompress(BytesInput.from(compressed), size));
    assertTrue(e.getMessage().contains(fragment), e.getMessage());
  }
}
