// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.util.List;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileContext;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.UnsupportedFileSystemException;

/**
 * {@code convert -o OUT} for an OUT named with a scheme ({@link Stores}), with the local rule's
 * guarantee where the store allows it: OUT is untouched, or the whole new file.
 *
 * <ul>
 *   <li>A store that writes an object only when its stream is closed ({@code s3a}, see {@link
 *       StoreFile#writesOnClose}) has no rename (it would be a copy): the file is written in place.
 *       Parquet's writer never closes that stream ({@link StreamOutputFile} keeps it open): {@link
 *       #commit()} closes it, which completes the upload and makes the object appear whole; {@link
 *       #abort()}, and the exit hook, abort the upload instead, so a failed or interrupted convert
 *       writes no object. Without {@code --overwrite}, an existing OUT is refused before writing,
 *       but one created by another writer meanwhile is replaced (S3 has no create-if-absent here).
 *   <li>Any other file system (HDFS, and stores whose connector renames): a temporary file beside
 *       OUT ({@link TemporaryFiles#name}), renamed onto OUT when complete, atomically where the
 *       file system's rename is (HDFS); without {@code --overwrite}, an OUT created meanwhile is
 *       kept and this convert fails.
 * </ul>
 */
final class StoreTarget implements WriteTarget {
  private final StoreFile out;
  private final boolean overwrite;
  private final boolean inPlace;
  private StoreFile temporary; // renaming stores, between open() and commit()/abort()
  private FSDataOutputStream stream; // in place: open until commit() or abort()
  private StreamOutputFile file;

  private StoreTarget(StoreFile out, boolean overwrite, boolean inPlace) {
    this.out = out;
    this.overwrite = overwrite;
    this.inPlace = inPlace;
  }

  /**
   * Decides how to write {@code arg}.
   *
   * @throws RefusedException if OUT is a directory, or exists without {@code overwrite}
   * @throws NoSuchFileException if OUT's directory does not exist (stores that have directories)
   */
  static StoreTarget of(String arg, boolean overwrite, Stores stores) throws IOException {
    StoreFile out = stores.file(arg);
    FileStatus status = out.status();
    if (status != null && status.isDirectory()) {
      throw new RefusedException(
          arg + ": is a directory; give a file name, e.g. " + out.child("out.parquet").name());
    }
    if (status != null && !overwrite) {
      throw new RefusedException(arg + ": already exists; add --overwrite to replace it");
    }
    boolean inPlace = out.writesOnClose();
    Path parent = out.path().getParent();
    if (!inPlace && parent != null) {
      FileStatus dir = new StoreFile(arg, out.fs(), parent).status();
      if (dir == null || !dir.isDirectory()) {
        throw new NoSuchFileException(arg, null, "no such directory: " + parent);
      }
    }
    return new StoreTarget(out, overwrite, inPlace);
  }

  @Override
  public String name() {
    return out.name();
  }

  @Override
  public void refuseInputs(List<String> inputs) throws IOException {
    for (String in : inputs) {
      // Path.makeQualified, not FileSystem's: an input on another store is another file, no error.
      if (Stores.isStore(in)
          && new Path(in)
              .makeQualified(out.fs().getUri(), out.fs().getWorkingDirectory())
              .equals(out.path())) {
        throw new RefusedException(
            out.name() + ": is also an input (" + in + "); write to another file");
      }
    }
  }

  @Override
  public TemporaryFiles.Removed removeLeftovers() {
    return TemporaryFiles.Removed.NONE; // a writer on another host cannot be told gone or running
  }

  @Override
  public StreamOutputFile open() throws IOException {
    try {
      if (inPlace) {
        stream = out.fs().create(out.path(), overwrite);
        // commit() closes the stream: that publishes the object
        file = new StreamOutputFile(out.name(), out.name(), stream, true);
      } else {
        // named as OUT in errors
        StoreFile dir = new StoreFile(out.name(), out.fs(), out.path().getParent());
        temporary = dir.child(TemporaryFiles.name(out.path().getName()));
        FSDataOutputStream tmp = out.fs().create(temporary.path(), false);
        file = new StreamOutputFile(temporary.path().toString(), out.name(), tmp, false);
      }
      return file;
    } catch (org.apache.hadoop.fs.FileAlreadyExistsException e) {
      throw new FileAlreadyExistsException(out.name(), null, "already exists; add --overwrite");
    } catch (IOException e) {
      throw out.translated(e);
    }
  }

  @Override
  public TemporaryFileGuard.Removal pending() {
    if (inPlace) {
      return stream == null ? null : this::abort;
    }
    StoreFile tmp = temporary;
    return tmp == null ? null : () -> tmp.fs().delete(tmp.path(), false);
  }

  @Override
  public long commit() throws IOException {
    long bytes = file.bytesWritten();
    try {
      if (inPlace) {
        stream.close(); // completes the upload: the object appears, whole
        stream = null;
      } else {
        rename();
        temporary = null;
      }
      return bytes;
    } finally {
      abort();
    }
  }

  private void rename() throws IOException {
    Path from = temporary.path();
    try {
      FileContext context = FileContext.getFileContext(out.fs().getUri(), out.fs().getConf());
      if (overwrite) {
        context.rename(from, out.path(), Options.Rename.OVERWRITE);
      } else {
        context.rename(from, out.path());
      }
    } catch (org.apache.hadoop.fs.FileAlreadyExistsException e) {
      throw new FileAlreadyExistsException(
          out.name(),
          null,
          "was created by another process while converting; kept it (add --overwrite to replace it)");
    } catch (UnsupportedFileSystemException e) { // no FileContext for this scheme: FileSystem's
      if (overwrite) {
        out.fs().delete(out.path(), false);
      }
      if (!out.fs().rename(from, out.path())) {
        throw new FileAlreadyExistsException(out.name(), null, "cannot rename the written file");
      }
    }
  }

  @Override
  public void abort() throws IOException {
    if (stream != null) {
      FSDataOutputStream s = stream;
      stream = null;
      s.abort(); // the upload is abandoned: no object is written, and a later close() is a no-op
    }
    if (temporary != null) {
      StoreFile tmp = temporary;
      temporary = null;
      tmp.fs().delete(tmp.path(), false);
    }
  }

  @Override
  public void withdraw() throws IOException {
    out.fs().delete(out.path(), false);
  }

  @Override
  public java.nio.file.Path localFile() {
    return null;
  }

  @Override
  public java.nio.file.Path writtenLocalFile() {
    return null;
  }
}
