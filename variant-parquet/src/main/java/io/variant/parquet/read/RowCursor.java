// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.core.internal.ExclusiveUse;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.encoding.PageCodecs;
import io.variant.parquet.filter.RowGroupPruning;
import io.variant.parquet.guard.GuardedInputFile;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.FileMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.hadoop.util.HadoopCodecs;
import org.apache.parquet.schema.MessageType;

/**
 * Reads a file's rows, made by a {@link Source} from each row group's pages, opened on first use,
 * counting rows and wrapping every failure in a {@link VariantParquetException} that names the
 * file, the column (when known) and the 0-based row.
 *
 * <p>It does what parquet-java's {@code ParquetReader} does (row group by row group) but opens the
 * file with the footer that {@link GuardedInputFile} has already read and checked: parsing a footer
 * of a few dozen columns costs about as much as assembling a few hundred rows, and {@code
 * ParquetReader} would parse it again for every reader and every projection.
 *
 * <p>Not thread-safe, and loud about it: a second thread inside {@link #next()} fails with {@link
 * java.util.ConcurrentModificationException} ({@link ExclusiveUse}). Two threads reading one reader
 * had each taken rows, and at times come out with rows read twice and no error.
 */
final class RowCursor<T> implements AutoCloseable {
  private final ExclusiveUse use =
      new ExclusiveUse("Parquet reader", "open one reader (or projection) per thread");
  private final FileScope scope;
  private final GuardedInputFile file;
  private final String fileName;
  private final Source<T> source;
  private final FilterCompat.Filter rowGroupFilter;
  private ParquetFileReader reader;
  private int groupsRead; // of reader.getRowGroups(): those left after pruning
  private long leftInGroup;
  private long row; // the file's index of the next row (row groups skipped by pruning counted)
  private boolean closed;

  /**
   * @param scope the file and which of its row groups to read
   * @param source where rows come from: the level reader ({@link LevelSource}) or a {@link
   *     TypedPathScan}
   * @param rowGroupFilter skips row groups only ({@link RowGroupPruning}); {@code NOOP} reads all
   *     of {@code scope}'s
   */
  RowCursor(FileScope scope, Source<T> source, FilterCompat.Filter rowGroupFilter) {
    this.scope = scope;
    this.file = scope.file();
    this.fileName = scope.name();
    this.source = source;
    this.rowGroupFilter = rowGroupFilter;
  }

  /**
   * How the rows of a row group are made from its pages. One instance per cursor; one thread.
   *
   * @param <T> the row type
   */
  abstract static class Source<T> {
    /** Prepares to read a file of this footer; returns the schema to request. */
    abstract MessageType open(FileMetaData meta, ParquetConfiguration configuration);

    /** Starts the row group of {@code pages}. */
    abstract void startRowGroup(PageReadStore pages);

    /** The row group's next row. */
    abstract T read();

    /**
     * The leaf whose pages the last failure of {@link #startRowGroup} or {@link #read} was met in,
     * or {@code null} if it was met elsewhere: the decoders' exceptions name no column.
     */
    ColumnDescriptor failedLeaf() {
      return null;
    }
  }

  /** The next row, or {@code null} after the last. */
  T next() throws IOException {
    use.enter();
    try {
      return nextRow();
    } finally {
      use.exit();
    }
  }

  private T nextRow() throws IOException {
    if (closed) {
      throw new IllegalStateException("Cannot read from " + fileName + ": the reader is closed");
    }
    if (reader == null) {
      open();
    }
    boolean assembling = false;
    boolean starting = false; // in the source's start of a row group
    try {
      while (leftInGroup == 0) {
        // pruning and splits skip row groups: messages and row numbers name the file's rows, not
        // those read, from before the row group's pages are read, which may fail
        row = nextRowGroupStart();
        PageReadStore pages = reader.readNextRowGroup();
        if (pages == null) {
          return null;
        }
        groupsRead++;
        starting = true;
        source.startRowGroup(pages);
        starting = false;
        leftInGroup = pages.getRowCount();
      }
      leftInGroup--;
      assembling = true;
      T t = source.read();
      row++;
      return t;
    } catch (RuntimeException e) {
      // The failed record is consumed (its columns were read before the record was handed out),
      // so the next read returns the next row: count this one, or every later message names the
      // row before its own.
      throw wrap(e, assembling ? row++ : row, assembling || starting);
    } catch (IOException e) {
      GuardedInputFile.throwIfDamaged(e, fileName, row);
      throw named(e, "Cannot read row " + row + " of " + fileName);
    }
  }

  /**
   * The file's index of the first row of the row group the reader reads next, or {@link #row} if
   * its footer does not say (or there is none).
   */
  private long nextRowGroupStart() {
    List<BlockMetaData> groups = reader.getRowGroups();
    long first = groupsRead < groups.size() ? groups.get(groupsRead).getRowIndexOffset() : -1;
    return first >= 0 ? first : row;
  }

  /**
   * Opens parquet-java's reader. Its row-group filter reads dictionary pages as it opens: a damaged
   * one names its column and its row group's first row ({@link GuardedInputFile#openReader}); any
   * other failure names the file's first row, as a read does.
   */
  private void open() throws IOException {
    try {
      openReader();
    } catch (VariantParquetException e) {
      throw e.file() != null && e.row() >= 0 ? e : wrap(e, row, false);
    } catch (RuntimeException e) {
      throw wrap(e, row, false);
    } catch (IOException e) {
      GuardedInputFile.throwIfDamaged(e, fileName, row);
      throw named(e, "Cannot read row " + row + " of " + fileName);
    }
  }

  private void openReader() throws IOException {
    ParquetConfiguration configuration = scope.configuration();
    ParquetReadOptions options =
        RowGroupPruning.configure(ParquetReadOptions.builder(configuration), rowGroupFilter)
            .withCodecFactory(new PageCodecs(HadoopCodecs.newFactory(configuration, 0)))
            .build();
    FileMetaData meta = file.footer().getFileMetaData();
    MessageType requested = source.open(meta, configuration);
    boolean pruning = rowGroupFilter != FilterCompat.NOOP;
    if (!pruning) {
      // parquet-java's reader maps every column of its footer's schema before it is told the
      // requested ones (3% of a projected read of a 36-column file): give it only those. It reads
      // that schema for nothing else than the requested columns' types (pruning, which reads
      // statistics by the file's schema, keeps it whole)
      meta =
          new FileMetaData(
              requested,
              meta.getKeyValueMetaData(),
              meta.getCreatedBy(),
              meta.getEncryptionType(),
              meta.getFileDecryptor());
    }
    // the footer given is the one parquet-java reads row groups from: only the scope's
    ParquetMetadata footer = new ParquetMetadata(meta, scope.rowGroups());
    reader = file.openReader(footer, options);
    if (pruning) {
      reader.setRequestedSchema(requested);
    }
  }

  /**
   * An IOException whose message starts with {@code context}, the original as its cause:
   * parquet-java reports damaged files as IOExceptions that name no file, and an {@code
   * EOFException} has no message at all.
   */
  static IOException named(IOException e, String context) {
    String detail =
        e.getMessage() != null
            ? e.getMessage()
            : e instanceof EOFException
                ? "the file ends early: it is truncated, or a size or offset in it is wrong"
                : e.getClass().getSimpleName();
    return new IOException(context + ": " + detail, e);
  }

  /**
   * The remaining rows as an iterator: I/O errors surface as {@link UncheckedIOException}, read
   * errors as {@link VariantParquetException}.
   */
  Iterator<T> iterator() {
    return new Iterator<>() {
      private T next;

      @Override
      public boolean hasNext() {
        if (next == null) {
          try {
            next = RowCursor.this.next();
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        }
        return next != null;
      }

      @Override
      public T next() {
        if (!hasNext()) {
          throw new NoSuchElementException("no more rows in " + fileName);
        }
        T t = next;
        next = null;
        return t;
      }
    };
  }

  /**
   * The file's index (from 0, counting the rows of row groups pruning skipped) of the row the last
   * read returned, or -1 before the first.
   */
  long lastRowIndex() {
    return row - 1;
  }

  /**
   * {@code e} as an exception naming the file and {@code row}, and the column: its own, else the
   * leaf the source failed in if {@code inSource} (it was thrown by the source).
   */
  private VariantParquetException wrap(RuntimeException e, long row, boolean inSource) {
    VariantParquetException named = VariantParquetException.reading(fileName, row, e);
    ColumnDescriptor leaf = inSource && named.column() == null ? source.failedLeaf() : null;
    return leaf == null
        ? named
        : new VariantParquetException(
            fileName, String.join(".", leaf.getPath()), row, named.detail(), named.getCause());
  }

  @Override
  public void close() throws IOException {
    closed = true;
    if (reader != null) {
      reader.close();
      reader = null;
    }
  }
}
