// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.core.internal.FileMoves;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Locale;

/**
 * Where {@code convert -o OUT} writes, and the rule for what may already be at {@code OUT}:
 *
 * <ul>
 *   <li>{@code -}: the Parquet file goes to stdout.
 *   <li>A FIFO or a character device ({@code /dev/null}, a named pipe, a terminal), or {@code
 *       /dev/stdout}, {@code /dev/stderr}, {@code /dev/fd/N}: written through, as a stream. A
 *       failure cannot withdraw what was written (the reader sees a truncated file, which no
 *       Parquet reader accepts: the footer is last).
 *   <li>A new name or a regular file: written to a temporary file with a unique name in the same
 *       directory that names the writing process ({@link TemporaryFiles}: {@code
 *       .OUT.<pid>-<start>-<host>.<random>.tmp}) and renamed onto {@code OUT} only when complete,
 *       so {@code OUT} is either untouched or the whole new file. An existing {@code OUT} needs
 *       {@code --overwrite}; without it, an {@code OUT} that someone else creates while this one
 *       writes is kept and this convert fails. A symbolic link to a regular file: the file it
 *       points to is replaced and the link stays.
 *   <li>Refused: a directory, a block device, a socket, a dangling symbolic link, and any input of
 *       the same command.
 * </ul>
 *
 * <p>One instance writes one file: {@link #open()}, then {@link #commit()}, and {@link #abort()}
 * unless the commit succeeded.
 */
final class OutputTarget implements WriteTarget {
  /** What is at {@code OUT}, decided once before writing. */
  enum Kind {
    STDOUT,
    STREAM,
    FILE
  }

  private final String name;
  private final Kind kind;
  private final Path path; // the file to write through, or to replace; null for stdout
  private final boolean overwrite;
  private final OutputStream stdout;
  private Path temporary; // FILE only, between open() and commit()/abort()
  private Path replaced; // FILE only: the OUT a commit replaced, kept aside until settle()
  private boolean keepReplaced; // one file of a set, whose commit may be withdrawn
  private StreamOutputFile file;

  private OutputTarget(String name, Kind kind, Path path, boolean overwrite, OutputStream stdout) {
    this.name = name;
    this.kind = kind;
    this.path = path;
    this.overwrite = overwrite;
    this.stdout = stdout;
  }

  /**
   * Decides how to write {@code arg} (the {@code -o} value), following the rule in the class
   * comment.
   *
   * @throws RefusedException if {@code OUT} is a directory, block device, socket or dangling link,
   *     or a regular file that exists without {@code overwrite}
   */
  static OutputTarget of(String arg, boolean overwrite, OutputStream stdout) throws IOException {
    if (Input.STDIN.equals(arg)) {
      return new OutputTarget("<stdout>", Kind.STDOUT, null, overwrite, stdout);
    }
    Path p = Path.of(arg);
    if (isFileDescriptorAlias(p)) {
      return new OutputTarget(arg, Kind.STREAM, p, overwrite, stdout);
    }
    if (!Files.exists(p)) {
      if (Files.isSymbolicLink(p)) {
        throw new RefusedException(
            arg
                + ": is a symbolic link to a missing file ("
                + Files.readSymbolicLink(p)
                + "); "
                + "give the link's target instead");
      }
      Path dir = p.toAbsolutePath().getParent();
      if (dir != null && !Files.isDirectory(dir)) {
        throw new NoSuchFileException(arg, null, "no such directory: " + dir);
      }
      return new OutputTarget(arg, Kind.FILE, p, overwrite, stdout);
    }
    switch (FileType.of(p)) {
      case FIFO, CHARACTER_DEVICE:
        return new OutputTarget(arg, Kind.STREAM, p, overwrite, stdout);
      case REGULAR:
        if (!overwrite) {
          throw new RefusedException(arg + ": already exists; add --overwrite to replace it");
        }
        return new OutputTarget(
            arg, Kind.FILE, Files.isSymbolicLink(p) ? p.toRealPath() : p, overwrite, stdout);
      case DIRECTORY:
        throw new RefusedException(
            arg + ": is a directory; give a file name, e.g. " + p.resolve("out.parquet"));
      case BLOCK_DEVICE:
        throw new RefusedException(arg + ": is a block device; variant does not write onto disks");
      case SOCKET:
        throw new RefusedException(arg + ": is a socket");
      default:
        throw new RefusedException(arg + ": is not a regular file, FIFO or character device");
    }
  }

  /** Paths that name an open descriptor of this process: always written through. */
  private static boolean isFileDescriptorAlias(Path p) {
    String s = p.toString();
    return s.equals("/dev/stdout")
        || s.equals("/dev/stderr")
        || s.startsWith("/dev/fd/")
        || s.startsWith("/proc/self/fd/");
  }

  /**
   * Refuses to write onto one of the command's own inputs (it would be truncated or replaced while
   * read).
   *
   * @throws RefusedException if an input is the same file as {@code OUT}
   */
  @Override
  public void refuseInputs(List<String> inputs) throws IOException {
    if (kind == Kind.FILE) {
      refuseInputs(name, path, inputs);
    }
  }

  /**
   * Refuses to write {@code name} at {@code path} if it is one of {@code inputs}.
   *
   * @throws RefusedException if an input is the same file as {@code path}
   */
  static void refuseInputs(String name, Path path, List<String> inputs) throws IOException {
    if (!Files.exists(path)) {
      return;
    }
    for (String in : inputs) {
      if (!Input.STDIN.equals(in)) {
        Path p = Path.of(in);
        if (Files.exists(p) && Files.isSameFile(p, path)) {
          throw new RefusedException(
              name + ": is also an input (" + in + "); write to another file");
        }
      }
    }
  }

  /** The name as messages show it: the {@code -o} value, or {@code <stdout>}. */
  @Override
  public String name() {
    return name;
  }

  Kind kind() {
    return kind;
  }

  /** Starts writing: creates the temporary file, or opens the stream. */
  @Override
  public StreamOutputFile open() throws IOException {
    switch (kind) {
      case STDOUT:
        file = new StreamOutputFile(name, Output.STDOUT, stdout, true);
        break;
      case STREAM:
        file =
            new StreamOutputFile(
                name, name, Files.newOutputStream(path, StandardOpenOption.WRITE), false);
        break;
      default:
        temporary = createTemporary();
        try {
          file =
              new StreamOutputFile(
                  temporary.toString(),
                  name,
                  Files.newOutputStream(temporary, StandardOpenOption.WRITE),
                  false);
        } catch (IOException e) {
          Files.deleteIfExists(temporary);
          throw e;
        }
    }
    return file;
  }

  /** The temporary file while writing a FILE target, else null. */
  Path temporary() {
    return temporary;
  }

  @Override
  public TemporaryFileGuard.Removal pending() {
    Path file = temporary;
    return file == null ? null : () -> Files.deleteIfExists(file);
  }

  @Override
  public void withdraw() throws IOException {
    if (kind != Kind.FILE) {
      return;
    }
    if (replaced != null) {
      putBack();
    } else {
      Files.deleteIfExists(path);
    }
  }

  /**
   * {@link #withdraw()}, moving the committed file to {@code kept} (replacing what is there)
   * instead of deleting it: a rejects file's rows must outlive the convert that failed.
   *
   * @throws IOException if the file cannot be moved, and it stays at {@code OUT}; or if the file it
   *     replaced cannot be put back
   */
  void withdrawTo(Path kept) throws IOException {
    if (kind == Kind.FILE) {
      Files.move(path, kept, StandardCopyOption.REPLACE_EXISTING);
      putBack();
    }
  }

  private void putBack() throws IOException {
    if (replaced != null) {
      Files.move(
          replaced, path, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      replaced = null;
    }
  }

  /**
   * This target as one of several files that land together (a numbered set, OUT and its rejects
   * file): its commit keeps the file it replaces until {@link #settle()}, so that {@link
   * #withdraw()} can put it back.
   */
  OutputTarget keepReplaced() {
    this.keepReplaced = true;
    return this;
  }

  @Override
  public void settle() throws IOException {
    if (replaced != null) {
      Files.deleteIfExists(replaced);
      replaced = null;
    }
  }

  /**
   * A second name for the {@code OUT} about to be replaced, under a temporary name of this process
   * ({@link TemporaryFiles}), so that a set whose later file fails can put it back: a failed {@code
   * --overwrite} of numbered files had left the old set with its first files gone, read with exit
   * code 0. A hard link (a symbolic {@code OUT}, itself copied), so that the replacement stays one
   * atomic rename; null where there is nothing to keep, or no way to link.
   */
  private Path keepAside() throws IOException {
    if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
      return null;
    }
    Path aside = TemporaryFiles.create(path);
    Files.delete(aside); // the name is ours; the link takes it
    try {
      Files.createLink(aside, path); // OUT given as a link is its target here
      return aside;
    } catch (UnsupportedOperationException | FileSystemException e) {
      return null; // the set cannot be put back here; it is replaced as before
    }
  }

  @Override
  public Path localFile() {
    return kind == Kind.FILE ? Path.of(name) : null;
  }

  @Override
  public Path writtenLocalFile() {
    return kind == Kind.FILE ? temporary : null;
  }

  /**
   * A new, empty file beside {@code OUT} whose name no other process uses, so two converts to one
   * {@code OUT} never share it and a user's own file is never touched ({@link
   * TemporaryFiles#create}).
   */
  private Path createTemporary() throws IOException {
    try {
      return TemporaryFiles.create(path);
    } catch (AccessDeniedException e) {
      throw new AccessDeniedException(
          name,
          null,
          "permission denied (cannot create a file in " + path.toAbsolutePath().getParent() + ")");
    }
  }

  /**
   * Removes the temporary files that converts to this {@code OUT} left when they were killed
   * outright, whose processes are gone ({@link TemporaryFiles#removeLeftovers}); none for streams.
   */
  @Override
  public TemporaryFiles.Removed removeLeftovers() throws IOException {
    if (kind != Kind.FILE) {
      return TemporaryFiles.Removed.NONE;
    }
    String fileName = path.getFileName().toString();
    return TemporaryFiles.removeLeftovers(path, fileName::equals);
  }

  /**
   * Makes the written file {@code OUT}: renames the temporary file onto it (for a FILE target);
   * streams are complete once the writer is closed. A failed rename leaves the temporary file to
   * {@link #abort()}, so that what it holds can still be kept (the rejects file keeps its rows).
   *
   * @return the size of the file written, in bytes
   * @throws FileAlreadyExistsException if {@code OUT} appeared while writing and {@code
   *     --overwrite} was not given; {@code OUT} is kept
   */
  @Override
  public long commit() throws IOException {
    long bytes = file.bytesWritten();
    if (kind != Kind.FILE) {
      return bytes;
    }
    try {
      if (overwrite) {
        replaced = keepReplaced ? keepAside() : null;
        try {
          Files.move(
              temporary, path, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | RuntimeException e) {
          settle(); // OUT is still the file kept aside
          throw e;
        }
      } else {
        moveIfAbsent();
      }
    } catch (FileSystemException e) {
      throw namingOut(e);
    }
    temporary = null;
    return bytes;
  }

  /**
   * {@code e} naming {@code OUT} where it named the temporary file, which is gone by the time the
   * user reads the message.
   */
  private IOException namingOut(FileSystemException e) {
    if (!temporary.toString().equals(e.getFile())) {
      return e;
    }
    FileSystemException named = new FileSystemException(name, null, IoMessages.reason(e));
    named.initCause(e);
    return named;
  }

  /** Renames without replacing ({@link FileMoves#moveIfAbsent}). */
  private void moveIfAbsent() throws IOException {
    try {
      FileMoves.moveIfAbsent(temporary, path);
    } catch (FileAlreadyExistsException e) {
      throw new FileAlreadyExistsException(
          name,
          null,
          "was created by another process while converting; kept it (add --overwrite to replace it)");
    }
  }

  /** Deletes the temporary file, if any; {@code OUT} is untouched. Idempotent. */
  @Override
  public void abort() throws IOException {
    if (temporary != null) {
      Files.deleteIfExists(temporary);
      temporary = null;
    }
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "%s (%s)", name, kind);
  }
}
