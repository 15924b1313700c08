// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.variant.testkit.Trials;
import java.io.IOException;
import java.util.Random;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.CodecFactory;
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
