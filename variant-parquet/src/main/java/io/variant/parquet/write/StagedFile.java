// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.OutputFile;

/**
 * Where a writer's file goes. A local file is written under a temporary sibling name, {@code
 * <target>.tmp}, and moved onto the target only when {@link #commit()} is called, so that a failed
 * write leaves nothing at the target; a stale {@code .tmp} from an earlier crash is ours to
 * overwrite. Any other {@link OutputFile} is written in place ({@link #inPlace}), and neither
 * commit nor discard can do anything. <b>Thread safety:</b> none.
 */
final class StagedFile {
  private final Path target; // null in place
  private final Path temporary;
  private final boolean overwrite;
  private final OutputFile inPlace; // null for a local file

  /**
   * @param overwrite whether an existing target is replaced
   * @throws FileAlreadyExistsException if the target exists and {@code overwrite} is false
   */
  StagedFile(Path target, boolean overwrite) throws FileAlreadyExistsException {
    this.target = target;
    this.temporary = target.resolveSibling(target.getFileName() + ".tmp");
    this.overwrite = overwrite;
    this.inPlace = null;
    if (!overwrite && Files.exists(target)) {
      throw new FileAlreadyExistsException(
          target.toString(), null, "use overwrite() to replace it");
    }
  }

  private StagedFile(OutputFile file) {
    this.target = null;
    this.temporary = null;
    this.overwrite = false;
    this.inPlace = file;
  }

  /** {@code file}, written in place. */
  static StagedFile inPlace(OutputFile file) {
    return new StagedFile(file);
  }

  /** Where to write: the temporary file (always overwritten), or the file in place. */
  OutputFile output() {
    return inPlace != null ? inPlace : new LocalOutputFile(temporary);
  }

  /**
   * How to create {@link #output()}: the temporary file over a stale one, else as {@code options}
   * say.
   */
  ParquetFileWriter.Mode mode(WriteOptions options) {
    return inPlace != null ? options.writeMode() : ParquetFileWriter.Mode.OVERWRITE;
  }

  /** Deletes the temporary file, if any. */
  void discard() throws IOException {
    if (inPlace == null) {
      Files.deleteIfExists(temporary);
    }
  }

  /**
   * Moves the finished temporary file onto the target, atomically.
   *
   * @throws FileAlreadyExistsException if the target appeared while writing and may not be
   *     overwritten (the temporary file is then deleted)
   */
  void commit() throws IOException {
    if (inPlace != null) {
      return;
    }
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
    return inPlace != null ? inPlace.getPath() : target.toString();
  }
}
