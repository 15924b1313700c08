// SPDX-License-Identifier: Apache-2.0
package io.variant.core.internal;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Moving a finished file into place without replacing one that appeared meanwhile, for the writers
 * that stage their output beside it (the library's writer of a path, the CLI's outputs).
 */
public final class FileMoves {
  private FileMoves() {}

  /**
   * Moves {@code from} to {@code to} unless {@code to} exists. A rename replaces its target, so the
   * move is a hard link, which fails atomically if {@code to} exists, then a delete of {@code
   * from}; where the file system has no hard links, a check and a rename, which a concurrent writer
   * could race.
   *
   * @throws FileAlreadyExistsException if {@code to} exists; {@code from} is then left as it is
   */
  public static void moveIfAbsent(Path from, Path to) throws IOException {
    try {
      Files.createLink(to, from);
    } catch (FileAlreadyExistsException e) {
      throw e;
    } catch (UnsupportedOperationException | FileSystemException e) {
      if (Files.exists(to, LinkOption.NOFOLLOW_LINKS)) {
        throw new FileAlreadyExistsException(to.toString());
      }
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
      return;
    }
    Files.delete(from);
  }
}
