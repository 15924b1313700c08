// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What a path names, as stat(2) says (links followed): {@link OutputTarget}'s rule for what may be
 * at {@code OUT} goes by it.
 */
enum FileType {
  FIFO(0010000),
  CHARACTER_DEVICE(0020000),
  DIRECTORY(0040000),
  BLOCK_DEVICE(0060000),
  REGULAR(0100000),
  SOCKET(0140000),
  OTHER(-1);

  private static final int S_IFMT = 0170000; // the file type bits of st_mode

  private final int bits; // S_IFIFO, S_IFCHR, ... as the "unix:mode" attribute reports them

  FileType(int bits) {
    this.bits = bits;
  }

  /**
   * The type of {@code p}; where the "unix" attributes are missing, a directory, a regular file or
   * else a character device.
   */
  static FileType of(Path p) throws IOException {
    int mode;
    try {
      mode = ((Integer) Files.getAttribute(p, "unix:mode")) & S_IFMT;
    } catch (UnsupportedOperationException | IllegalArgumentException e) {
      return Files.isDirectory(p) ? DIRECTORY : Files.isRegularFile(p) ? REGULAR : CHARACTER_DEVICE;
    }
    for (FileType t : values()) {
      if (t.bits == mode) {
        return t;
      }
    }
    return OTHER;
  }
}
