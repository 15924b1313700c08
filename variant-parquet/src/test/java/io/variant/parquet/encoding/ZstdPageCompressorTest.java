// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.encoding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.variant.testkit.Trials;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Random;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.codec.ZstandardCodec;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;

/**
 * {@link ZstdPageCompressor}, which keeps one native context from page to page, gives every page
 * the bytes parquet-java's own ZSTD compressor gives it (a new stream per page): a column chunk's
 * pages, and the files, stay byte-identical.
 */
class ZstdPageCompressorTest {
  private static final int PAGE_SIZE = 1 << 20;

  @Test
  void everyPageOfASequenceEqualsParquetJavasOwn() throws IOException {
    Trials.run(
        "zstdPageCompressorEqualsParquetJava",
        Math.max(20, Trials.trials() / 20),
        rnd -> {
          PlainParquetConfiguration conf = new PlainParquetConfiguration();
          CodecFactory codecs = new CodecFactory(conf, PAGE_SIZE);
          ZstdPageCompressor ours = new ZstdPageCompressor(conf, PAGE_SIZE);
          try {
            CompressionCodecFactory.BytesInputCompressor theirs =
                codecs.getCompressor(CompressionCodecName.ZSTD);
            int pages = 1 + rnd.nextInt(12);
            for (int p = 0; p < pages; p++) {
              BytesInput page = page(rnd);
              byte[] expected = theirs.compress(page).toByteArray();
              assertArrayEquals(expected, ours.compress(page).toByteArray(), "page " + p);
            }
          } finally {
            ours.release();
            codecs.release();
          }
        });
  }

  @Test
  void aReleasedCompressorStillCompressesAsBefore() throws IOException {
    PlainParquetConfiguration conf = new PlainParquetConfiguration();
    ZstdPageCompressor ours = new ZstdPageCompressor(conf, PAGE_SIZE);
    byte[] text = "{\"id\": 1, \"type\": \"view\"}".repeat(200).getBytes();
    byte[] first = ours.compress(BytesInput.from(text)).toByteArray();
    ours.release();
    byte[] again = ours.compress(BytesInput.from(text)).toByteArray();
    ours.release();
    assertArrayEquals(first, again);
    // no bytes still make a frame, as parquet-java's stream makes one
    assertArrayEquals(
        new CodecFactory(conf, PAGE_SIZE)
            .getCompressor(CompressionCodecName.ZSTD)
            .compress(BytesInput.empty())
            .toByteArray(),
        ours.compress(BytesInput.empty()).toByteArray());
    ours.release();
  }

  @Test
  void aPageLargerThanTheInputBufferEqualsParquetJavasOwn() throws IOException {
    PlainParquetConfiguration conf = new PlainParquetConfiguration();
    Random rnd = new Random(7);
    byte[] page = new byte[ZstdPageCompressor.MAX_INPUT + 300_000];
    for (int i = 0; i < page.length; i++) {
      page[i] = i < 64 ? (byte) rnd.nextInt(16) : page[i - 1 - rnd.nextInt(64)];
    }
    assertSameFrames(conf, BytesInput.from(page), BytesInput.from(page, 0, 1000));
  }

  @Test
  void aPageThatFailedLeavesTheConfiguredLevel() throws IOException {
    PlainParquetConfiguration conf = new PlainParquetConfiguration();
    conf.set(ZstandardCodec.PARQUET_COMPRESS_ZSTD_LEVEL, "12");
    byte[] text = "{\"id\": 1, \"type\": \"view\", \"tag\": \"abc\"}".repeat(3000).getBytes();
    ZstdPageCompressor ours = new ZstdPageCompressor(conf, PAGE_SIZE);
    CodecFactory codecs = new CodecFactory(conf, PAGE_SIZE);
    try {
      ours.compress(BytesInput.from(text)); // the context exists before the failure
      InputStream failing =
          new InputStream() {
            private int left = 200_000;

            @Override
            public int read() throws IOException {
              return read(new byte[1], 0, 1) < 0 ? -1 : 'x';
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
              if (left == 0) {
                throw new IOException("gone");
              }
              int n = Math.min(len, left);
              Arrays.fill(b, off, off + n, (byte) 'x');
              left -= n;
              return n;
            }
          };
      assertThrows(IOException.class, () -> ours.compress(BytesInput.from(failing, 300_000)));
      assertArrayEquals(
          codecs
              .getCompressor(CompressionCodecName.ZSTD)
              .compress(BytesInput.from(text))
              .toByteArray(),
          ours.compress(BytesInput.from(text)).toByteArray());
    } finally {
      ours.release();
      codecs.release();
    }
  }

  @Test
  void aContextGivenBackServesTheNextCompressorAtItsOwnLevel() throws IOException {
    byte[] text = "{\"id\": 7, \"user\": \"someone\", \"n\": 12.5}".repeat(5000).getBytes();
    PlainParquetConfiguration fast = new PlainParquetConfiguration();
    fast.set(ZstandardCodec.PARQUET_COMPRESS_ZSTD_LEVEL, "1");
    ZstdPageCompressor first = new ZstdPageCompressor(fast, PAGE_SIZE);
    first.compress(BytesInput.from(text));
    first.release(); // its context and buffers are kept for the next compressor
    PlainParquetConfiguration small = new PlainParquetConfiguration();
    small.set(ZstandardCodec.PARQUET_COMPRESS_ZSTD_LEVEL, "15");
    assertSameFrames(small, BytesInput.from(text));
    assertSameFrames(fast, BytesInput.from(text));
  }

  /** Each of {@code pages}, in turn through one compressor, gives parquet-java's bytes. */
  private static void assertSameFrames(PlainParquetConfiguration conf, BytesInput... pages)
      throws IOException {
    CodecFactory codecs = new CodecFactory(conf, PAGE_SIZE);
    ZstdPageCompressor ours = new ZstdPageCompressor(conf, PAGE_SIZE);
    try {
      for (BytesInput page : pages) {
        byte[] expected =
            codecs.getCompressor(CompressionCodecName.ZSTD).compress(page).toByteArray();
        assertArrayEquals(expected, ours.compress(page).toByteArray());
      }
    } finally {
      ours.release();
      codecs.release();
    }
  }

  /**
   * A page as a column writer hands it over: one or several parts (levels, then values), each of
   * them empty, tiny, or up to past zstd's 128 KiB block, random or repetitive.
   */
  private static BytesInput page(Random rnd) {
    if (rnd.nextInt(10) == 0) {
      return BytesInput.empty(); // writes nothing at all, unlike an empty part
    }
    int parts = 1 + rnd.nextInt(3);
    BytesInput[] in = new BytesInput[parts];
    for (int i = 0; i < parts; i++) {
      int size =
          switch (rnd.nextInt(4)) {
            case 0 -> rnd.nextInt(4);
            case 1 -> rnd.nextInt(300);
            case 2 -> rnd.nextInt(40_000);
            default -> 100_000 + rnd.nextInt(200_000);
          };
      byte[] b = new byte[size];
      int alphabet = 1 + rnd.nextInt(rnd.nextBoolean() ? 8 : 256);
      int run = 1 + rnd.nextInt(64);
      for (int j = 0; j < size; j++) {
        b[j] = j % run == 0 || j < run ? (byte) rnd.nextInt(alphabet) : b[j - run];
      }
      in[i] = BytesInput.from(b);
    }
    return BytesInput.concat(in);
  }
}
