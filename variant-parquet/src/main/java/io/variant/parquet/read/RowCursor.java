package io.variant.parquet.read;

import io.variant.parquet.VariantParquetException;
import io.variant.parquet.filter.RowGroupPruning;
import java.io.IOException;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.io.InputFile;

/**
 * A {@link ParquetReader} opened on first use, counting rows and wrapping every failure in a {@link
 * VariantParquetException} that names the file, the column (when known) and the 0-based row.
 */
final class RowCursor<T> implements AutoCloseable {
  private final InputFile file;
  private final String fileName;
  private final ParquetConfiguration configuration;
  private final ReadSupport<T> readSupport;
  private final FilterCompat.Filter rowGroupFilter;
  private ParquetReader<T> reader;
  private long row;
  private boolean closed;

  RowCursor(
      InputFile file,
      String fileName,
      ParquetConfiguration configuration,
      ReadSupport<T> readSupport) {
    this(file, fileName, configuration, readSupport, FilterCompat.NOOP);
  }

  /**
   * @param rowGroupFilter skips row groups only ({@link RowGroupPruning}); {@code NOOP} reads them
   *     all
   */
  RowCursor(
      InputFile file,
      String fileName,
      ParquetConfiguration configuration,
      ReadSupport<T> readSupport,
      FilterCompat.Filter rowGroupFilter) {
    this.file = file;
    this.fileName = fileName;
    this.configuration = configuration;
    this.readSupport = readSupport;
    this.rowGroupFilter = rowGroupFilter;
  }

  /** The next row, or {@code null} after the last. */
  T next() throws IOException {
    if (closed) {
      throw new IllegalStateException("Cannot read from " + fileName + ": the reader is closed");
    }
    try {
      if (reader == null) {
        ParquetReader.Builder<T> builder =
            new ParquetReader.Builder<T>(file, configuration) {
              @Override
              protected ReadSupport<T> getReadSupport() {
                return readSupport;
              }
            };
        reader = RowGroupPruning.configure(builder, rowGroupFilter).build();
      }
      T t = reader.read();
      if (t != null) {
        row++;
      }
      return t;
    } catch (RuntimeException e) {
      // parquet-java has consumed the failed record (its counter moves before it assembles one), so
      // the next
      // read returns the next row: count this one, or every later message names the row before its
      // own.
      throw wrap(e, reader == null ? row : row++);
    } catch (IOException e) {
      throw named(e, "Cannot read row " + row + " of " + fileName);
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
            : e instanceof java.io.EOFException
                ? "the file ends early: it is truncated, or a size or offset in it is wrong"
                : e.getClass().getSimpleName();
    return new IOException(context + ": " + detail, e);
  }

  /**
   * The remaining rows as an iterator: I/O errors surface as {@link java.io.UncheckedIOException},
   * read errors as {@link VariantParquetException}.
   */
  java.util.Iterator<T> iterator() {
    return new java.util.Iterator<>() {
      private T next;

      @Override
      public boolean hasNext() {
        if (next == null) {
          try {
            next = RowCursor.this.next();
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        }
        return next != null;
      }

      @Override
      public T next() {
        if (!hasNext()) {
          throw new java.util.NoSuchElementException("no more rows in " + fileName);
        }
        T t = next;
        next = null;
        return t;
      }
    };
  }

  /** Rows returned so far. */
  long rowsRead() {
    return row;
  }

  private VariantParquetException wrap(RuntimeException e, long row) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof VariantParquetException) {
        VariantParquetException v = (VariantParquetException) t;
        Throwable cause = v.getCause() != null ? v.getCause() : v;
        return new VariantParquetException(fileName, v.column(), row, v.detail(), cause);
      }
      if (t instanceof io.variant.core.VariantException) {
        return new VariantParquetException(fileName, null, row, t.getMessage(), t);
      }
    }
    return new VariantParquetException(fileName, null, row, "Cannot read row: " + innermost(e), e);
  }

  /**
   * The innermost cause, as {@code SimpleName: message}: parquet-java wraps the reason (a CRC
   * mismatch, a decoding error) in exceptions that only say where it stopped.
   */
  private static String innermost(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
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
