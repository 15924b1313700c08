// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.encoding;

import com.github.luben.zstd.EndDirective;
import com.github.luben.zstd.ZstdCompressCtx;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
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
 * codec. {@link #release()} gives the native context and its buffers back for the next file's
 * compressor ({@link ZstdWorkspace}).
 */
public final class ZstdPageCompressor implements CompressionCodecFactory.BytesInputCompressor {
  /**
   * The largest page handed to zstd in one call; a larger one goes in chunks this size, so that one
   * huge value does not keep that much native memory for the file's lifetime.
   */
  static final int MAX_INPUT = 8 << 20;

  private byte[]
      frame; // the page's frame so far; the BytesInput returned wraps it until the next page
  private int frameLength;
  private final int level;
  private final int workers;
  private final Sink sink = new Sink();
  // taken on the first page, given back by release(). Its direct buffers (on heap arrays
  // zstd-jni's JNI copies the whole array in and out per call) grow to the largest page so far (up
  // to MAX_INPUT; the output to zstd's bound for that input), so that a page goes in with one call
  // and zstd compresses straight into the output: fed in 128 KB chunks with a 128 KB output
  // buffer, pages took 1.2-1.3x the CPU time (the pages of one file, medians of 40 alternated runs:
  // real rows 13.4 -> 11.2 ms, event log 7.0 -> 5.2 ms), and with page-sized input but a 128 KB
  // output, 2.4x. The frames are the same.
  private ZstdWorkspace workspace;
  private ZstdCompressCtx context;
  private ByteBuffer input; // the page's bytes, or a chunk of a page over MAX_INPUT
  private ByteBuffer compressed; // the context's output, copied to frame whenever it holds some

  /**
   * A compressor with the settings {@code conf} gives ZSTD, its output buffer growing from 64 KB up
   * to the largest frame, or from {@code pageSize} bytes if that is less.
   */
  public ZstdPageCompressor(ParquetConfiguration conf, int pageSize) {
    this.frame = new byte[Math.min(pageSize, 1 << 16)];
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
    frameLength = 0;
    if (workspace == null) {
      workspace = ZstdWorkspace.take(level, workers);
      context = workspace.context;
    }
    workspace.fit(bytes.size(), MAX_INPUT);
    input = workspace.input;
    compressed = workspace.output;
    boolean ended = false;
    sink.written = false;
    input.clear();
    try {
      bytes.writeAllTo(sink); // ZSTD_e_continue: the frame's size stays unknown, as in a stream
      compressInput();
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
        // a failed page must not leave a half frame for the next; zstd's reset also forgets the
        // level and workers, which the next page needs as configured
        workspace.restart(level, workers);
      }
    }
    return BytesInput.from(frame, 0, frameLength);
  }

  /**
   * Gathers {@code len} bytes of {@code b} for the frame, compressing whenever the input buffer is
   * full, without flushing. How the bytes are cut into calls does not change the frame: zstd
   * gathers them into whole blocks.
   */
  private void write(byte[] b, int off, int len) {
    while (len > 0) {
      if (!input.hasRemaining()) {
        compressInput();
      }
      int n = Math.min(len, input.remaining());
      input.put(b, off, n);
      off += n;
      len -= n;
    }
  }

  /** Compresses the gathered bytes into the frame (ZSTD_e_continue) and empties the buffer. */
  private void compressInput() {
    input.flip();
    while (input.hasRemaining()) {
      context.compressDirectByteBufferStream(compressed, input, EndDirective.CONTINUE);
      copyOut();
    }
    input.clear();
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
    if (frame.length - frameLength < n) {
      frame = Arrays.copyOf(frame, Math.max(frameLength + n, 2 * frame.length));
    }
    compressed.get(frame, frameLength, n);
    frameLength += n;
    compressed.clear();
  }

  @Override
  public CompressionCodecName getCodecName() {
    return CompressionCodecName.ZSTD;
  }

  /**
   * Gives the native context and buffers back for the next file's writer ({@link ZstdWorkspace}); a
   * later page takes them again.
   */
  @Override
  public void release() {
    if (workspace != null) {
      workspace.giveBack();
      workspace = null;
      context = null;
      input = null;
      compressed = null;
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
