// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import io.variant.parquet.encoding.PageWeigher;
import io.variant.parquet.encoding.ZstdPageCompressor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.function.Supplier;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The page compressor of one writing thread, for the codec of {@link WriteOptions}: ZSTD through
 * {@link ZstdPageCompressor}, which needs no codec factory, the others through parquet-java's
 * {@code CodecFactory}. It also weighs encodings ({@link PageWeigher}) with the same compressor,
 * and keeps the last dictionary page it weighed compressed: when the page writer then compresses
 * the same bytes (a column chunk of one page writes the dictionary it weighed), {@link
 * #compressor()} hands back the kept frame, which is what compressing them again would give. Real
 * rows' chunks are often one page: a file of them compressed 2-13% fewer bytes. {@link #close()}
 * frees what it holds (ZSTD's native context). <b>Thread safety:</b> none; one per thread that
 * compresses.
 */
final class PageCompression implements PageWeigher, AutoCloseable {
  private final CompressionCodecFactory codecs; // null for ZSTD
  private final CompressionCodecFactory.BytesInputCompressor codec;
  private final KeptFrameCompressor compressor = new KeptFrameCompressor();
  private byte[] keptInput; // the last dictionary page weighed, and its frame
  private byte[] keptFrame;

  PageCompression(WriteOptions options, int pageSize) {
    ParquetConfiguration conf = options.parquetConfiguration();
    if (options.codec() == CompressionCodecName.ZSTD) {
      this.codecs = null;
      this.codec = new ZstdPageCompressor(conf, pageSize);
    } else {
      this.codecs = new CodecFactory(conf, pageSize);
      this.codec = codecs.getCompressor(options.codec());
    }
  }

  /**
   * A weigher for values writers made before the compression exists (a writer's properties come
   * first): it asks {@code compression} each time it weighs, once rows come.
   */
  static PageWeigher weighing(Supplier<PageCompression> compression) {
    return new PageWeigher() {
      @Override
      public long compressedSize(BytesInput bytes) {
        return compression.get().compressedSize(bytes);
      }

      @Override
      public long dictionaryPageSize(BytesInput page) {
        return compression.get().dictionaryPageSize(page);
      }
    };
  }

  /** The compressor of this thread's pages. */
  CompressionCodecFactory.BytesInputCompressor compressor() {
    return compressor;
  }

  /**
   * The size of {@code bytes} compressed as this thread's pages are ({@link TypedColumnEncodings}
   * weighs encodings by it). Called while a column writer builds a page, before the page is
   * compressed: the compressor hands out its own buffer, which no page holds by then (the page
   * writer copies what it compressed).
   */
  @Override
  public long compressedSize(BytesInput bytes) {
    try {
      return codec.compress(bytes).size();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** As {@link #compressedSize}, keeping the page and its frame for {@link #compressor()}. */
  @Override
  public long dictionaryPageSize(BytesInput page) {
    try {
      byte[] input = page.toByteArray();
      byte[] frame = codec.compress(BytesInput.from(input)).toByteArray();
      keptInput = input;
      keptFrame = frame;
      return frame.length;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Drops the kept dictionary page, once a row group's pages are all compressed: its dictionary
   * pages are written by then, and the next group weighs its own.
   */
  void forgetKept() {
    keptInput = null;
    keptFrame = null;
  }

  @Override
  public void close() {
    forgetKept();
    if (codecs != null) {
      codecs.release();
    } else {
      codec.release();
    }
  }

  /** The codec, but for bytes equal to the kept dictionary page: its kept frame, once. */
  private final class KeptFrameCompressor implements CompressionCodecFactory.BytesInputCompressor {
    @Override
    public BytesInput compress(BytesInput bytes) throws IOException {
      if (keptInput == null || bytes.size() != keptInput.length) {
        return codec.compress(bytes);
      }
      byte[] input = bytes.toByteArray();
      if (!Arrays.equals(input, keptInput)) {
        return codec.compress(BytesInput.from(input));
      }
      BytesInput frame = BytesInput.from(keptFrame);
      keptInput = null;
      keptFrame = null;
      return frame;
    }

    @Override
    public CompressionCodecName getCodecName() {
      return codec.getCodecName();
    }

    @Override
    public void release() {
      codec.release();
    }
  }
}
