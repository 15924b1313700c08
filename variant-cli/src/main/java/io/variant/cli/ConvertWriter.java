// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.parquet.write.EncodedRowGroup;
import io.variant.parquet.write.RowGroupEncoder;
import io.variant.parquet.write.VariantParquetWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.io.OutputFile;

/**
 * Where {@code convert}'s rows go: one file, placed by {@link OutputTarget}'s rule, or with {@code
 * --max-file-size} numbered files ({@link PartNames}), rolling to the next before a row group would
 * take the current one past the size.
 *
 * <p><b>All or nothing:</b> every file is written under a temporary name, and {@link #commit()}
 * moves them into place only after the last one is complete, in order. A failure before then, or
 * {@link #close()} without a commit, or the JVM exiting (Ctrl-C) deletes them: a failed convert
 * leaves neither a half-written file nor a partial set. If moving one file fails (it was created
 * meanwhile by someone else, without {@code --overwrite}), those already moved are deleted again.
 * With {@code --overwrite}, files of an earlier set beyond the new last number are deleted after
 * the move, so what is on disk is exactly the new set; only a crash during the moves themselves
 * (milliseconds) could mix the two. The rejects file lands with the output or not at all ({@link
 * Companion}).
 */
final class ConvertWriter implements AutoCloseable {
  /** Opens the Parquet writer of one output file. */
  interface Opener {
    VariantParquetWriter open(OutputFile file) throws IOException;
  }

  /**
   * A file that lands with the output or not at all: the rejects file, which had been moved after
   * OUT, so that when its move failed OUT was complete and the rejected rows were gone.
   */
  interface Companion {
    /**
     * Moves the file into place, keeping what it replaces until {@link #settle()}; a failed move
     * leaves things as they were.
     */
    void commit() throws IOException;

    /**
     * Undoes {@link #commit()}: the output failed to move into place. Never throws: that failure is
     * what the user must read.
     */
    void withdraw();

    /** The output is in place: drops what the commit replaced. */
    void settle() throws IOException;
  }

  /**
   * One file written.
   *
   * @param name as messages show it: the path as the user named it, or {@code <stdout>}
   * @param path the file, or null for stdout, a FIFO or a device
   */
  record Written(String name, Path path, long rows, long bytes) {}

  /**
   * Footer and page index bytes a column chunk adds to a file, estimated: its path, offsets, sizes,
   * encodings and statistics (binary ones cut to 64 bytes) in the footer, and an entry in each
   * index. An event log's files of three row groups of 48 columns took 180-200 B per chunk.
   */
  static final long CHUNK_METADATA_BYTES = 200;

  private final WriteTarget single; // one file; null when rolling
  private final PartNames parts; // numbered files; null for one file
  private final List<Path> earlier; // files of an earlier numbered set at start
  private final long maxFileBytes;
  private final boolean overwrite;
  private final OutputStream stdout;
  private final List<WriteTarget> targets = new ArrayList<>();
  private final List<Long> rows = new ArrayList<>();
  private final TemporaryFileGuard guard = new TemporaryFileGuard();
  private final TemporaryFiles.Removed leftovers; // removed before writing
  private Opener opener;
  private VariantParquetWriter writer;
  private long groupOverhead; // the footer and page index bytes of the current file's row groups
  private boolean committed;

  private ConvertWriter(
      WriteTarget single,
      PartNames parts,
      List<Path> earlier,
      long maxFileBytes,
      boolean overwrite,
      OutputStream stdout)
      throws IOException {
    this.single = single;
    this.parts = parts;
    this.earlier = earlier;
    this.maxFileBytes = maxFileBytes;
    this.overwrite = overwrite;
    this.stdout = stdout;
    this.leftovers =
        single != null
            ? single.removeLeftovers()
            : TemporaryFiles.removeLeftovers(parts.part(1), parts::isPart);
  }

  /**
   * Decides where {@code -o arg} writes, before anything is read, and removes the temporary files
   * that killed converts to the same output (or set) left ({@link TemporaryFiles}).
   *
   * @param maxFileBytes the most bytes of one file; 0 for one file whatever its size
   * @throws RefusedException if the output is refused: see {@link OutputTarget#of}; with {@code
   *     maxFileBytes}, also stdout, FIFOs and devices, and an earlier numbered set without {@code
   *     overwrite}
   */
  static ConvertWriter of(
      String arg, boolean overwrite, long maxFileBytes, OutputStream stdout, Stores stores)
      throws IOException {
    if (Stores.isStore(arg)) {
      if (maxFileBytes > 0) {
        throw new RefusedException(
            arg
                + ": --max-file-size writes numbered files to a local directory only; write one "
                + "file to the store, or convert with --engine mapreduce for a directory of part files");
      }
      return new ConvertWriter(
          StoreTarget.of(arg, overwrite, stores), null, List.of(), 0, overwrite, stdout);
    }
    arg = Stores.local(arg);
    if (maxFileBytes == 0) {
      return new ConvertWriter(
          OutputTarget.of(arg, overwrite, stdout), null, List.of(), 0, overwrite, stdout);
    }
    Path out = Path.of(arg);
    if (Input.STDIN.equals(arg) || Files.exists(out) && !Files.isRegularFile(out)) {
      throw new RefusedException(
          arg
              + ": --max-file-size writes numbered files beside OUT (out.parquet: "
              + "out-00001.parquet, ...); give a file name, not stdout, a directory, FIFO or device");
    }
    PartNames parts = PartNames.of(out);
    List<Path> earlier = parts.existing();
    if (!earlier.isEmpty() && !overwrite) {
      throw new RefusedException(
          earlier.get(0)
              + (earlier.size() > 1 ? " and " + (earlier.size() - 1) + " more files" : "")
              + " of "
              + parts.pattern()
              + " already exist; add --overwrite to replace them");
    }
    return new ConvertWriter(null, parts, earlier, maxFileBytes, overwrite, stdout);
  }

  /**
   * Refuses to write onto one of the command's own inputs.
   *
   * @throws RefusedException if an input is the output, or a file of the earlier set it replaces
   */
  void refuseInputs(List<String> inputs) throws IOException {
    if (single != null) {
      single.refuseInputs(inputs);
    }
    for (Path p : earlier) {
      OutputTarget.refuseInputs(p.toString(), p, inputs);
    }
  }

  /** The temporary files of killed converts that {@link #of} removed. */
  TemporaryFiles.Removed leftovers() {
    return leftovers;
  }

  /** Opens the first file; {@code opener} opens each file's writer. */
  void open(Opener opener) throws IOException {
    this.opener = opener;
    openNext();
  }

  private void openNext() throws IOException {
    WriteTarget target =
        single != null
            ? single
            : OutputTarget.of(parts.part(targets.size() + 1).toString(), overwrite, stdout)
                .keepReplaced();
    targets.add(target);
    StreamOutputFile file =
        guard.step(
            () -> {
              StreamOutputFile opened = target.open();
              guard.watch(target.pending());
              return opened;
            });
    writer = opener.open(file);
  }

  /**
   * A new encoder of rows for this output's files, for a converting thread ({@link
   * ConvertThreads}); every file of the output is opened alike, so its groups fit any of them.
   */
  RowGroupEncoder encoder() {
    return writer.encoder();
  }

  /**
   * Writes a row group, first moving on to the next file if the current one holds rows and the
   * group would take it past the size. The groups are at most the size before compression ({@link
   * ParquetOutputOptions#writer}), so each fits in a file of its own.
   */
  void append(EncodedRowGroup group) throws IOException {
    if (maxFileBytes > 0) {
      // each row group adds its column chunks' footer entries and page indexes, which at small
      // sizes, where a file holds several groups, were up to 40% of the file
      long chunks = writer.schema().getColumns().size();
      groupOverhead += chunks * CHUNK_METADATA_BYTES;
      if (writer.rowCount() > 0
          && writer.dataSize() + group.bytes() + groupOverhead > maxFileBytes) {
        finishFile();
        openNext();
        groupOverhead = chunks * CHUNK_METADATA_BYTES;
      }
    }
    writer.append(group);
  }

  /** Rows written so far, in every file. */
  long rowCount() {
    long n = writer == null ? 0 : writer.rowCount();
    for (long r : rows) {
      n += r;
    }
    return n;
  }

  /**
   * Finishes the last file: the local files written, in order, under the names they keep until
   * {@link #commit} (null for a file that is not local). A summary reads them here, since once they
   * are committed another convert to the same output may replace them at any moment.
   */
  List<Path> finish() throws IOException {
    if (writer != null) {
      finishFile();
    }
    List<Path> files = new ArrayList<>();
    for (WriteTarget t : targets) {
      files.add(t.writtenLocalFile());
    }
    return files;
  }

  private void finishFile() throws IOException {
    writer.close();
    rows.add(writer.rowCount());
    writer = null;
  }

  /**
   * Finishes the last file and moves {@code companion} and then every file into place, or none of
   * them. The companion goes first because it can always be taken back (a local file), where the
   * output may be a stream or an object store's upload, which cannot; and both move in one step, so
   * that an exit (Ctrl-C) finds both in place or neither.
   *
   * @return the files, in order
   * @throws java.nio.file.FileAlreadyExistsException if a file was created by another process
   *     meanwhile and {@code --overwrite} was not given; nothing of this set is left
   */
  List<Written> commit(Companion companion) throws IOException {
    finish();
    List<Written> written =
        guard.step(
            () -> {
              companion.commit();
              List<Written> moved;
              try {
                moved = moveIntoPlace();
              } catch (IOException | RuntimeException e) {
                companion.withdraw();
                throw e;
              }
              companion.settle();
              for (WriteTarget t : targets) {
                t.settle(); // the files they replaced are not needed back
              }
              List<Path> paths = moved.stream().map(Written::path).toList();
              for (Path stale : earlier) {
                if (!paths.contains(stale)) {
                  Files.deleteIfExists(stale);
                }
              }
              return moved;
            });
    committed = true;
    return written;
  }

  /**
   * Moves every file into place, or none: on a failure those moved are withdrawn, each putting back
   * the file it replaced.
   */
  private List<Written> moveIntoPlace() throws IOException {
    List<Written> written = new ArrayList<>();
    try {
      for (int i = 0; i < targets.size(); i++) {
        WriteTarget t = targets.get(i);
        long bytes = t.commit();
        written.add(new Written(t.name(), t.localFile(), rows.get(i), bytes));
      }
    } catch (IOException | RuntimeException e) {
      for (int i = 0; i < written.size(); i++) {
        targets.get(i).withdraw();
      }
      throw e;
    }
    return written;
  }

  /** Abandons every file not yet committed; the output is as it was. Idempotent. */
  void abort() throws IOException {
    try {
      if (writer != null) {
        writer.abort();
        writer = null;
      }
    } finally {
      for (WriteTarget t : targets) {
        t.abort();
      }
      guard.close();
    }
  }

  /** Aborts unless committed. */
  @Override
  public void close() throws IOException {
    if (!committed) {
      abort();
    }
    guard.close();
  }
}
