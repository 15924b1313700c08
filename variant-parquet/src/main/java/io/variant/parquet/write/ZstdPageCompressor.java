package io.variant.parquet.write;

import com.github.luben.zstd.BufferPool;
import com.github.luben.zstd.NoPool;
import com.github.luben.zstd.RecyclingBufferPool;
import com.github.luben.zstd.ZstdOutputStreamNoFinalizer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.codec.ZstandardCodec;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * Compresses pages with ZSTD as parquet-java's {@code CodecFactory} does for {@link
 * CompressionCodecName#ZSTD} ({@code ZstandardCodec} through {@code ZstdCompressorStream}): the
 * same settings (level, workers, buffer pool, read from the same configuration keys with the same
 * defaults) and the same stream calls (write, flush, close), so the same bytes. It exists because
 * the way there costs a short run more than the compression: Hadoop's codec machinery ({@code
 * ReflectionUtils}, whose class init starts a {@code ThreadMXBean}; {@code CodecPool}; {@code
 * JobConf}) was about 30 ms of a 20,000-row convert's 1.25 s CPU, none of it per page.
 *
 * <p>Not thread-safe: one per file writer, as {@code CodecFactory} hands out one compressor per
 * codec.
 */
final class ZstdPageCompressor implements CompressionCodecFactory.BytesInputCompressor {
  private final ByteArrayOutputStream out;
  private final BufferPool pool;
  private final int level;
  private final int workers;

  /**
   * A compressor with the settings {@code conf} gives ZSTD, each page's output buffer starting at
   * {@code pageSize} bytes (as {@code CodecFactory}'s).
   */
  ZstdPageCompressor(ParquetConfiguration conf, int pageSize) {
    this.out = new ByteArrayOutputStream(pageSize);
    this.pool =
        conf.getBoolean(
                ZstandardCodec.PARQUET_COMPRESS_ZSTD_BUFFERPOOL_ENABLED,
                ZstandardCodec.DEFAULT_PARQUET_COMPRESS_ZSTD_BUFFERPOOL_ENABLED)
            ? RecyclingBufferPool.INSTANCE
            : NoPool.INSTANCE;
    this.level =
        conf.getInt(
            ZstandardCodec.PARQUET_COMPRESS_ZSTD_LEVEL,
            ZstandardCodec.DEFAULT_PARQUET_COMPRESS_ZSTD_LEVEL);
    this.workers =
        conf.getInt(
            ZstandardCodec.PARQUET_COMPRESS_ZSTD_WORKERS,
            ZstandardCodec.DEFAULTPARQUET_COMPRESS_ZSTD_WORKERS);
  }

  @Override
  public BytesInput compress(BytesInput bytes) throws IOException {
    out.reset();
    try (ZstdOutputStreamNoFinalizer z = new ZstdOutputStreamNoFinalizer(out, pool)) {
      z.setLevel(level);
      z.setWorkers(workers);
      bytes.writeAllTo(z);
      z.flush(); // ZstdCompressorStream.close flushes before it closes: a flush block, then the end
    }
    return BytesInput.from(out);
  }

  @Override
  public CompressionCodecName getCodecName() {
    return CompressionCodecName.ZSTD;
  }

  @Override
  public void release() {
    // nothing pooled: the native stream is freed when each page's stream closes
  }
}
