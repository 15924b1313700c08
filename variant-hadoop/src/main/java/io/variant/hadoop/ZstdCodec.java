// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import com.github.luben.zstd.ZstdInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionInputStream;
import org.apache.hadoop.io.compress.CompressionOutputStream;
import org.apache.hadoop.io.compress.Compressor;
import org.apache.hadoop.io.compress.Decompressor;

/**
 * Reads {@code .zst} input with zstd-jni, which Parquet already ships, instead of Hadoop's {@code
 * ZStandardCodec}, which needs Hadoop's native library ({@code libhadoop} built with zstd) and
 * fails without it. A {@code .zst} file is one split (zstd frames cannot be entered in the middle);
 * frames written one after another are read as one stream. Decompression only: writing goes through
 * Parquet's own codecs.
 *
 * <p><b>Internal:</b> not API, and may change without notice. Public because Hadoop instantiates
 * codecs by class name ({@link ConvertJob} names it in the job's configuration).
 */
public final class ZstdCodec implements CompressionCodec {
  /** The configuration key listing extra codecs, which win over Hadoop's for their extension. */
  static final String CODECS = "io.compression.codecs";

  /** Hadoop creates codecs by reflection. */
  public ZstdCodec() {}

  /** Lists this codec in {@code conf}, so that {@code .zst} files are read with it. */
  static void register(Configuration conf) {
    String name = ZstdCodec.class.getName();
    String codecs = conf.getTrimmed(CODECS, "");
    if (!codecs.contains(name)) {
      conf.set(CODECS, codecs.isEmpty() ? name : codecs + "," + name);
    }
  }

  @Override
  public String getDefaultExtension() {
    return ".zst";
  }

  @Override
  public CompressionInputStream createInputStream(InputStream in) throws IOException {
    return new Input(in);
  }

  @Override
  public CompressionInputStream createInputStream(InputStream in, Decompressor decompressor)
      throws IOException {
    return new Input(in); // zstd-jni keeps its own native context: nothing to pool
  }

  @Override
  public Class<? extends Decompressor> getDecompressorType() {
    return null;
  }

  @Override
  public Decompressor createDecompressor() {
    return null;
  }

  @Override
  public CompressionOutputStream createOutputStream(OutputStream out) {
    throw new UnsupportedOperationException("ZstdCodec only reads");
  }

  @Override
  public CompressionOutputStream createOutputStream(OutputStream out, Compressor compressor) {
    throw new UnsupportedOperationException("ZstdCodec only reads");
  }

  @Override
  public Class<? extends Compressor> getCompressorType() {
    return null;
  }

  @Override
  public Compressor createCompressor() {
    return null;
  }

  private static final class Input extends CompressionInputStream {
    private final ZstdInputStream zstd;

    Input(InputStream in) throws IOException {
      super(in);
      this.zstd = new ZstdInputStream(in);
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      return zstd.read(b, off, len);
    }

    @Override
    public int read() throws IOException {
      return zstd.read();
    }

    @Override
    public void resetState() {
      throw new UnsupportedOperationException("a zstd stream is read from its start only");
    }

    @Override
    public void close() throws IOException {
      try {
        zstd.close();
      } finally {
        super.close();
      }
    }
  }
}
