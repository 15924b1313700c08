// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;

/**
 * The decompressed bytes of an input ({@link GzipMembers}, {@link ZstdFrames}): the argument
 * checks, single-byte reads, and the rule both keep: after a {@link CompressedDataException} every
 * read throws it again, so no reader finds bytes past a failure. {@link #available()} stays 0, so a
 * {@code BufferedInputStream} over it returns what one read gave rather than read again and lose it
 * to a failure.
 */
abstract class DecompressedStream extends InputStream {
  private final byte[] single = new byte[1];
  private CompressedDataException failure;

  /**
   * Decompresses at least one byte into {@code b} ({@code len > 0}), or returns -1 at the end of
   * the data.
   *
   * @throws CompressedDataException if the compressed data is truncated, corrupt or followed by
   *     other bytes
   */
  abstract int decompress(byte[] b, int off, int len) throws IOException;

  @Override
  public final int read() throws IOException {
    return read(single, 0, 1) < 0 ? -1 : single[0] & 0xFF;
  }

  @Override
  public final int read(byte[] b, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, b.length);
    if (failure != null) {
      throw failure;
    }
    if (len == 0) {
      return 0;
    }
    try {
      return decompress(b, off, len);
    } catch (CompressedDataException e) {
      failure = e;
      throw e;
    }
  }
}
