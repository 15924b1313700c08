// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import java.io.IOException;

/**
 * Tells damaged compressed input (truncated, a bad checksum, bytes after the last gzip member or
 * zstd frame) from a failure to read the file: the decompressor threw it, not the file system under
 * it. The first is bad input, which {@code --on-error skip} skips; the second is an I/O error,
 * after which reading on could lose rows silently.
 */
final class DamagedData {
  /** Packages of the decompressors Hadoop's codecs and {@link ZstdCodec} read through. */
  private static final String[] DECOMPRESSORS = {
    "org.apache.hadoop.io.compress.", "com.github.luben.zstd.", "java.util.zip."
  };

  private DamagedData() {}

  /** Whether {@code e}, met reading a line, was thrown by a decompressor. */
  static boolean isDamaged(IOException e) {
    StackTraceElement[] frames = e.getStackTrace();
    if (frames.length == 0) {
      return false;
    }
    String thrower = frames[0].getClassName();
    for (String p : DECOMPRESSORS) {
      if (thrower.startsWith(p)) {
        return true;
      }
    }
    return false;
  }
}
