// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import io.variant.core.internal.FileMoves;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.OutputFile;

/**
 * Where a writer's file goes. A local file is written under a temporary sibling name of its own,
 * {@code .<target>.<random>.tmp}, created new for this writer, and moved onto the target only when
 * {@link #commit()} is called, so that a failed write leaves nothing at the target. The name is
 * unique so that two writers of one target never write one file: with a shared name the second
 * truncated the first's file, and the target got the rows of the writer that failed. Without
 * overwrite the move cannot replace a target that appeared meanwhile (a hard link, which fails if
 * the target exists, where the file system has them: {@link FileMoves}). A process killed outright
 * leaves its temporary file behind, hidden. Any other {@link OutputFile} is written in place
 * ({@link #inPlace}), and neither commit nor discard can do anything. <b>Thread safety:</b> none.
 */
final class StagedFile {
  private final Path target; // null in place
  private Path temporary; // created at the first output(); null before
  private final boolean overwrite;
  private final OutputFile inPlace; // null for a local file

  /**
   * @param overwrite whether an existing target is replaced
   * @throws FileAlreadyExistsException if the target exists and {@code overwrite} is false
   */
  StagedFile(Path target, boolean overwrite) throws FileAlreadyExistsException {
    this.target = target;
    this.overwrite = overwrite;
    this.inPlace = null;
    if (!overwrite && Files.exists(target)) {
      throw new FileAlreadyExistsException(
          target.toString(), null, "use overwrite() to replace it");
    }
  }

  /**
   * A new empty file beside {@code target} under a name no other writer has. Created as any file is
   * ({@code Files.createTempFile} would make the target readable by its owner only).
   */
  private static Path newTemporary(Path target) throws IOException {
    Path dir = target.toAbsolutePath().getParent();
    for (int attempt = 1; ; attempt++) {
      String random = Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36);
      Path p = dir.resolve("." + target.getFileName() + "." + random + ".tmp");
      try {
        return Files.createFile(p);
      } catch (FileAlreadyExistsException e) {
        if (attempt == 100) {
          throw e;
        }
      }
    }
  }

  private StagedFile(OutputFile file) {
    this.target = null;
    this.overwrite = false;
    this.inPlace = file;
  }

  /** {@code file}, written in place. */
  static StagedFile inPlace(OutputFile file) {
    return new StagedFile(file);
  }

  /** Where to write: the temporary file, created at the first call, or the file in place. */
  OutputFile output() throws IOException {
    if (inPlace != null) {
      return inPlace;
    }
    if (temporary == null) {
      temporary = newTemporary(target);
    }
    return new LocalOutputFile(temporary);
  }

  /**
   * How to create {@link #output()}: over the temporary file, created empty for it, else as {@code
   * options} say.
   */
  ParquetFileWriter.Mode mode(WriteOptions options) {
    return inPlace != null ? options.writeMode() : ParquetFileWriter.Mode.OVERWRITE;
  }

  /** Deletes the temporary file, if any. */
  void discard() throws IOException {
    if (temporary != null) {
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
    if (inPlace != null || temporary == null) {
      return;
    }
    if (overwrite) {
      Files.move(
          temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      return;
    }
    try {
      FileMoves.moveIfAbsent(temporary, target);
    } catch (FileAlreadyExistsException e) {
      Files.deleteIfExists(temporary);
      throw new FileAlreadyExistsException(
          target.toString(), null, "created while writing; use overwrite() to replace it");
    }
  }

  @Override
  public String toString() {
    return inPlace != null ? inPlace.getPath() : target.toString();
  }
}
