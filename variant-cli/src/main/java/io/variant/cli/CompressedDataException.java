// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.io.IOException;

/**
 * The compressed data of an input is truncated, corrupt, or followed by bytes that are not
 * compressed data. Nothing after it can be read from that input: a reader that met it must not read
 * on (it would meet it again), unlike a malformed row, after which the next row can be read.
 */
final class CompressedDataException extends IOException {
  private final long compressedOffset;

  /**
   * @param compressedOffset where in the compressed file the problem is, or -1 if not known
   * @param message what is wrong, with the offset, starting with e.g. {@code truncated gzip data}
   */
  CompressedDataException(long compressedOffset, String message, Throwable cause) {
    super(message, cause);
    this.compressedOffset = compressedOffset;
  }

  /** Offset in the compressed file of the byte found wrong (or where it ends), or -1. */
  long compressedOffset() {
    return compressedOffset;
  }
}
