// SPDX-License-Identifier: Apache-2.0
package io.variant.avro;

import io.variant.core.Variant;
import io.variant.core.VariantMetadata;
import io.variant.parquet.write.ParquetWriters;
import io.variant.parquet.write.VariantColumn;
import io.variant.parquet.write.WriteOptions;
import io.variant.parquet.write.WriterBuilder;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.infer.InferenceOptions;
import io.variant.shredding.infer.PlanInference;
import io.variant.shredding.infer.Selection;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.io.OutputFile;

/**
 * Writes Avro {@link GenericRecord}s to Parquet, where {@code AvroParquetWriter} would: every field
 * as parquet-avro writes it, except one Variant field (a parquet-avro Variant record, or a string
 * of JSON text named with {@link Builder#jsonField}), which becomes a VARIANT column shredded by
 * our plan, given or inferred from the first records. Files read back with {@link
 * VariantAvroReader}, parquet-avro's {@code AvroParquetReader} (the column as a Variant record) or
 * any Parquet VARIANT reader.
 *
 * <pre>{@code
 * try (VariantAvroWriter w = VariantAvroWriter.builder(new LocalOutputFile(path), schema)
 *     .jsonField("payload")          // a string field holding JSON documents
 *     .inferFromFirst(1000)          // or .plan(ShreddingPlan.parse(...))
 *     .build()) {
 *   w.write(record);
 * }
 * }</pre>
 *
 * <p><b>Sampling:</b> while the plan is inferred, records are buffered as deep copies, so callers
 * may reuse theirs. The keys of the sampled Variants join the column's shared metadata dictionary.
 * <b>Errors:</b> a record whose Variant field cannot be converted is rejected by its {@link #write}
 * with an {@link IllegalArgumentException}, and the writer stays usable. Any other failure to write
 * a record (a field parquet-avro cannot write, an I/O error) leaves the file incomplete: that
 * {@code write} throws, later ones throw {@link IllegalStateException}, and {@link #close()}
 * throws, so that an incomplete file is never reported written. <b>Thread safety:</b> none.
 */
public final class VariantAvroWriter implements Closeable {
  /**
   * Inference from the first rows only, as {@code VariantParquetWriter} does: presence and
   * dominance, file-wide widths; the cost model needs a sample it can weigh fixed costs against
   * (see variant-cli's convert).
   */
  private static final InferenceOptions FIRST_ROWS_INFERENCE =
      InferenceOptions.defaults().withSelection(Selection.PRESENCE).withMinPresence(0.10);

  private final Builder config;
  private final List<GenericRecord> sample = new ArrayList<>();
  private final PlanInference inference;
  private final Set<String> keys = new LinkedHashSet<>();
  private final VariantField field;
  private ParquetWriter<GenericRecord> writer;
  private VariantAvroWriteSupport support;
  private long rows;
  private Exception failure; // the write that left the file incomplete, or null

  private VariantAvroWriter(Builder config) throws IOException {
    this.config = config;
    this.field = VariantField.of(config.schema, config.field, config.json);
    this.inference =
        config.plan == null
            ? PlanInference.create(FIRST_ROWS_INFERENCE.withWidening(config.options().widening()))
            : null;
    if (config.sampleRows() == 0) {
      open();
    }
  }

  /** A writer of records of {@code schema} to {@code file}. */
  public static Builder builder(OutputFile file, Schema schema) {
    return new Builder(
        Objects.requireNonNull(file, "file"), Objects.requireNonNull(schema, "schema"));
  }

  /**
   * Writes one record.
   *
   * @throws IllegalArgumentException if its Variant field holds invalid JSON, invalid Variant bytes
   *     or a value of another type; nothing is written and the writer stays usable
   * @throws IOException if the file cannot be written
   * @throws IllegalStateException if an earlier write failed, leaving the file incomplete
   */
  public void write(GenericRecord record) throws IOException {
    if (failure != null) {
      throw new IllegalStateException(
          "Cannot write: an earlier write failed, so the file is incomplete", failure);
    }
    if (writer == null) {
      Variant v = VariantFieldWriter.toVariant(field, record.get(field.pos()));
      if (inference != null) {
        inference.add(v);
      }
      if (v != null) {
        addKeys(v.metadata());
      }
      sample.add(GenericData.get().deepCopy(record.getSchema(), record));
      rows++;
      if (sample.size() >= config.sampleRows()) {
        open();
      }
      return;
    }
    support.prepare(record); // throws before Parquet sees a bad record
    try {
      writer.write(record);
    } catch (IOException | RuntimeException e) {
      failure = e; // parquet-java aborted its writer: no later row reaches the file
      throw e;
    }
    rows++;
  }

  private void addKeys(VariantMetadata m) {
    for (int i = 0; i < m.size() && keys.size() < Builder.MAX_SHARED_KEYS; i++) {
      keys.add(m.key(i));
    }
  }

  private void open() throws IOException {
    ShreddingPlan plan = config.plan != null ? config.plan : inference.result().plan();
    WriteOptions options = config.options();
    VariantColumn column =
        VariantColumn.of(config.field, plan)
            .withLayout(options.layout())
            .withWidening(options.widening())
            .withMetadataPolicy(options.metadataPolicy())
            .withSharedKeys(keys);
    support =
        new VariantAvroWriteSupport(
            config.schema, config.field, config.json, column, options.extraMetadata());
    writer = ParquetWriters.open(config.file, support, options);
    for (int i = 0; i < sample.size(); i++) {
      try {
        writer.write(sample.get(i));
      } catch (IOException | RuntimeException e) {
        IOException named =
            new IOException(
                "Cannot write record " + (i + 1) + " of the " + sample.size() + " sampled: " + e,
                e);
        failure = named;
        throw named;
      }
    }
    sample.clear();
  }

  /** Records accepted so far, buffered ones included. */
  public long rowCount() {
    return rows;
  }

  /** The plan of the VARIANT column, or {@code null} while it is still being inferred. */
  public ShreddingPlan plan() {
    return config.plan != null ? config.plan : writer == null ? null : inference.result().plan();
  }

  /**
   * Writes any buffered records and finishes the file.
   *
   * @throws IOException if the file cannot be finished, or an earlier write failed: the file is
   *     then incomplete, and its stream closed
   */
  @Override
  public void close() throws IOException {
    if (failure == null && writer == null) {
      try {
        open();
      } catch (IOException | RuntimeException e) {
        if (failure == null) {
          throw e; // the file could not be opened: nothing was written
        }
      }
    }
    if (writer != null) {
      try {
        writer.close(); // releases the stream; after a failed write parquet-java writes no footer
      } catch (IOException | RuntimeException e) {
        if (failure == null) {
          throw e;
        }
        failure.addSuppressed(e);
      } finally {
        writer = null;
      }
    }
    if (failure != null) {
      String name = config.file.getPath() != null ? config.file.getPath() : "the file";
      throw new IOException(
          "Cannot finish " + name + ": an earlier write failed, so it is incomplete: " + failure,
          failure);
    }
  }

  /**
   * Configures a {@link VariantAvroWriter}: the Variant field and its plan, and the file options
   * shared with the project's other writers ({@link WriterBuilder}). By default the first 1000
   * records are sampled ({@link #inferFromFirst}) to infer the plan, unless one is given, and to
   * sample keys for the shared dictionary; 0 with a plan turns sampling off.
   */
  public static final class Builder extends WriterBuilder<Builder> {
    /**
     * As in {@code VariantParquetWriter}'s sample: past about a thousand keys rows share no
     * vocabulary.
     */
    static final int MAX_SHARED_KEYS = 1024;

    private static final int DEFAULT_SAMPLE_ROWS = 1000;

    private final OutputFile file;
    private final Schema schema;
    private String field;
    private boolean json;
    private ShreddingPlan plan;

    private Builder(OutputFile file, Schema schema) {
      this.file = file;
      this.schema = schema;
    }

    @Override
    protected Builder self() {
      return this;
    }

    /**
     * The field holding parquet-avro Variant records ({@code metadata} and {@code value} bytes).
     */
    public Builder variantField(String name) {
      this.field = Objects.requireNonNull(name, "name");
      this.json = false;
      return this;
    }

    /** The string field holding JSON text, parsed into the VARIANT column. */
    public Builder jsonField(String name) {
      this.field = Objects.requireNonNull(name, "name");
      this.json = true;
      return this;
    }

    /** Shred with {@code p} instead of inferring a plan. */
    public Builder plan(ShreddingPlan p) {
      this.plan = Objects.requireNonNull(p, "plan");
      return this;
    }

    int sampleRows() {
      int rows = options().inferRows() < 0 ? DEFAULT_SAMPLE_ROWS : options().inferRows();
      return plan == null ? Math.max(1, rows) : rows;
    }

    /**
     * @throws IllegalArgumentException if no field was named, or it is missing or of another type
     * @throws IOException if the file cannot be created
     */
    public VariantAvroWriter build() throws IOException {
      if (field == null) {
        throw new IllegalArgumentException(
            "Cannot build: name the Variant field with variantField() or jsonField()");
      }
      return new VariantAvroWriter(this);
    }
  }
}
