// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Where {@code convert} writes one file, and how the file becomes the output: {@link OutputTarget}
 * for a local name, stdout or a stream; {@link StoreTarget} for a name with a scheme. One instance
 * writes one file: {@link #open()}, then {@link #commit()}, and {@link #abort()} unless the commit
 * succeeded.
 */
interface WriteTarget {
  /** The name as messages show it: the {@code -o} value, or {@code <stdout>}. */
  String name();

  /**
   * Refuses to write onto one of the command's own inputs.
   *
   * @throws RefusedException if an input is the same file as the output
   */
  void refuseInputs(List<String> inputs) throws IOException;

  /** Removes what killed converts to this output left, if it can tell; what it removed. */
  TemporaryFiles.Removed removeLeftovers() throws IOException;

  /** Starts writing. */
  StreamOutputFile open() throws IOException;

  /** What the exit hook must do with the file while it is written; null if nothing. */
  TemporaryFileGuard.Removal pending();

  /**
   * Makes the written file the output.
   *
   * @return the size of the file written, in bytes
   * @throws java.nio.file.FileAlreadyExistsException if the output appeared while writing and
   *     overwriting was not asked for; it is kept, and {@link #abort()} drops this file
   */
  long commit() throws IOException;

  /** Drops the file being written; the output is as it was. Idempotent. */
  void abort() throws IOException;

  /**
   * Undoes this target's commit (a later file of the same set failed): the output is as it was
   * before, the file it replaced back where the target can keep one, else none.
   */
  void withdraw() throws IOException;

  /** The whole set is in place: drops what this target kept to {@link #withdraw()} with. */
  default void settle() throws IOException {}

  /** The local file written, or null for stdout, a stream or a file on a store. */
  Path localFile();

  /**
   * The local file holding what was written until {@link #commit()} moves it into place (a
   * temporary name beside the output); null where {@link #localFile()} is null. Read the written
   * file here rather than after the commit: by then another process may have replaced the output.
   */
  Path writtenLocalFile();
}
