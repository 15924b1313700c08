// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import io.variant.core.Variant;
import io.variant.core.VariantMetadata;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.schema.VariantSchema;
import io.variant.shredding.ObjectSlotCounts;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * A Parquet {@link WriteSupport} for {@link VariantRecord} rows: one or more VARIANT columns (each
 * with its plan and layout, see {@link VariantColumn}) and ordinary columns ({@link PlainColumn}),
 * all {@code optional}, in the given order. Engines embed it in their own {@code
 * ParquetWriter.Builder}; {@link VariantParquetWriter} is the ready-made writer.
 *
 * <pre>{@code
 * VariantWriteSupport support = new VariantWriteSupport(List.of(
 *     new PlainColumn("id", PlainType.LONG),
 *     VariantColumn.of("event", plan)));
 * }</pre>
 *
 * <p>A record must hold exactly the declared columns; a {@code null} value is SQL NULL. Variants
 * are split straight into the record consumer. <b>Failure:</b> after {@link #write} throws, the
 * consumer holds a half-written record, so every later write throws {@link IllegalStateException}:
 * abandon the file. <b>Thread safety:</b> none, as for every {@code WriteSupport}.
 */
public final class VariantWriteSupport extends WriteSupport<VariantRecord> {
  /** {@link #getName()}: the object model recorded in the footer's {@code writer.model.name}. */
  public static final String MODEL_NAME = "variant-engine";

  private final List<WriteColumn> columns;
  private final MessageType schema;
  private final Map<String, String> extraMetadata;
  private final VariantColumnWriter[] variantWriters; // by column position; null for plain columns
  private final RecordShape shape;
  private RecordConsumer consumer;
  private int[] plainLeaves; // by column position: the leaf of a plain column; set by bindLeaves
  private boolean failed;
  private boolean
      checkedByCaller; // VariantParquetWriter checks records itself, before Parquet sees them

  /** Columns in order, no extra footer metadata. */
  public VariantWriteSupport(List<WriteColumn> columns) {
    this(columns, Map.of());
  }

  /**
   * @param columns the columns in schema order; names must be unique
   * @param extraMetadata key/value pairs for the file footer
   * @throws IllegalArgumentException if there are no columns or two share a name
   */
  public VariantWriteSupport(List<WriteColumn> columns, Map<String, String> extraMetadata) {
    if (columns.isEmpty()) {
      throw new IllegalArgumentException("Cannot write rows without columns");
    }
    this.columns = List.copyOf(columns);
    this.extraMetadata = Map.copyOf(extraMetadata);
    Set<String> names = new HashSet<>();
    List<Type> fields = new ArrayList<>();
    this.variantWriters = new VariantColumnWriter[columns.size()];
    for (int i = 0; i < columns.size(); i++) {
      WriteColumn c = columns.get(i);
      if (!names.add(c.name())) {
        throw new IllegalArgumentException("Cannot declare column \"" + c.name() + "\" twice");
      }
      if (c instanceof VariantColumn v) {
        var group =
            VariantSchema.toParquet(
                v.name(),
                v.plan(),
                v.layout(),
                v.nullable() ? Type.Repetition.OPTIONAL : Type.Repetition.REQUIRED);
        fields.add(group);
        variantWriters[i] = VariantColumnWriter.bind(v, group);
      } else {
        PlainColumn p = (PlainColumn) c;
        fields.add(p.type().toParquet(p.name()));
      }
    }
    this.schema = new MessageType("variant_rows", fields);
    this.shape = RecordShape.of(this.columns);
  }

  /**
   * Checks {@code record} against the columns and makes {@link #write} skip that check. Parquet's
   * writer gives up for good on any exception thrown inside its {@code write}, so a writer that
   * wants to reject a bad record and go on must check it before handing it over.
   *
   * @throws IllegalArgumentException as {@link #write} would
   */
  void checkBeforeWrite(VariantRecord record) {
    checkedByCaller = true;
    shape.check(record);
  }

  /** The file schema: the columns in order. */
  public MessageType schema() {
    return schema;
  }

  /** The declared columns, in schema order. */
  public List<WriteColumn> columns() {
    return columns;
  }

  /**
   * The dictionary to build VARIANT column {@code column}'s rows on, so that the writer takes them
   * as they are: under {@link MetadataPolicy#ROW_KEYS} (the default) the plan's keys, to which each
   * row built with {@code VariantBuilder.withMetadata(sharedDictionary(column))} adds only its own;
   * under {@link MetadataPolicy#SHARED_DICTIONARY} the file-level dictionary every row is re-based
   * onto. A row built on it that adds no key carries this very instance and is recognised in O(1).
   * The dictionary is the column's {@link VariantColumn#sharedDictionary()} and never changes.
   *
   * @return the dictionary, or {@code null} for a column in the draft layout or under {@link
   *     MetadataPolicy#AS_WRITTEN}, whose rows keep their own metadata
   * @throws IllegalArgumentException if no VARIANT column is named {@code column}
   */
  public VariantMetadata sharedDictionary(String column) {
    for (WriteColumn c : columns) {
      if (c instanceof VariantColumn v && v.name().equals(column)) {
        boolean shared =
            v.layout().hasMetadataColumn() && v.metadataPolicy() != MetadataPolicy.AS_WRITTEN;
        return shared
            ? v.sharedDictionary()
            : null; // the very instance the column writer compares rows with
      }
    }
    throw new IllegalArgumentException(
        "Cannot give the dictionary of \"" + column + "\": not a VARIANT column");
  }

  /** Rows re-based by the metadata policy so far, summed over the VARIANT columns. */
  public long rebasedRows() {
    long n = 0;
    for (VariantColumnWriter w : variantWriters) {
      n += w == null ? 0 : w.rebasedRows();
    }
    return n;
  }

  /** What the object slots of each VARIANT column have taken from the rows written so far. */
  ColumnObjectCounts objectCounts() {
    Map<String, ObjectSlotCounts> counts = new LinkedHashMap<>();
    for (int i = 0; i < variantWriters.length; i++) {
      if (variantWriters[i] != null) {
        counts.put(columns.get(i).name(), variantWriters[i].objectCounts());
      }
    }
    return new ColumnObjectCounts(counts);
  }

  @Override
  public WriteContext init(Configuration configuration) {
    return new WriteContext(schema, extraMetadata);
  }

  @Override
  public WriteContext init(ParquetConfiguration configuration) {
    return new WriteContext(schema, extraMetadata);
  }

  /**
   * The footer's object counts of each VARIANT column whose plan has an object ({@link
   * io.variant.parquet.ObjectCountsFooter}), which only the writer can count: parquet-java asks for
   * them when the file ends.
   */
  @Override
  public FinalizedWriteContext finalizeWrite() {
    return new FinalizedWriteContext(objectCounts().footer());
  }

  @Override
  public String getName() {
    return MODEL_NAME;
  }

  @Override
  public void prepareForWrite(RecordConsumer recordConsumer) {
    this.consumer = recordConsumer;
  }

  /**
   * Writes one row.
   *
   * @throws IllegalArgumentException if the record lacks a declared column, has an undeclared one,
   *     or holds a value of the wrong Java type
   * @throws IllegalStateException if an earlier write failed
   */
  @Override
  public void write(VariantRecord record) {
    if (failed) {
      throw new IllegalStateException(
          "Cannot write: an earlier row failed mid-record; abandon this file");
    }
    if (!checkedByCaller) {
      shape.check(record); // before startMessage, so a wrong record leaves the consumer untouched
    }
    failed = true;
    consumer.startMessage();
    for (int i = 0; i < variantWriters.length; i++) {
      WriteColumn c = columns.get(i);
      if (variantWriters[i] != null) {
        variantWriters[i].write(consumer, i, (Variant) record.get(c.name()));
      } else {
        writePlain(i, (PlainColumn) c, record.get(c.name()));
      }
    }
    consumer.endMessage();
    failed = false;
  }

  /**
   * Writes {@code record} straight into the leaf writers of a file with this schema, levels
   * included, as {@link #write} does through the record consumer; the caller ends the row. For
   * {@link VariantParquetWriter}, which checks records itself ({@link #checkBeforeWrite}) and owns
   * the file ({@link RowGroupWriter}).
   */
  void writeLeaves(ColumnWriter[] leaves, VariantRecord record) {
    if (plainLeaves == null) {
      bindLeaves();
    }
    for (int i = 0; i < variantWriters.length; i++) {
      WriteColumn c = columns.get(i);
      if (variantWriters[i] != null) {
        variantWriters[i].write(leaves, (Variant) shape.value(record, i));
      } else {
        writePlain(leaves[plainLeaves[i]], (PlainColumn) c, shape.value(record, i));
      }
    }
  }

  private void bindLeaves() {
    int[] plain = new int[columns.size()];
    List<ColumnDescriptor> leaves = schema.getColumns();
    for (int i = 0; i < columns.size(); i++) {
      if (variantWriters[i] != null) {
        variantWriters[i].bindLeaves(schema);
      } else {
        plain[i] =
            leaves.indexOf(schema.getColumnDescription(new String[] {columns.get(i).name()}));
      }
    }
    plainLeaves = plain;
  }

  /** An optional top-level column: its value at definition level 1, or a null at 0. */
  private static void writePlain(ColumnWriter w, PlainColumn c, Object v) {
    if (v == null) {
      w.writeNull(0, 0);
      return;
    }
    switch (c.type()) {
      case LONG -> w.write((long) (Long) v, 0, 1);
      case INT -> w.write((int) (Integer) v, 0, 1);
      case STRING -> w.write(plainBinary(c, v), 0, 1);
      case DOUBLE -> w.write((double) (Double) v, 0, 1);
      case BOOLEAN -> w.write((boolean) (Boolean) v, 0, 1);
      case BINARY -> w.write(plainBinary(c, v), 0, 1);
    }
  }

  /** A STRING (as UTF-8) or BINARY value in an array of its own, which Parquet may keep. */
  private static Binary plainBinary(PlainColumn c, Object v) {
    return Binary.fromConstantByteArray(
        c.type() == PlainType.STRING ? ((String) v).getBytes(StandardCharsets.UTF_8) : (byte[]) v);
  }

  private void writePlain(int index, PlainColumn c, Object v) {
    if (v == null) {
      return; // optional: not writing the field makes it null
    }
    consumer.startField(c.name(), index);
    switch (c.type()) {
      case LONG -> consumer.addLong((Long) v);
      case INT -> consumer.addInteger((Integer) v);
      case STRING, BINARY -> consumer.addBinary(plainBinary(c, v));
      case DOUBLE -> consumer.addDouble((Double) v);
      case BOOLEAN -> consumer.addBoolean((Boolean) v);
    }
    consumer.endField(c.name(), index);
  }
}
