// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;

/**
 * Zstd input (RFC 8878), every frame to the end of the file, through zstd-jni's decoder, which
 * reads frame after frame and fails on bytes after the last frame that do not start another. Its
 * failures become {@link CompressedDataException}s: a file that ends inside a frame is located at
 * its end, exactly; any other failure by the decompressed byte it was found after, since the
 * decoder reads compressed input ahead in blocks of up to 128 KiB and does not say where in them it
 * stopped. A failure of the source itself (a read error) passes through unchanged. After a failure
 * every read throws it again. Not thread-safe.
 */
final class ZstdFrames extends DecompressedStream {
  private final Source source;
  private final ZstdInputStreamNoFinalizer zstd;
  private long produced; // decompressed bytes returned so far

  ZstdFrames(InputStream in) throws IOException {
    this.source = new Source(in);
    this.zstd = new ZstdInputStreamNoFinalizer(source);
  }

  @Override
  int decompress(byte[] b, int off, int len) throws IOException {
    int n;
    try {
      do {
        n = zstd.read(b, off, len);
      } while (n == 0);
    } catch (IOException | RuntimeException e) { // zstd-jni's ZstdException is unchecked
      if (e == source.failure) {
        throw source.failure;
      }
      throw translate(e);
    }
    if (n > 0) {
      produced += n;
    }
    return n;
  }

  private CompressedDataException translate(Exception e) {
    String reason = String.valueOf(e.getMessage());
    if (source.ended && reason.toLowerCase(Locale.ROOT).contains("truncated")) {
      return new CompressedDataException(
          source.count,
          String.format(
              Locale.ROOT,
              "truncated zstd data: the file ends at compressed byte %d, inside a frame",
              source.count),
          e);
    }
    return new CompressedDataException(
        -1,
        String.format(
            Locale.ROOT,
            "corrupt zstd data: %s, found after decompressed byte %d (%d compressed bytes read:"
                + " the decoder reads ahead, so the compressed offset is not known)%s",
            IoMessages.reason(e instanceof IOException io ? io : new IOException(reason)),
            produced,
            source.count,
            // a frame's checksum is checked at its end, after its bytes were returned and used
            reason.toLowerCase(Locale.ROOT).contains("checksum")
                ? "; the rows read from that frame may hold corrupt data"
                : ""),
        e);
  }

  @Override
  public void close() throws IOException {
    zstd.close(); // closes the source too
  }

  /** The compressed bytes: counted, with their end and a read error of their own noted. */
  private static final class Source extends FilterInputStream {
    private long count;
    private boolean ended;
    private IOException failure;

    Source(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n;
      try {
        n = in.read(b, off, len);
      } catch (IOException e) {
        failure = e;
        throw e;
      }
      if (n < 0) {
        ended = true;
      } else {
        count += n;
      }
      return n;
    }
  }
}
