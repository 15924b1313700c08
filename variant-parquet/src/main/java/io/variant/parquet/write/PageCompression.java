// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import io.variant.parquet.encoding.ZstdPageCompressor;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The page compressor of one writing thread, for the codec of {@link WriteOptions}: ZSTD through
 * {@link ZstdPageCompressor}, which needs no codec factory, the others through parquet-java's
 * {@code CodecFactory}. {@link #close()} frees what it holds (ZSTD's native context). <b>Thread
 * safety:</b> none; one per thread that compresses.
 */
final class PageCompression implements AutoCloseable {
  private final CompressionCodecFactory codecs; // null for ZSTD
  private final CompressionCodecFactory.BytesInputCompressor compressor;

  PageCompression(WriteOptions options, int pageSize) {
    ParquetConfiguration conf = options.parquetConfiguration();
    if (options.codec() == CompressionCodecName.ZSTD) {
      this.codecs = null;
      this.compressor = new ZstdPageCompressor(conf, pageSize);
    } else {
      this.codecs = new CodecFactory(conf, pageSize);
      this.compressor = codecs.getCompressor(options.codec());
    }
  }

  CompressionCodecFactory.BytesInputCompressor compressor() {
    return compressor;
  }

  /**
   * The size of {@code bytes} compressed as this thread's pages are ({@link TypedColumnEncodings}
   * weighs encodings by it). Called while a column writer builds a page, before the page is
   * compressed: the compressor hands out its own buffer, which no page holds by then (the page
   * writer copies what it compressed).
   */
  long compressedSize(BytesInput bytes) {
    try {
      return compressor.compress(bytes).size();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    if (codecs != null) {
      codecs.release();
    } else {
      compressor.release();
    }
  }
}
