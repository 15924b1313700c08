// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.OutputFile;

/**
 * A local file written under a temporary sibling name, {@code <target>.tmp}, and moved onto the
 * target only when {@link #commit()} is called, so that a failed write leaves nothing at the
 * target. A stale {@code .tmp} from an earlier crash is ours to overwrite. <b>Thread safety:</b>
 * none.
 */
final class StagedFile {
  private final Path target;
  private final Path temporary;
  private final boolean overwrite;

  /**
   * @param overwrite whether an existing target is replaced
   * @throws FileAlreadyExistsException if the target exists and {@code overwrite} is false
   */
  StagedFile(Path target, boolean overwrite) throws FileAlreadyExistsException {
    this.target = target;
    this.temporary = target.resolveSibling(target.getFileName() + ".tmp");
    this.overwrite = overwrite;
    if (!overwrite && Files.exists(target)) {
      throw new FileAlreadyExistsException(
          target.toString(), null, "use overwrite() to replace it");
    }
  }

  /** Where to write: the temporary file (always overwritten). */
  OutputFile output() {
    return new LocalOutputFile(temporary);
  }

  /** Deletes the temporary file, if any. */
  void discard() throws IOException {
    Files.deleteIfExists(temporary);
  }

  /**
   * Moves the finished temporary file onto the target, atomically.
   *
   * @throws FileAlreadyExistsException if the target appeared while writing and may not be
   *     overwritten (the temporary file is then deleted)
   */
  void commit() throws IOException {
    if (overwrite) {
      Files.move(
          temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      return;
    }
    if (Files.exists(target)) {
      Files.deleteIfExists(temporary);
      throw new FileAlreadyExistsException(
          target.toString(), null, "created while writing; use overwrite() to replace it");
    }
    Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE);
  }

  @Override
  public String toString() {
    return target.toString();
  }
}
