// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdException;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The page decompressors a reader uses: parquet-java's for every codec but ZSTD (the writer's
 * default), whose pages are decompressed in one call into an array of the page's size, with one
 * native context for the whole file. parquet-java's ZSTD codec creates a native stream per page and
 * hands the page on as a stream that is copied once more: on a file of small pages in many columns
 * that was most of the cost of opening a row group. Damaged pages fail with {@link IOException}.
 * <b>Thread safety:</b> none, like the reader that owns it.
 */
final class PageCodecs implements CompressionCodecFactory {
  private final CompressionCodecFactory fallback;
  private Zstd zstd;

  /**
   * @param fallback parquet-java's factory: every codec but ZSTD's pages, and compression
   */
  PageCodecs(CompressionCodecFactory fallback) {
    this.fallback = fallback;
  }

  @Override
  public BytesInputCompressor getCompressor(CompressionCodecName codec) {
    return fallback.getCompressor(codec);
  }

  @Override
  public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
    if (codec != CompressionCodecName.ZSTD) {
      return fallback.getDecompressor(codec);
    }
    if (zstd == null) {
      zstd = new Zstd(fallback);
    }
    return zstd;
  }

  @Override
  public void release() {
    if (zstd != null) {
      zstd.release();
      zstd = null;
    }
    fallback.release();
  }

  /** ZSTD pages in one call: a page is one or more whole frames (spec: Parquet Compression). */
  private static final class Zstd implements BytesInputDecompressor {
    private final CompressionCodecFactory factory;
    // parquet-java's, for direct buffers, made on first use: making it builds a Hadoop
    // Configuration (parsing core-default.xml), 2.5% of a projected read of 3,000 rows, and
    // VariantParquetReader's pages are all on the heap
    private BytesInputDecompressor buffers;
    private ZstdDecompressCtx context;

    Zstd(CompressionCodecFactory factory) {
      this.factory = factory;
    }

    @Override
    public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
      if (uncompressedSize < 0) {
        throw new IOException("Cannot decompress a ZSTD page of " + uncompressedSize + " bytes");
      }
      ByteBuffer in = bytes.toByteBuffer();
      byte[] src;
      int from;
      if (in.hasArray()) {
        src = in.array();
        from = in.arrayOffset() + in.position();
      } else {
        src = new byte[in.remaining()];
        in.duplicate().get(src);
        from = 0;
      }
      byte[] out = new byte[uncompressedSize];
      if (context == null) {
        context = new ZstdDecompressCtx();
      }
      int n;
      try {
        n = context.decompressByteArray(out, 0, out.length, src, from, in.remaining());
      } catch (ZstdException e) {
        throw new IOException("Cannot decompress a ZSTD page: " + e.getMessage(), e);
      }
      if (n != uncompressedSize) {
        throw new IOException(
            "Cannot decompress a ZSTD page: "
                + n
                + " bytes where its header promises "
                + uncompressedSize);
      }
      return BytesInput.from(out);
    }

    @Override
    public void decompress(
        ByteBuffer input, int compressedSize, ByteBuffer output, int uncompressedSize)
        throws IOException {
      if (buffers == null) {
        buffers = factory.getDecompressor(CompressionCodecName.ZSTD);
      }
      buffers.decompress(input, compressedSize, output, uncompressedSize);
    }

    @Override
    public void release() {
      if (context != null) {
        context.close();
        context = null;
      }
      if (buffers != null) {
        buffers.release();
        buffers = null;
      }
    }
  }
}
