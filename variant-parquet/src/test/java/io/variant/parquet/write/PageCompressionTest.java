// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.Random;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A dictionary page weighed is kept compressed, and the page writer gets for the same bytes what
 * compressing them gives; for any other bytes, of the same size or not, it compresses them.
 */
class PageCompressionTest {
  @ParameterizedTest
  @EnumSource(
      value = CompressionCodecName.class,
      names = {"ZSTD", "GZIP", "SNAPPY", "UNCOMPRESSED"})
  void theKeptFrameIsWhatCompressingGives(CompressionCodecName codec) throws IOException {
    WriteOptions options = WriteOptions.defaults().withCodec(codec);
    byte[] page = text(new Random(1), 40_000);
    byte[] sameSize = text(new Random(2), 40_000);
    byte[] other = text(new Random(3), 12_345);
    try (PageCompression kept = new PageCompression(options, 1 << 20);
        PageCompression fresh = new PageCompression(options, 1 << 20)) {
      long weighed = kept.dictionaryPageSize(BytesInput.from(page));
      byte[] expected = frame(fresh, page);
      assertEquals(expected.length, weighed);
      assertArrayEquals(frame(fresh, sameSize), frame(kept, sameSize));
      assertArrayEquals(frame(fresh, other), frame(kept, other));
      assertArrayEquals(expected, frame(kept, page)); // the kept frame
      assertArrayEquals(expected, frame(kept, page)); // compressed again
      assertEquals(frame(fresh, other).length, kept.compressedSize(BytesInput.from(other)));
    }
  }

  private static byte[] frame(PageCompression c, byte[] bytes) throws IOException {
    return c.compressor().compress(BytesInput.from(bytes)).toByteArray();
  }

  /** Words of a small alphabet: compressible, as pages are. */
  private static byte[] text(Random rnd, int n) {
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) {
      b[i] = rnd.nextInt(6) == 0 ? (byte) ' ' : (byte) ('a' + rnd.nextInt(8));
    }
    return b;
  }
}
