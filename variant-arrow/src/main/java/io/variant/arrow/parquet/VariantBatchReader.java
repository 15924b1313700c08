// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import io.variant.core.internal.ExclusiveUse;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.encoding.PageCodecs;
import io.variant.parquet.file.FooterReader;
import io.variant.parquet.file.WriterVersion;
import io.variant.parquet.filter.RowGroupPruning;
import io.variant.parquet.guard.GuardedInputFile;
import io.variant.parquet.schema.VariantSchemaException;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.VersionParser.ParsedVersion;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.hadoop.util.HadoopCodecs;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;

/**
 * Reads a Parquet file into Arrow batches: each VARIANT column as a {@code VariantVector} in the
 * shredded storage its file column has (each typed leaf decoded straight into its Arrow vector,
 * each residual {@code value} as binary; no row is rebuilt), or with {@link
 * BatchOptions#withUnshredded()} in the unshredded storage (each row rebuilt whole as its pages are
 * read), and each top-level primitive column of a type with a plain Arrow vector as that vector
 * ({@link #skipped()} names the others).
 *
 * <pre>{@code
 * try (BufferAllocator allocator = new RootAllocator();
 *     VariantBatchReader reader = VariantBatchReader.open(file, allocator, BatchOptions.defaults())) {
 *   VectorSchemaRoot batch = reader.root();
 *   while (reader.loadNextBatch()) {
 *     VariantVector events = (VariantVector) batch.getVector("event");
 *     ... // VariantGet.variantGet(events, path, type, mode), Unshred.unshred(events)
 *   }
 * }
 * }</pre>
 *
 * <p><b>Memory:</b> one {@link VectorSchemaRoot}, refilled by every batch: at most {@link
 * BatchOptions#batchSize()} rows (a batch ends at a row group's end), so the vectors hold that many
 * rows' values, and grow to the largest batch read; plus the pages of one row group's chunks that
 * parquet-java reads. Vectors come from the caller's allocator and are released by {@link
 * #close()}, also after a failure. Unshredded columns also gather a batch's Variants on the heap
 * before writing them into their vectors.
 *
 * <p><b>Errors:</b> a column it cannot read as asked ({@link IllegalArgumentException} from {@link
 * #open}: the draft layout, whose residuals embed their metadata, is refused unless read
 * unshredded); a damaged file ({@link VariantParquetException} naming the file, column and first
 * row of the batch), which includes a typed value its column's type does not allow and the row
 * reader refuses too (300 in an INTEGER(8) column). Values inside residuals are not validated here:
 * kernels validate what they parse.
 *
 * <p><b>Thread safety:</b> none; overlapping calls of {@link #loadNextBatch()} from two threads
 * fail with {@link java.util.ConcurrentModificationException} instead of sharing the file's cursor.
 */
public final class VariantBatchReader implements AutoCloseable {
  private final ExclusiveUse use =
      new ExclusiveUse("VariantBatchReader", "open one reader per thread");
  private final String name;
  private final BatchColumns columns;
  private final VectorSchemaRoot root;
  private final ParquetFileReader reader;
  private final ParsedVersion writer;
  private final int batchSize;
  private long leftInGroup;
  private long row; // the file's index of the next row (rows of skipped row groups counted)
  private long firstRow; // the file's index of the batch's first row
  private volatile boolean closed;

  private VariantBatchReader(
      String name, BatchColumns columns, ParquetFileReader reader, ParsedVersion writer, int size) {
    this.name = name;
    this.columns = columns;
    this.root = new VectorSchemaRoot(columns.vectors);
    this.reader = reader;
    this.writer = writer;
    this.batchSize = size;
  }

  /** Opens a local file; see {@link #open(InputFile, String, BufferAllocator, BatchOptions)}. */
  public static VariantBatchReader open(Path file, BufferAllocator allocator, BatchOptions options)
      throws IOException {
    return open(new LocalInputFile(file), file.toString(), allocator, options);
  }

  /**
   * Opens {@code file} and allocates its batch's vectors from {@code allocator}.
   *
   * @param name how error messages name the file
   * @throws IOException if the file cannot be read
   * @throws IllegalArgumentException if a column cannot be read as {@code options} ask (the message
   *     names the file and column)
   * @throws VariantParquetException if the footer is damaged, or describes a VARIANT column that
   *     breaks the spec's rules (as the row reader says), or a dictionary page that the filter
   *     reads to skip row groups is damaged (naming its column and its row group's first row)
   */
  public static VariantBatchReader open(
      InputFile file, String name, BufferAllocator allocator, BatchOptions options)
      throws IOException {
    // pages carry a CRC when their writer computed one, as ours and parquet-java's do by default:
    // checked, a changed byte in a page is an error instead of another value, as in the row reader
    ParquetConfiguration conf = GuardedInputFile.verifyChecksums(new PlainParquetConfiguration());
    // our footer reader, as the row reader's; what it declines, parquet-java's
    ParquetMetadata footer = FooterReader.read(file, options.filter() != null);
    if (footer == null) {
      footer = GuardedInputFile.readFooter(file, name, conf);
    }
    MessageType schema = footer.getFileMetaData().getSchema();
    String createdBy = footer.getFileMetaData().getCreatedBy();
    BatchColumns columns;
    try {
      // the VARIANT groups first, then the guard, in the row reader's order: a damaged file names
      // the same fault to both
      columns = BatchColumns.of(schema, options, allocator, name, createdBy);
    } catch (VariantSchemaException e) { // a VARIANT group the footer describes wrongly
      throw new VariantParquetException(name, e.column(), -1, e.getMessage(), e);
    }
    try {
      GuardedInputFile guarded = GuardedInputFile.of(file, name, footer).withChecksums();
      FilterCompat.Filter filter =
          options.filter() == null ? FilterCompat.NOOP : options.filter().toParquetFilter(schema);
      ParquetReadOptions read =
          RowGroupPruning.configure(ParquetReadOptions.builder(conf), filter)
              .withCodecFactory(new PageCodecs(HadoopCodecs.newFactory(conf, 0)))
              .build();
      // a damaged dictionary page that pruning reads fails here, naming its column and row group
      ParquetFileReader reader = guarded.openReader(footer, read);
      reader.setRequestedSchema(columns.requested);
      return new VariantBatchReader(
          name, columns, reader, WriterVersion.parse(createdBy), options.batchSize());
    } catch (IOException | RuntimeException e) {
      columns.vectors.forEach(FieldVector::close);
      throw e;
    }
  }

  /**
   * The file's index (from 0) of the batch's first row; a batch's rows are consecutive rows of one
   * row group. It counts every row of the file, so rows of row groups that a filter skipped count
   * too.
   */
  public long firstRowIndex() {
    return firstRow;
  }

  /** The batch: refilled by each {@link #loadNextBatch()}; owned and closed by this reader. */
  public VectorSchemaRoot root() {
    return root;
  }

  /** The plan of each VARIANT column's storage in the batches (projected when paths were given). */
  public Map<String, ShreddingPlan> plans() {
    return columns.plans;
  }

  /**
   * Top-level columns of the file left out: nested non-VARIANT columns and types with no vector.
   */
  public List<String> skipped() {
    return columns.skipped;
  }

  /**
   * Reads the next batch into {@link #root()}.
   *
   * @return false after the last batch (the root then has no rows)
   * @throws IOException if the file cannot be read
   * @throws VariantParquetException if a page is damaged, naming file, column and row
   * @throws org.apache.arrow.memory.OutOfMemoryException if the allocator cannot hold the batch
   * @throws IllegalStateException if the reader is closed
   */
  public boolean loadNextBatch() throws IOException {
    use.enter();
    try {
      return loadBatch();
    } finally {
      use.exit();
    }
  }

  private boolean loadBatch() throws IOException {
    if (closed) {
      // its vectors are released: refilling them would allocate what no one closes
      throw new IllegalStateException("Cannot read from " + name + ": the reader is closed");
    }
    if (!nextRowGroup()) {
      root.setRowCount(0);
      return false;
    }
    int rows = (int) Math.min(batchSize, leftInGroup);
    for (FieldVector v : root.getFieldVectors()) {
      v.reset();
    }
    LeafReader current = null;
    try {
      for (LeafReader leaf : columns.leaves) {
        current = leaf;
        leaf.startBatch(row);
        leaf.read(rows);
      }
      if (columns.unshredded != null) {
        columns.unshredded.read(rows, name, row);
      }
    } catch (VariantParquetException e) {
      root.clear();
      throw e.file() != null ? e : failed(current, e); // names file, column and row already
    } catch (RuntimeException e) {
      root.clear();
      throw failed(current, e);
    }
    root.setRowCount(rows);
    leftInGroup -= rows;
    firstRow = row;
    row += rows;
    return true;
  }

  /** Moves to a row group with rows left, if there is one. */
  private boolean nextRowGroup() throws IOException {
    LeafReader current = null;
    try {
      while (leftInGroup == 0) {
        PageReadStore group = reader.readNextRowGroup();
        if (group == null) {
          return false;
        }
        leftInGroup = group.getRowCount();
        // pruning skips groups: messages and row numbers name the file's rows, not those read
        row = group.getRowIndexOffset().orElse(row);
        if (leftInGroup > 0) {
          for (LeafReader leaf : columns.leaves) {
            current = leaf;
            leaf.open(group, writer);
          }
          current = null;
          if (columns.unshredded != null) {
            columns.unshredded.open(group);
          }
        }
      }
      return true;
    } catch (IOException e) {
      GuardedInputFile.throwIfDamaged(e, name, row);
      // parquet-java's messages name no file
      throw new IOException("Cannot read row " + row + " of " + name + ": " + e.getMessage(), e);
    } catch (RuntimeException e) {
      throw failed(current, e);
    }
  }

  private VariantParquetException failed(LeafReader leaf, RuntimeException e) {
    String column = leaf == null ? null : BatchColumns.name(leaf.descriptor);
    // a leaf that knows the row within the batch names it; any other failure names the batch's
    long at = e instanceof VariantParquetException v && v.row() >= 0 ? v.row() : row;
    return BatchFailure.of(name, column, at, e);
  }

  /** Releases every vector and closes the file. */
  @Override
  public void close() throws IOException {
    closed = true;
    try {
      root.close();
    } finally {
      reader.close();
    }
  }
}
