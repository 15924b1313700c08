// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import io.variant.arrow.StorageFields;
import io.variant.arrow.VariantVector;
import io.variant.core.internal.ExclusiveUse;
import io.variant.parquet.write.VariantColumn;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.parquet.write.WriteOptions;
import io.variant.parquet.write.WriterBuilder;
import io.variant.shredding.ShreddingPlan;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.io.OutputFile;

/**
 * Writes Arrow batches to a Parquet file: each {@link VariantVector} column (shredded or unshredded
 * storage) as a VARIANT column shredded by a plan, and each plain column of a type below as an
 * ordinary column, through {@link VariantParquetWriter}, so the file is what that writer makes of
 * the same rows.
 *
 * <pre>{@code
 * try (VariantBatchWriter writer = VariantBatchWriter.builder(Path.of("events.parquet"))
 *         .plan("event", plan)     // else the column's own plan, or one inferred from first rows
 *         .build(root.getSchema())) {
 *   while (source.loadNextBatch()) {
 *     writer.write(root);
 *   }
 * }
 * }</pre>
 *
 * <p><b>Columns</b>, by the schema given to {@link Builder#build}, in its order:
 *
 * <ul>
 *   <li>a VARIANT column ({@code arrow.parquet.variant}) is shredded by the plan given to {@link
 *       Builder#plan}, else by its storage's plan if that is shredded, else by a plan inferred from
 *       the first {@link WriterBuilder#inferFromFirst} rows (1,000 by default). Its group is {@code
 *       optional} if the field is nullable and {@code required} if not; columns whose plan is
 *       inferred share one choice, {@code optional} if any of them is nullable. Each row is written
 *       as the Variant it holds ({@link VariantVector#getObject}: a shredded row rebuilt), so a
 *       batch's storage may be shredded by another plan than the file's, or not at all.
 *   <li>{@code Int(64)} and {@code Int(32)} (signed), {@code FloatingPoint(DOUBLE)}, {@code Bool},
 *       {@code Utf8} and {@code Binary} become {@code optional} int64, int32, double, boolean,
 *       string and binary columns. Any other type is refused by {@code build}, naming the field.
 * </ul>
 *
 * <p><b>Atomicity:</b> as {@link VariantParquetWriter}: a writer built on a {@link Path} renames
 * its file onto the target only when {@link #close()} succeeds. A batch refused before any of its
 * rows is written (another schema; a SQL NULL in a {@code required} VARIANT column) leaves the
 * writer usable; a batch that fails part-way fails the writer, and {@code close()} then discards
 * the file. <b>Thread safety:</b> none; sharing a writer between threads fails with {@link
 * java.util.ConcurrentModificationException}.
 */
public final class VariantBatchWriter implements Closeable {
  private boolean closed; // guarded by use
  private final VariantParquetWriter writer;
  private final Schema schema;
  private final BatchRows rows;
  private final ExclusiveUse use =
      new ExclusiveUse("VariantBatchWriter", "use one writer per thread");

  private VariantBatchWriter(VariantParquetWriter writer, Schema schema, BatchRows rows) {
    this.writer = writer;
    this.schema = schema;
    this.rows = rows;
  }

  /** A writer to a local file, written under a temporary name and renamed on close. */
  public static Builder builder(Path path) {
    Objects.requireNonNull(path, "path");
    return new Builder(VariantParquetWriter.builder(path), path.toString());
  }

  /** A writer to any Parquet {@link OutputFile} (e.g. Hadoop's); written in place, not atomic. */
  public static Builder builder(OutputFile file) {
    Objects.requireNonNull(file, "file");
    return new Builder(VariantParquetWriter.builder(file), file.getPath());
  }

  /**
   * Writes every row of {@code batch}, whose schema must equal the one the writer was built for (a
   * VARIANT column's storage may differ: its rows are written as Variants).
   *
   * @throws IllegalArgumentException if the batch has another schema, a vector whose value count is
   *     not the batch's row count, or a SQL NULL in a VARIANT column whose group is {@code
   *     required}; nothing of the batch is written then
   * @throws IllegalStateException if the writer is closed or an earlier batch failed part-way
   * @throws IOException if the file cannot be written
   * @throws io.variant.core.VariantFormatException if a row's bytes are malformed (the writer then
   *     fails)
   */
  public void write(VectorSchemaRoot batch) throws IOException {
    use.enter();
    try {
      if (closed) {
        // refused before the rows are touched, so that the file closed already stays as it is
        throw new IllegalStateException(
            "Cannot write to " + rows.file() + ": the writer is closed");
      }
      rows.check(Objects.requireNonNull(batch, "batch"), writer.rowCount());
      rows.write(batch);
    } finally {
      use.exit();
    }
  }

  /** The rows written so far. */
  public long rowCount() {
    return writer.rowCount();
  }

  /** The schema the batches must have. */
  public Schema schema() {
    return schema;
  }

  /**
   * Abandons the file: for a {@link Path} writer nothing appears at the target. Idempotent.
   *
   * @throws IOException if the file cannot be discarded
   */
  public void abort() throws IOException {
    writer.abort();
  }

  /**
   * Finishes the file and, for a {@link Path} writer, renames it onto the target.
   *
   * @throws IOException if writing fails, or an earlier batch failed part-way (nothing is written
   *     at the target then)
   */
  @Override
  public void close() throws IOException {
    use.enter();
    try {
      if (closed) {
        return;
      }
      closed = true;
      if (rows.failed()) {
        writer.abort();
        throw new IOException(
            "Cannot finish "
                + rows.file()
                + ": a batch failed part-way, so the file was discarded");
      }
      writer.close();
    } finally {
      use.exit();
    }
  }

  /**
   * Configures a {@link VariantBatchWriter}: plans by column, and the file options shared with the
   * project's other writers ({@link WriterBuilder}: codec, sizes, layout, widening, overwrite,
   * ...). {@link WriterBuilder#nullableVariants} has no effect: the schema's fields say it.
   */
  public static final class Builder extends WriterBuilder<Builder> {
    private final VariantParquetWriter.Builder target;
    private final String file;
    private final Map<String, ShreddingPlan> plans = new HashMap<>();

    private Builder(VariantParquetWriter.Builder target, String file) {
      this.target = target;
      this.file = file;
    }

    @Override
    protected Builder self() {
      return this;
    }

    /**
     * Shreds VARIANT column {@code column} by {@code plan} ({@link ShreddingPlan#residual()}:
     * unshredded), whatever the storage of the batches.
     */
    public Builder plan(String column, ShreddingPlan plan) {
      plans.put(Objects.requireNonNull(column, "column"), Objects.requireNonNull(plan, "plan"));
      return this;
    }

    /**
     * Opens the writer for batches of {@code schema} (or, when a plan is to be inferred, prepares
     * to buffer the first rows).
     *
     * @throws IllegalArgumentException if a field has a type the writer does not take, two share a
     *     name, or a plan was given for a column that is not a VARIANT column of the schema
     * @throws FileAlreadyExistsException if the target exists and {@link #overwrite()} was not
     *     called
     * @throws IOException if the file cannot be created
     */
    public VariantBatchWriter build(Schema schema) throws IOException {
      List<Field> fields = Objects.requireNonNull(schema, "schema").getFields();
      int n = fields.size();
      BatchRows.Kind[] kinds = new BatchRows.Kind[n];
      ShreddingPlan[] given = new ShreddingPlan[n];
      Set<String> names = new HashSet<>();
      Set<Boolean> nullability = new HashSet<>();
      boolean inferredNullable = false;
      for (int i = 0; i < n; i++) {
        Field f = fields.get(i);
        kinds[i] = BatchRows.kindOf(f);
        if (!names.add(f.getName())) {
          throw new IllegalArgumentException(
              "Cannot write two fields named \"" + f.getName() + "\"");
        }
        if (kinds[i] == BatchRows.Kind.VARIANT) {
          ShreddingPlan own = StorageFields.plan(f);
          given[i] = plans.getOrDefault(f.getName(), own.isShredded() ? own : null);
          nullability.add(f.isNullable());
          inferredNullable |= given[i] == null && f.isNullable();
        }
      }
      for (String column : plans.keySet()) {
        boolean variant =
            names.contains(column)
                && BatchRows.kindOf(schema.findField(column)) == BatchRows.Kind.VARIANT;
        if (!variant) {
          throw new IllegalArgumentException(
              "Cannot shred \"" + column + "\": the schema has no VARIANT field of that name");
        }
      }
      // columns declared by name share one nullability: each given whole says its own when the
      // fields differ, and those left to inference are optional if any of them is nullable
      boolean uniform = nullability.size() <= 1;
      WriteOptions o =
          options()
              .withNullableVariants(
                  uniform ? nullability.isEmpty() || nullability.contains(true) : inferredNullable);
      target.options(o);
      boolean[] required = new boolean[n];
      for (int i = 0; i < n; i++) {
        Field f = fields.get(i);
        String name = f.getName();
        switch (kinds[i]) {
          case VARIANT -> {
            if (given[i] != null && !uniform) {
              target.variantColumn(
                  VariantColumn.of(name, given[i])
                      .withLayout(o.layout())
                      .withWidening(o.widening())
                      .withMetadataPolicy(o.metadataPolicy())
                      .withNullable(f.isNullable()));
              required[i] = !f.isNullable();
            } else {
              if (given[i] != null) {
                target.variantColumn(name, given[i]);
              } else {
                target.variantColumn(name);
              }
              required[i] = !o.nullableVariants();
            }
          }
          case LONG -> target.longColumn(name);
          case INT -> target.intColumn(name);
          case DOUBLE -> target.doubleColumn(name);
          case BOOLEAN -> target.booleanColumn(name);
          case STRING -> target.stringColumn(name);
          case BINARY -> target.binaryColumn(name);
        }
      }
      VariantParquetWriter writer = target.build();
      return new VariantBatchWriter(
          writer, schema, new BatchRows(file, fields, kinds, required, writer));
    }
  }
}
