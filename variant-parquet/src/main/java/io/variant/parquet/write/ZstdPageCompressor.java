// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import com.github.luben.zstd.EndDirective;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdOutputStreamNoFinalizer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.codec.ZstandardCodec;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * Compresses pages with ZSTD as parquet-java's {@code CodecFactory} does for {@link
 * CompressionCodecName#ZSTD} ({@code ZstandardCodec} through {@code ZstdCompressorStream}): the
 * same settings (level, workers, read from the same configuration keys with the same defaults) and
 * the same stream operations per page (its bytes as they come, a flush, the end of the frame), so
 * the same bytes. It exists because the way there costs a short run more than the compression:
 * Hadoop's codec machinery ({@code ReflectionUtils}, whose class init starts a {@code
 * ThreadMXBean}; {@code CodecPool}; {@code JobConf}) was about 30 ms of a 20,000-row convert's 1.25
 * s CPU, none of it per page.
 *
 * <p><b>One context for every page.</b> parquet-java opens a new native stream per page, and zstd
 * then allocates its window and clears its match tables (about 0.8 MB at the default level) for
 * every page: 14 of the 92 ms that a 20,000-row convert spent compressing. A context kept from page
 * to page starts each frame on tables it need not clear (zstd invalidates old entries by their
 * index), and a frame's bytes do not depend on what the context compressed before; {@code
 * ZstdPageCompressorTest} checks both ways give the same bytes on every page of a sequence.
 *
 * <p>Not thread-safe: one per file writer, as {@code CodecFactory} hands out one compressor per
 * codec. {@link #release()} frees the native context.
 */
final class ZstdPageCompressor implements CompressionCodecFactory.BytesInputCompressor {
  /** Bytes handed to zstd per call: its block size, which it gathers anyway. */
  private static final int INPUT_CHUNK = 1 << 17;

  private final ByteArrayOutputStream out;
  private final int level;
  private final int workers;
  private final Sink sink = new Sink();
  private ZstdCompressCtx context; // made on the first page, freed by release()
  // Direct buffers: on heap arrays zstd-jni's JNI copies the whole array in and out per call
  private ByteBuffer input; // the page's bytes, a chunk at a time
  private ByteBuffer compressed; // the context's output, copied to out whenever it holds some
  private byte[] transfer; // from compressed to out

  /**
   * A compressor with the settings {@code conf} gives ZSTD, each page's output buffer starting at
   * {@code pageSize} bytes (as {@code CodecFactory}'s).
   */
  ZstdPageCompressor(ParquetConfiguration conf, int pageSize) {
    this.out = new ByteArrayOutputStream(pageSize);
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
    if (context == null) {
      context = new ZstdCompressCtx().setLevel(level).setWorkers(workers);
      if (input == null) {
        input = ByteBuffer.allocateDirect(INPUT_CHUNK);
        int outSize = (int) ZstdOutputStreamNoFinalizer.recommendedCOutSize();
        compressed = ByteBuffer.allocateDirect(outSize);
        transfer = new byte[outSize];
      }
    }
    boolean ended = false;
    sink.written = false;
    try {
      bytes.writeAllTo(sink); // ZSTD_e_continue: the frame's size stays unknown, as in a stream
      if (sink.written) {
        // ZstdCompressorStream.close flushes before it closes; the stream flushes only a frame
        // that a write (even of no bytes) began, so a page that wrote nothing ends at once, and
        // zstd then records its size (0) in the frame header
        drain(EndDirective.FLUSH);
      }
      drain(EndDirective.END);
      ended = true;
    } finally {
      if (!ended) {
        context.reset(); // a failed page must not leave a half frame for the next
      }
    }
    return BytesInput.from(out);
  }

  /**
   * Compresses {@code len} bytes of {@code b} into the frame, without flushing. How the bytes are
   * cut into calls does not change the frame: zstd gathers them into whole blocks.
   */
  private void write(byte[] b, int off, int len) {
    while (len > 0) {
      int n = Math.min(len, input.capacity());
      input.clear();
      input.put(b, off, n).flip();
      while (input.hasRemaining()) {
        context.compressDirectByteBufferStream(compressed, input, EndDirective.CONTINUE);
        copyOut();
      }
      off += n;
      len -= n;
    }
  }

  /** Flushes or ends the frame, until zstd holds nothing back. */
  private void drain(EndDirective directive) {
    input.clear().flip(); // no more input
    boolean done;
    do {
      done = context.compressDirectByteBufferStream(compressed, input, directive);
      copyOut();
    } while (!done);
  }

  private void copyOut() {
    compressed.flip();
    int n = compressed.remaining();
    compressed.get(transfer, 0, n);
    out.write(transfer, 0, n);
    compressed.clear();
  }

  @Override
  public CompressionCodecName getCodecName() {
    return CompressionCodecName.ZSTD;
  }

  /** Frees the native context; a later page makes a new one. */
  @Override
  public void release() {
    if (context != null) {
      context.close();
      context = null;
    }
  }

  /** The page's bytes, as {@link BytesInput#writeAllTo} hands them over, into the frame. */
  private final class Sink extends OutputStream {
    boolean written; // write was called for this page

    @Override
    public void write(int b) {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) {
      written = true;
      ZstdPageCompressor.this.write(b, off, len);
    }
  }
}
