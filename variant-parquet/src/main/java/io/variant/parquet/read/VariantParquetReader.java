// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.core.path.Segment;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.file.FooterReader;
import io.variant.parquet.file.LengthOnceFile;
import io.variant.parquet.filter.VariantCondition;
import io.variant.parquet.guard.GuardedInputFile;
import io.variant.parquet.schema.VariantSchemaException;
import io.variant.shredding.RebuildOptions;
import io.variant.shredding.ShreddingPlan;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.ParquetInputFormat;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;

/**
 * Reads a Parquet file row by row as {@link VariantRecord}s, rebuilding every VARIANT column (SPEC
 * or DRAFT layout, detected per column) and reading ordinary top-level primitive columns as plain
 * values; other columns (structs, lists, repeated fields, VARIANT groups nested inside them) are
 * not read. A null VARIANT group reads as SQL NULL ({@code record.variant(c) == null}), distinct
 * from a Variant null.
 *
 * <pre>{@code
 * try (VariantParquetReader r = VariantParquetReader.open(Path.of("events.parquet"))) {
 *   for (VariantRecord row : r) {
 *     Variant event = row.variant("event");
 *   }
 * }
 * }</pre>
 *
 * <p>Options are set up as the writer's are, with a builder:
 *
 * <pre>{@code
 * try (VariantParquetReader r =
 *     VariantParquetReader.builder(Path.of("events.parquet"))
 *         .column("event")
 *         .filter(VariantPredicate.eq("event", "$.type", Literal.of("click")))
 *         .validation(Validation.FULL)
 *         .build()) {
 *   ...
 * }
 * }</pre>
 *
 * <p>{@code open} reads only the footer: the schema and plans are available at once, and an
 * unreadable VARIANT schema fails there. Rows are read on demand. Local files need no Hadoop
 * FileSystem. A task of an engine that splits files reads its split's row groups ({@link
 * Builder#split}), through the same checks.
 *
 * <p><b>Errors:</b> every failure, from the footer to a row's rebuild, is a {@link
 * VariantParquetException} naming the file, the column when known and the 0-based row; its cause is
 * the underlying {@code VariantSchemaException}, {@code ShreddingException}, {@code
 * VariantFormatException} or Parquet error. A missing or unreadable file is an {@link IOException}.
 * Damaged files fail cleanly: the footer's chunk offsets, sizes and row counts are checked at
 * {@code open}, page headers before parquet-java allocates what they claim, and page CRCs where the
 * writer stored them (unless {@link Builder#configuration} turns that check off). An unshredded
 * value is returned as stored, checked in O(1); {@link VariantReadOptions.Validation#FULL}
 * validates every value so that a malformed one fails its own row. Objects whose fields are out of
 * the spec's key order (DuckDB 2.0 and Spark 4.2 write them) read exactly under every validation
 * but {@link VariantReadOptions.Validation#STRICT}, which rejects them (see {@link
 * io.variant.core.KeyOrder}). <b>Thread safety:</b> none; one thread per reader.
 */
public final class VariantParquetReader implements Closeable, Iterable<VariantRecord> {
  private final FileScope scope;
  private final MessageType schema;
  private final FileColumns columns;
  private final VariantReadOptions options;
  private final FilterCompat.Filter rowGroupFilter;
  // made at the first read: a reader opened only to project never prunes the whole schema
  // made on first use; volatile and made under the reader's lock, so that threads sharing the
  // reader (a misuse RowCursor refuses loudly) share one cursor instead of each reading every row
  private volatile RowCursor<VariantRecord> rows;
  private boolean closed;

  private VariantParquetReader(Builder b) throws IOException {
    InputFile file = new LengthOnceFile(b.file, b.local);
    String fileName = b.name;
    ParquetConfiguration configuration =
        b.configuration == null ? new PlainParquetConfiguration() : b.configuration;
    // Pages carry a CRC when their writer computed one (parquet-java does by default); checking it
    // is cheap and turns a flipped bit in a page into an error instead of a wrong value.
    boolean checksums =
        configuration.getBoolean(ParquetInputFormat.PAGE_VERIFY_CHECKSUM_ENABLED, true);
    if (checksums) {
      GuardedInputFile.verifyChecksums(configuration);
    }
    this.options = b.options;
    ParquetMetadata footer = footer(file, fileName, configuration, options.filter() != null);
    this.schema = footer.getFileMetaData().getSchema();
    try {
      this.columns = FileColumns.of(schema);
      // Validate the column selection now rather than at the first row.
      columns.check(options.columns());
    } catch (VariantSchemaException e) {
      throw new VariantParquetException(fileName, e.column(), -1, e.getMessage(), e);
    }
    // parquet-java reads and allocates what the footer and each page header claim; the checks
    // reject claims that the file's bytes cannot hold (see GuardedInputFile) before parquet-java
    // acts on them.
    GuardedInputFile guarded = GuardedInputFile.of(file, fileName, footer);
    this.scope =
        new FileScope(
            checksums ? guarded.withChecksums() : guarded,
            fileName,
            configuration,
            b.split == null ? footer.getBlocks() : b.split.of(file, fileName, footer));
    this.rowGroupFilter =
        options.filter() == null ? FilterCompat.NOOP : options.filter().toParquetFilter(schema);
  }

  /** The rows' cursor, made on first use (and closed at once if this reader is closed). */
  private RowCursor<VariantRecord> rows() throws IOException {
    RowCursor<VariantRecord> made = rows;
    return made != null ? made : makeRows();
  }

  private synchronized RowCursor<VariantRecord> makeRows() throws IOException {
    if (rows == null) {
      RowCursor<VariantRecord> made =
          new RowCursor<>(
              scope,
              LevelSource.records(columns.requestedSchema(options.columns()), options),
              rowGroupFilter);
      if (closed) {
        made.close(); // its next() then says so, as after a read
      }
      rows = made;
    }
    return rows;
  }

  /**
   * The file's footer: by {@link FooterReader} (statistics only if {@code statistics}), or, for
   * anything it leaves to parquet-java, by {@link GuardedInputFile#readFooter}, which tells a
   * footer that does not decode ({@link VariantParquetException}) from a file that cannot be read.
   */
  private static ParquetMetadata footer(
      InputFile file, String fileName, ParquetConfiguration configuration, boolean statistics)
      throws IOException {
    ParquetMetadata footer = FooterReader.read(file, statistics);
    return footer != null ? footer : GuardedInputFile.readFooter(file, fileName, configuration);
  }

  /**
   * Opens a local file with default options: {@code builder(path).build()}.
   *
   * @throws IOException if the file cannot be opened or its footer cannot be read
   * @throws VariantParquetException if it is not a Parquet file, its footer places column chunks
   *     outside the file or claims more rows than they hold, or a VARIANT column's schema is
   *     unreadable
   */
  public static VariantParquetReader open(Path path) throws IOException {
    return builder(path).build();
  }

  /** A reader of a local file, through {@code LocalInputFile}: no Hadoop FileSystem involved. */
  public static Builder builder(Path path) {
    return new Builder(
        new LocalInputFile(Objects.requireNonNull(path, "path")), path, path.toString());
  }

  /**
   * A reader of any Parquet {@link InputFile} (e.g. Hadoop's {@code HadoopInputFile} for HDFS or
   * S3).
   *
   * @param name how error messages name the file; {@code null} for the file's own {@code toString}
   */
  public static Builder builder(InputFile file, String name) {
    Objects.requireNonNull(file, "file");
    return new Builder(file, null, name == null ? String.valueOf(file) : name);
  }

  /**
   * Configures a {@link VariantParquetReader}, as {@code VariantParquetWriter.Builder} does a
   * writer; every setter has a default, so {@code builder(path).build()} reads every column. Option
   * values are held in a {@link VariantReadOptions}, which engines may keep and pass on ({@link
   * #options}).
   */
  public static final class Builder {
    private final InputFile file;
    private final Path local; // the path of a local file
    private final String name;
    private VariantReadOptions options = VariantReadOptions.defaults();
    private Set<String> columns;
    private ParquetConfiguration configuration; // null: a plain one
    private SplitRowGroups split; // null: every row group

    private Builder(InputFile file, Path local, String name) {
      this.file = file;
      this.local = local;
      this.name = name;
    }

    /**
     * Reads column {@code name} (a VARIANT or an ordinary top-level column); call once per column.
     * Without any call, every readable column is read. Columns come in file order.
     */
    public Builder column(String name) {
      if (columns == null) {
        columns = new LinkedHashSet<>();
      }
      columns.add(Objects.requireNonNull(name, "name"));
      options = options.withColumns(columns.toArray(new String[0]));
      return this;
    }

    /**
     * Skips the row groups in which no row can match {@code predicate}, by the statistics of its
     * path's typed column; see {@link VariantReadOptions#filter()}.
     */
    public Builder filter(VariantCondition predicate) {
      options = options.withFilter(Objects.requireNonNull(predicate, "predicate"));
      return this;
    }

    /**
     * How much of each Variant is checked before its row is returned (default {@link
     * VariantReadOptions.Validation#LAZY}).
     */
    public Builder validation(VariantReadOptions.Validation validation) {
      options = options.withValidation(Objects.requireNonNull(validation, "validation"));
      return this;
    }

    /**
     * How invalid-but-readable shredded data is treated and the limits of a rebuilt value (default
     * {@link RebuildOptions#defaults()}).
     */
    public Builder rebuild(RebuildOptions rebuild) {
      options = options.withRebuild(Objects.requireNonNull(rebuild, "rebuild"));
      return this;
    }

    /**
     * Reads only the row groups of one split of the file, given as {@code length} bytes from byte
     * {@code start}: those whose midpoint (the first page of the row group's first column chunk,
     * plus half the row group's compressed size) lies in the range, as parquet-java's {@code
     * ParquetInputFormat} assigns them to Hadoop's and Spark's splits; splits that cover the file
     * read each row group once. {@link #rowCount()} then counts the split's rows, while row numbers
     * ({@link #currentRowIndex()}, errors) still count the file's. The footer is checked whole, and
     * a file with a row group whose midpoint lies outside it is refused, since no split would read
     * that row group.
     *
     * @throws IllegalArgumentException if {@code start} or {@code length} is negative
     */
    public Builder split(long start, long length) {
      split = new SplitRowGroups(start, start + length);
      return this;
    }

    /**
     * The parquet-java settings pages are read with, such as a Hadoop configuration's codecs
     * (default: a plain configuration). Page CRCs are checked unless it sets {@code
     * parquet.page.verify-checksum.enabled} to false; the reader sets it to true where it is unset.
     */
    public Builder configuration(ParquetConfiguration configuration) {
      this.configuration = Objects.requireNonNull(configuration, "configuration");
      return this;
    }

    /** Every option at once, replacing what the setters set so far. */
    public Builder options(VariantReadOptions options) {
      this.options = Objects.requireNonNull(options, "options");
      this.columns = options.columns() == null ? null : new LinkedHashSet<>(options.columns());
      return this;
    }

    /**
     * Opens the reader: reads the footer and checks the column selection.
     *
     * @throws IOException if the file cannot be opened or its footer cannot be read
     * @throws VariantParquetException as {@link VariantParquetReader#open(Path)} says, and if a
     *     selected column is not in the file
     */
    public VariantParquetReader build() throws IOException {
      return new VariantParquetReader(this);
    }
  }

  /** The file's Parquet schema. */
  public MessageType schema() {
    return schema;
  }

  /** Each VARIANT column's plan, by column name in schema order. */
  public Map<String, ShreddingPlan> plans() {
    return columns.plans();
  }

  /**
   * Number of rows in the row groups this reader reads, from the footer: the file's, or its split's
   * ({@link Builder#split}), row groups that a filter skips counted.
   */
  public long rowCount() {
    return scope.rowCount();
  }

  /**
   * The next row, or {@code null} after the last.
   *
   * @throws VariantParquetException if the row cannot be read or rebuilt
   */
  public VariantRecord read() throws IOException {
    return rows().next();
  }

  /**
   * The file's index (from 0) of the row the last {@link #read()} returned, or -1 before the first.
   * It counts every row of the file, so rows of row groups that a filter skipped count too.
   */
  public long currentRowIndex() throws IOException {
    return rows().lastRowIndex();
  }

  /**
   * The remaining rows. The iterator throws {@link UncheckedIOException} for I/O errors and {@link
   * VariantParquetException} as {@link #read()} does.
   */
  @Override
  public Iterator<VariantRecord> iterator() {
    try {
      return rows().iterator();
    } catch (IOException e) {
      throw new UncheckedIOException(e); // not thrown: a new cursor has nothing to close yet
    }
  }

  @Override
  public void close() throws IOException {
    closed = true;
    if (rows != null) {
      rows.close();
    }
  }

  /**
   * A reader of the value at {@code path} in VARIANT column {@code column}, per row, that requests
   * only the columns the path needs (see {@link VariantPathReader}). It reads the file
   * independently of this reader's position; close both. The footer was checked whole when this
   * reader was opened, so a damaged footer entry of a column the path does not need has already
   * failed {@code open} (a projection does not make a damaged file readable). It reads the row
   * groups this reader reads: those of its split, less those its filter skips.
   *
   * <pre>{@code
   * try (VariantParquetReader r = VariantParquetReader.open(file);
   *     VariantPathReader names = r.project("event", VariantPath.parse("$.user.name"))) {
   *   for (PathValue name : names) {
   *     Variant v = name.value(); // null when absent or SQL NULL
   *   }
   * }
   * }</pre>
   *
   * @throws IllegalArgumentException if the file has no VARIANT column {@code column}
   */
  public VariantPathReader project(String column, VariantPath path) {
    List<Segment> steps = path.segments();
    MessageType requested = columns.requestedSchema(column, steps);
    TypedPathScan scan = columns.typedScan(column, steps);
    if (scan != null && scan.provenBy(scope.file().footer())) {
      MessageType typed = scan.requestedSchema(schema.getName());
      return new VariantPathReader(
          new RowCursor<>(scope, scan.rows(typed, options), rowGroupFilter), typed);
    }
    return new VariantPathReader(
        new RowCursor<>(scope, LevelSource.path(requested, column, steps, options), rowGroupFilter),
        requested);
  }
}
