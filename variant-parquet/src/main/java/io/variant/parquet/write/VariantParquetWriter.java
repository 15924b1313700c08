package io.variant.parquet.write;

// Size (over 400 lines): about half is the nested public Builder (as parquet-java names its
// writers'
// builders), one documented method per option; file staging lives in StagedFile.

import io.variant.core.VariantMetadata;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.shredding.ExclusiveUse;
import io.variant.shredding.NumericWidening;
import io.variant.shredding.ShreddingPlan;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.schema.MessageType;

/**
 * Writes {@link VariantRecord} rows to a Parquet file: VARIANT columns shredded by a plan (given,
 * or inferred from the first rows) plus ordinary columns.
 *
 * <pre>{@code
 * try (VariantParquetWriter w = VariantParquetWriter.builder(Path.of("events.parquet"))
 *     .longColumn("id")
 *     .variantColumn("event")          // plan inferred from the first rows
 *     .inferFromFirst(1000)
 *     .build()) {
 *   w.write(VariantRecord.builder().set("id", 1L).set("event", variant).build());
 * }
 * }</pre>
 *
 * <p><b>Atomicity:</b> a writer built on a {@link Path} writes to {@code <path>.tmp} and renames it
 * onto {@code path} only when {@link #close()} succeeds; {@link #abort()} (or a failed {@link
 * #write}) deletes the temporary file, so a failed conversion leaves no half-written output. A
 * writer built on an {@link OutputFile} writes in place, and {@code abort()} can only stop writing.
 * Without {@link Builder#overwrite()}, an existing file at {@code path} is an error, detected by
 * {@link Builder#build()}.
 *
 * <p><b>Statistics:</b> Parquet's standard column statistics (min, max, null count) are written for
 * every primitive column, typed columns included; row-group pruning relies on them. <b>Thread
 * safety:</b> none; use one writer per thread (per file). Sharing one is detected: a {@code write}
 * or {@code close} that starts while another thread's call is inside fails at once with {@link
 * java.util.ConcurrentModificationException} ({@link ExclusiveUse}), leaving the other call and the
 * file unaffected.
 */
public final class VariantParquetWriter implements Closeable {
  private final Builder config;
  private final StagedFile staged; // null for OutputFile writers
  private final RowSample sample; // non-null until the sample has been flushed
  private RowGroupWriter writer;
  private VariantWriteSupport support;
  private long rows;
  private boolean failed;
  private boolean closed;
  private final ExclusiveUse use =
      new ExclusiveUse("VariantParquetWriter", "use one writer per thread");

  private VariantParquetWriter(Builder config) throws IOException {
    this.config = config;
    this.staged =
        config.path == null
            ? null
            : new StagedFile(config.path, config.writeMode == ParquetFileWriter.Mode.OVERWRITE);
    this.sample = config.sampleRows() > 0 ? config.newSample() : null;
    if (sample == null) {
      open(config.resolveColumns(null));
    }
  }

  /** A writer to a local file, through {@code LocalOutputFile}: no Hadoop FileSystem involved. */
  public static Builder builder(Path path) {
    return new Builder(Objects.requireNonNull(path, "path"), null);
  }

  /**
   * A writer to any Parquet {@link OutputFile} (e.g. Hadoop's {@code HadoopOutputFile}); not
   * atomic.
   */
  public static Builder builder(OutputFile file) {
    return new Builder(null, Objects.requireNonNull(file, "file"));
  }

  private void open(List<WriteColumn> columns) throws IOException {
    support = new VariantWriteSupport(columns, config.extraMetadata);
    OutputFile out = staged == null ? config.outputFile : staged.output();
    ParquetFileWriter.Mode mode =
        staged == null
            ? config.writeMode
            : ParquetFileWriter.Mode.OVERWRITE; // a stale .tmp is ours
    writer =
        new RowGroupWriter(
            out,
            support.schema(),
            new RowGroupWriter.Settings(
                config.codec,
                config.rowGroupBytes,
                config.pageBytes,
                config.rowGroupRows,
                config.pageRows,
                mode,
                config.hadoopConf,
                !config.parquetJavaEncodings));
  }

  /** Writes one checked row into the open file. */
  private void writeRow(VariantRecord record) throws IOException {
    support.writeLeaves(writer.leaves(), record);
    writer.endRow();
  }

  /**
   * Writes one row. While the first rows are sampled for inference they are buffered; they are
   * written, in order, once the sample is complete or the writer is closed.
   *
   * @throws IllegalArgumentException if the record's columns or value types do not match the
   *     declaration
   * @throws IllegalStateException if the writer is closed or an earlier write failed
   * @throws IOException if the file cannot be written
   * @throws java.util.ConcurrentModificationException if another thread is inside this writer
   */
  public void write(VariantRecord record) throws IOException {
    use.enter();
    try {
      writeExclusively(record);
    } finally {
      use.exit();
    }
  }

  private void writeExclusively(VariantRecord record) throws IOException {
    if (closed || failed) {
      throw new IllegalStateException(
          "Cannot write: the writer is " + (closed ? "closed" : "failed; call abort()"));
    }
    boolean sampling = sample != null && writer == null;
    // A record rejected here leaves everything untouched, so the writer stays usable.
    if (sampling) {
      sample.check(record);
    } else {
      support.checkBeforeWrite(record);
    }
    try {
      if (sampling) {
        sample.add(record);
        if (sample.isFull()) {
          flushSample();
        }
      } else {
        writeRow(record);
      }
      rows++;
    } catch (RuntimeException | IOException e) {
      failed = true;
      throw e;
    }
  }

  private void flushSample() throws IOException {
    open(config.resolveColumns(sample));
    for (VariantRecord r : sample.rows()) {
      writeRow(r); // checked when sampled
    }
    sample.clear();
  }

  /** Rows accepted so far, buffered ones included. */
  public long rowCount() {
    return rows;
  }

  /** The file schema, or {@code null} while the plan is still being inferred. */
  public MessageType schema() {
    return support == null ? null : support.schema();
  }

  /**
   * Rows re-based by the metadata policy so far, ids rewritten or re-encoded (see {@link
   * MetadataPolicy}).
   */
  public long rebasedRows() {
    return support == null ? 0 : support.rebasedRows();
  }

  /**
   * The base metadata dictionary of VARIANT column {@code column} (by default the plan's keys), to
   * build rows on so that the writer takes them as they are, without re-basing; see {@link
   * VariantWriteSupport#sharedDictionary}.
   *
   * <pre>{@code
   * VariantBuilder b = VariantBuilder.withMetadata(w.metadata("event")); // once the first rows are sampled
   * VariantJson.parse(parser, b, JsonOptions.defaults()); // parser: a JsonParser on the next document
   * w.write(VariantRecord.builder().set("id", 2L).set("event", b.build()).build());
   * b.reset();
   * }</pre>
   *
   * <p>The dictionary is fixed when the file is opened: once the {@link Builder#inferFromFirst}
   * sample is complete, or by {@link Builder#build()} when nothing is sampled.
   *
   * @return the dictionary; {@code null} while the first rows are still being sampled, and for a
   *     column in the draft layout or under {@link MetadataPolicy#AS_WRITTEN}
   * @throws IllegalArgumentException if no VARIANT column is named {@code column}
   */
  public VariantMetadata metadata(String column) {
    if (support == null) {
      sample.requireVariantColumn(column);
      return null;
    }
    return support.sharedDictionary(column);
  }

  /**
   * Abandons the file: stops writing and, for a {@link Path} writer, deletes the temporary file so
   * nothing appears at the target. Idempotent; {@link #close()} afterwards does nothing.
   */
  public void abort() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      if (writer != null) {
        writer.abort();
      }
    } catch (RuntimeException e) {
      // the file is being thrown away; a failure to release it changes nothing
    } finally {
      if (staged != null) {
        staged.discard();
      }
    }
  }

  /**
   * Finishes the file (writing buffered sample rows first) and, for a {@link Path} writer, renames
   * it onto the target.
   *
   * @throws IOException if writing fails, or if an earlier write failed (the file is then aborted,
   *     and nothing is written at the target)
   */
  @Override
  public void close() throws IOException {
    use.enter();
    try {
      closeExclusively();
    } finally {
      use.exit();
    }
  }

  private void closeExclusively() throws IOException {
    if (closed) {
      return;
    }
    if (failed) {
      abort();
      throw new IOException(
          "Cannot finish " + where() + ": an earlier write failed, so the file was discarded");
    }
    try {
      if (writer == null) {
        flushSample();
      }
      writer.close(config.extraMetadata, VariantWriteSupport.MODEL_NAME);
      closed = true;
      if (staged != null) {
        staged.commit();
      }
    } catch (IOException | RuntimeException e) {
      failed = true;
      abort();
      throw e;
    }
  }

  private String where() {
    return staged != null ? staged.toString() : config.outputFile.getPath();
  }

  /**
   * Configures a {@link VariantParquetWriter}; columns are written in the order they are declared.
   */
  public static final class Builder {
    private final Path path;
    private final OutputFile outputFile;
    private final List<Object> declared = new ArrayList<>(); // WriteColumn, or Named
    private final Map<String, String> extraMetadata = new LinkedHashMap<>();
    private int inferRows = -1; // not set
    private ShreddingLayout layout = ShreddingLayout.SPEC;
    private NumericWidening widening = NumericWidening.LOSSLESS;
    private MetadataPolicy metadataPolicy = MetadataPolicy.ROW_KEYS;
    private CompressionCodecName codec = CompressionCodecName.ZSTD;
    private long rowGroupBytes = ParquetWriter.DEFAULT_BLOCK_SIZE;
    private int pageBytes = ParquetWriter.DEFAULT_PAGE_SIZE;
    private int rowGroupRows;
    private int pageRows;
    private ParquetFileWriter.Mode writeMode = ParquetFileWriter.Mode.CREATE;
    private Configuration hadoopConf;
    private boolean parquetJavaEncodings;

    private Builder(Path path, OutputFile outputFile) {
      this.path = path;
      this.outputFile = outputFile;
    }

    /** A VARIANT column shredded by {@code plan} ({@link ShreddingPlan#residual()}: unshredded). */
    public Builder variantColumn(String name, ShreddingPlan plan) {
      declared.add(
          new Named(Objects.requireNonNull(name, "name"), Objects.requireNonNull(plan, "plan")));
      return this;
    }

    /** A VARIANT column whose plan is inferred from the first {@link #inferFromFirst} rows. */
    public Builder variantColumn(String name) {
      declared.add(new Named(Objects.requireNonNull(name, "name"), null));
      return this;
    }

    /**
     * A fully specified VARIANT column; the builder's layout, widening and metadata policy do not
     * apply to it.
     */
    public Builder variantColumn(VariantColumn column) {
      return add(column);
    }

    /** An ordinary column, {@code optional int64}: a {@link Long} in records. */
    public Builder longColumn(String name) {
      return add(new PlainColumn(name, PlainType.LONG));
    }

    /** An ordinary column, {@code optional int32}: an {@link Integer} in records. */
    public Builder intColumn(String name) {
      return add(new PlainColumn(name, PlainType.INT));
    }

    /** An ordinary column, {@code optional binary (STRING)}: a {@link String} in records. */
    public Builder stringColumn(String name) {
      return add(new PlainColumn(name, PlainType.STRING));
    }

    /** An ordinary column, {@code optional double}: a {@link Double} in records. */
    public Builder doubleColumn(String name) {
      return add(new PlainColumn(name, PlainType.DOUBLE));
    }

    /** An ordinary column, {@code optional boolean}: a {@link Boolean} in records. */
    public Builder booleanColumn(String name) {
      return add(new PlainColumn(name, PlainType.BOOLEAN));
    }

    /** An ordinary column, {@code optional binary}: a {@code byte[]} in records. */
    public Builder binaryColumn(String name) {
      return add(new PlainColumn(name, PlainType.BINARY));
    }

    private Builder add(WriteColumn c) {
      declared.add(c);
      return this;
    }

    /**
     * Buffers the first {@code rows} rows before opening the file: they infer the plans of columns
     * declared without one, and under {@link MetadataPolicy#SHARED_DICTIONARY} the keys they use
     * join the shared dictionary of every VARIANT column declared by name. Default 1000 when some
     * column needs a plan or uses the shared dictionary, else 0. Sampling keys pays off when rows
     * have keys the plan does not shred: on the test data's event log (30,000 rows) the metadata
     * column shrank from 5.0 KB (plan keys only) to 2.1 KB at about the same write speed. {@code 0}
     * turns sampling off (then every VARIANT column needs a plan).
     */
    public Builder inferFromFirst(int rows) {
      if (rows < 0) {
        throw new IllegalArgumentException("rows must be >= 0, was " + rows);
      }
      this.inferRows = rows;
      return this;
    }

    /** Layout of the VARIANT columns declared by name; default {@link ShreddingLayout#SPEC}. */
    public Builder layout(ShreddingLayout l) {
      this.layout = Objects.requireNonNull(l, "layout");
      return this;
    }

    /**
     * Widening of the VARIANT columns declared by name; default {@link NumericWidening#LOSSLESS}.
     */
    public Builder widening(NumericWidening w) {
      this.widening = Objects.requireNonNull(w, "widening");
      return this;
    }

    /**
     * Metadata policy of the VARIANT columns declared by name; default {@link
     * MetadataPolicy#ROW_KEYS}.
     */
    public Builder metadataPolicy(MetadataPolicy p) {
      this.metadataPolicy = Objects.requireNonNull(p, "metadataPolicy");
      return this;
    }

    /** Compression codec; default ZSTD. */
    public Builder codec(CompressionCodecName c) {
      this.codec = Objects.requireNonNull(c, "codec");
      return this;
    }

    /** Target row-group size in bytes; default Parquet's 128 MiB. */
    public Builder rowGroupSize(long bytes) {
      this.rowGroupBytes = bytes;
      return this;
    }

    /** Target page size in bytes; default Parquet's 1 MiB. */
    public Builder pageSize(int bytes) {
      this.pageBytes = bytes;
      return this;
    }

    /** At most {@code rows} rows per row group (0: no limit beyond the size). */
    public Builder rowGroupRowLimit(int rows) {
      this.rowGroupRows = rows;
      return this;
    }

    /** At most {@code rows} rows per page (0: Parquet's default limit). */
    public Builder pageRowLimit(int rows) {
      this.pageRows = rows;
      return this;
    }

    /** Replace an existing file at the target (atomically, for {@link Path} writers). */
    public Builder overwrite() {
      this.writeMode = ParquetFileWriter.Mode.OVERWRITE;
      return this;
    }

    /**
     * Use Hadoop's configuration (codec settings) instead of a plain one. Parquet's file encryption
     * settings are not read: this writer does not encrypt.
     */
    public Builder conf(Configuration conf) {
      this.hadoopConf = Objects.requireNonNull(conf, "conf");
      return this;
    }

    /**
     * Encodes every column as parquet-java's {@code ParquetWriter} does, instead of {@link
     * TypedColumnEncodings}: for tests that compare files byte for byte.
     */
    Builder parquetJavaEncodings() {
      this.parquetJavaEncodings = true;
      return this;
    }

    /** Adds a key/value pair to the file footer. */
    public Builder extraMetadata(String key, String value) {
      extraMetadata.put(key, value);
      return this;
    }

    /**
     * Opens the writer (or, when sampling, prepares to buffer).
     *
     * @throws FileAlreadyExistsException if the target exists and {@link #overwrite()} was not
     *     called
     * @throws IllegalArgumentException if no column was declared, two share a name, or a plan would
     *     have to be inferred from {@code inferFromFirst(0)} rows
     * @throws IOException if the file cannot be created
     */
    public VariantParquetWriter build() throws IOException {
      if (declared.isEmpty()) {
        throw new IllegalArgumentException("Cannot build a writer without columns");
      }
      java.util.Set<String> names = new java.util.HashSet<>();
      for (Object d : declared) {
        String name = d instanceof Named n ? n.name() : ((WriteColumn) d).name();
        if (!names.add(name)) {
          throw new IllegalArgumentException("Cannot declare column \"" + name + "\" twice");
        }
      }
      return new VariantParquetWriter(this);
    }

    /** Rows to buffer before opening the file. */
    int sampleRows() {
      boolean needsPlan = declared.stream().anyMatch(d -> d instanceof Named n && n.plan() == null);
      if (inferRows == 0 && needsPlan) {
        throw new IllegalArgumentException(
            "Cannot infer a plan from 0 rows: give every VARIANT column a plan or sample rows");
      }
      boolean sharesKeys =
          metadataPolicy == MetadataPolicy.SHARED_DICTIONARY
              && declared.stream().anyMatch(d -> d instanceof Named);
      return inferRows >= 0 ? inferRows : needsPlan || sharesKeys ? RowSample.DEFAULT_ROWS : 0;
    }

    RowSample newSample() {
      List<String> names = new ArrayList<>();
      List<Class<?>> types = new ArrayList<>();
      List<String> inferred = new ArrayList<>();
      List<String> sampledKeys = new ArrayList<>();
      for (Object d : declared) {
        if (d instanceof Named n) {
          names.add(n.name());
          types.add(io.variant.core.Variant.class);
          if (n.plan() == null) {
            inferred.add(n.name());
          }
          if (metadataPolicy == MetadataPolicy.SHARED_DICTIONARY) {
            sampledKeys.add(n.name());
          }
        } else {
          names.add(((WriteColumn) d).name());
          types.add(RecordShape.javaType((WriteColumn) d));
        }
      }
      return new RowSample(sampleRows(), RecordShape.of(names, types), inferred, sampledKeys);
    }

    /**
     * The final columns: explicit ones as given; columns declared by name with this builder's
     * settings, their plan inferred from {@code sample} if none was given, their shared dictionary
     * extended by its keys.
     */
    List<WriteColumn> resolveColumns(RowSample sample) {
      List<WriteColumn> out = new ArrayList<>();
      for (Object d : declared) {
        if (d instanceof Named n) {
          ShreddingPlan plan = n.plan() != null ? n.plan() : sample.inferredPlan(n.name());
          VariantColumn c =
              VariantColumn.of(n.name(), plan)
                  .withLayout(layout)
                  .withWidening(widening)
                  .withMetadataPolicy(metadataPolicy);
          out.add(sample == null ? c : c.withSharedKeys(sample.keys(n.name())));
        } else {
          out.add((WriteColumn) d);
        }
      }
      return out;
    }
  }

  /** A VARIANT column declared by name; {@code plan} is null when it is to be inferred. */
  private record Named(String name, ShreddingPlan plan) {}
}
