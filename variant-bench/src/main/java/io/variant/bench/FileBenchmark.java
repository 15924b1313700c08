// SPDX-License-Identifier: Apache-2.0
package io.variant.bench;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A benchmark that writes or reads one Parquet file a row per operation: the file is opened on the
 * first operation of an iteration ({@link #opened}) and closed after the iteration, that last close
 * included in no measurement (a writing benchmark may also close a full file inside an operation,
 * with {@link #closeOpenFile}, or after each pass over the corpus, with {@link
 * #closeAfterLastRow}); files live in a temporary directory deleted after the trial.
 */
public abstract class FileBenchmark extends CorpusBenchmark {
  /** Row groups this size, so that flushing and compressing happen while measured. */
  static final long ROW_GROUP_BYTES = 8L << 20;

  private Path dir;
  private Closeable open;

  /** The trial's directory, created on first use. */
  protected final Path dir() throws IOException {
    if (dir == null) {
      dir = Files.createTempDirectory("variant-bench-" + getClass().getSimpleName());
    }
    return dir;
  }

  /** Remembers {@code c} as the file the running benchmark has open; returns it. */
  protected final <T extends Closeable> T opened(T c) {
    open = c;
    return c;
  }

  /** Called after the open file is closed: the benchmark drops its references to it. */
  protected abstract void forgetOpenFile();

  @TearDown(Level.Iteration)
  public void closeIteration() throws IOException {
    closeOpenFile();
  }

  /**
   * Closes the open file, inside the measured operation, after row {@code row} if it is the
   * corpus's last: each file then holds the corpus once, as {@code variant convert} writes a file
   * of it, and its last row group's encoding and compression and its footer are measured, where a
   * close left to the iteration's tear-down is not (with row groups larger than the corpus, that
   * left out most of the compression).
   */
  protected final void closeAfterLastRow(int row) throws IOException {
    if (isLastRow(row)) {
      closeOpenFile();
    }
  }

  /** Closes the open file, if any; the next operation opens a new one. */
  protected final void closeOpenFile() throws IOException {
    if (open != null) {
      open.close();
    }
    open = null;
    forgetOpenFile();
  }

  @TearDown(Level.Trial)
  public void deleteDirectory() throws IOException {
    if (dir == null) {
      return;
    }
    try (var files = Files.list(dir)) {
      for (Path p : (Iterable<Path>) files::iterator) {
        Files.deleteIfExists(p);
      }
    }
    Files.deleteIfExists(dir);
  }
}
