// SPDX-License-Identifier: Apache-2.0
package io.variant.avro;

import io.variant.core.Variant;
import io.variant.parquet.ObjectCountsFooter;
import io.variant.parquet.schema.VariantSchema;
import io.variant.parquet.write.VariantColumn;
import io.variant.parquet.write.VariantColumnWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.avro.AvroSchemaConverter;
import org.apache.parquet.avro.AvroWriteSupport;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

/**
 * A Parquet {@link WriteSupport} for Avro {@link GenericRecord}s with one Variant field:
 * parquet-avro's own {@link AvroWriteSupport} writes every other field exactly as {@code
 * AvroParquetWriter} would, and the Variant field is written as a VARIANT column shredded by our
 * plan ({@link VariantColumnWriter}). parquet-avro never sees the field: it is given the schema
 * with the field's type set to {@code null}, which Avro-to-Parquet conversion skips, and writes
 * through an {@link InsertingConsumer} that puts the column in its place.
 *
 * <p>The footer's {@code parquet.avro.schema} is the record schema with the field as a nullable
 * Variant record ({@code metadata}, {@code value} bytes), so parquet-avro's readers read the column
 * as parquet-avro 1.18 models Variants. <b>Failure:</b> a value that cannot be converted fails
 * {@link #write}; through Parquet's writer that abandons the file, so check values first ({@link
 * #prepare}). <b>Thread safety:</b> none.
 */
public final class VariantAvroWriteSupport extends WriteSupport<GenericRecord> {
  /** The object model name in the footer's {@code writer.model.name}. */
  public static final String MODEL_NAME = "variant-engine-avro";

  /** The footer key parquet-avro's readers take the Avro schema from (package-private there). */
  static final String AVRO_SCHEMA_KEY = "parquet.avro.schema";

  private final Schema avro;
  private final VariantField field;
  private final VariantColumn column;
  private final Map<String, String> extraMetadata;
  private AvroWriteSupport<GenericRecord> others;
  private VariantColumnWriter variant;
  private InsertingConsumer consumer;
  private GenericRecord prepared; // the record whose Variant prepare() converted, or null
  private Variant preparedVariant;

  /**
   * @param avro the records' schema
   * @param field the Variant (or JSON string) field of {@code avro}
   * @param json whether the field holds JSON text
   * @param column how the VARIANT column is shredded; its name must be the field's
   * @throws IllegalArgumentException if the field is missing or of another type, or the column is
   *     named otherwise
   */
  public VariantAvroWriteSupport(Schema avro, String field, boolean json, VariantColumn column) {
    this(avro, field, json, column, Map.of());
  }

  /**
   * As {@link #VariantAvroWriteSupport(Schema, String, boolean, VariantColumn)}, with key/value
   * pairs for the file footer ({@code parquet.avro.schema} is always this support's own).
   */
  public VariantAvroWriteSupport(
      Schema avro,
      String field,
      boolean json,
      VariantColumn column,
      Map<String, String> extraMetadata) {
    this.extraMetadata = Map.copyOf(extraMetadata);
    this.avro = avro;
    this.field = VariantField.of(avro, field, json);
    if (!column.name().equals(field)) {
      throw new IllegalArgumentException(
          "Cannot write field \"" + field + "\" as VARIANT column \"" + column.name() + "\"");
    }
    this.column = column;
  }

  @Override
  public WriteContext init(Configuration configuration) {
    AvroWriteSupport<GenericRecord> support = others(new AvroSchemaConverter(configuration));
    return context(support.init(configuration));
  }

  @Override
  public WriteContext init(ParquetConfiguration configuration) {
    AvroWriteSupport<GenericRecord> support = others(new AvroSchemaConverter(configuration));
    return context(support.init(configuration));
  }

  private AvroWriteSupport<GenericRecord> others(AvroSchemaConverter converter) {
    Schema hidden = withFieldType(avro, field.name(), Schema.create(Schema.Type.NULL));
    others = new AvroWriteSupport<>(converter.convert(hidden), hidden, GenericData.get());
    return others;
  }

  private WriteContext context(WriteContext fromAvro) {
    MessageType reduced = fromAvro.getSchema();
    GroupType group =
        VariantSchema.toParquet(
            field.name(), column.plan(), column.layout(), Type.Repetition.OPTIONAL);
    List<Type> fields = new ArrayList<>(reduced.getFields());
    fields.add(field.parquetPos(), group);
    variant = VariantColumnWriter.bind(column, group);
    Map<String, String> extra = new HashMap<>(fromAvro.getExtraMetaData());
    extra.putAll(extraMetadata);
    extra.put(AVRO_SCHEMA_KEY, readSchema(avro, field.name()).toString());
    return new WriteContext(new MessageType(reduced.getName(), fields), extra);
  }

  /**
   * {@code avro} with field {@code name} as a nullable Variant record, as parquet-avro reads a
   * VARIANT column (a JSON string field becomes such a record too).
   */
  static Schema readSchema(Schema avro, String name) {
    Schema type = VariantField.nonNull(avro.getField(name).schema());
    Schema record = VariantField.isVariantRecord(type) ? type : variantRecord(name);
    return withFieldType(avro, name, Schema.createUnion(Schema.create(Schema.Type.NULL), record));
  }

  /** The Avro record parquet-avro gives an unshredded VARIANT group named {@code name}. */
  static Schema variantRecord(String name) {
    MessageType m =
        Types.buildMessage()
            .addField(
                Types.optionalGroup()
                    .as(LogicalTypeAnnotation.variantType((byte) 1))
                    .required(PrimitiveType.PrimitiveTypeName.BINARY)
                    .named(VariantSchema.METADATA)
                    .required(PrimitiveType.PrimitiveTypeName.BINARY)
                    .named(VariantSchema.VALUE)
                    .named(name))
            .named("m");
    return VariantField.nonNull(new AvroSchemaConverter().convert(m).getField(name).schema());
  }

  /** A copy of record {@code avro} whose field {@code name} has type {@code type}. */
  static Schema withFieldType(Schema avro, String name, Schema type) {
    List<Schema.Field> fields = new ArrayList<>();
    for (Schema.Field f : avro.getFields()) {
      Schema t = f.name().equals(name) ? type : f.schema();
      fields.add(
          new Schema.Field(
              f.name(), t, f.doc(), f.name().equals(name) ? null : f.defaultVal(), f.order()));
    }
    Schema copy =
        Schema.createRecord(
            avro.getName(), avro.getDoc(), avro.getNamespace(), avro.isError(), fields);
    avro.getObjectProps().forEach(copy::addProp);
    return copy;
  }

  /**
   * The footer's object counts of the VARIANT column ({@link ObjectCountsFooter}), as {@code
   * VariantWriteSupport} writes them; none if its plan has no object.
   */
  @Override
  public FinalizedWriteContext finalizeWrite() {
    return new FinalizedWriteContext(
        ObjectCountsFooter.entries(column.name(), variant.objectCounts()));
  }

  @Override
  public String getName() {
    return MODEL_NAME;
  }

  @Override
  public void prepareForWrite(RecordConsumer recordConsumer) {
    consumer = new InsertingConsumer(recordConsumer, field.parquetPos(), variant);
    others.prepareForWrite(consumer);
  }

  /**
   * Converts the record's Variant field ahead of {@link #write}, so that a bad value is rejected
   * before Parquet sees the record.
   *
   * @return the Variant, or {@code null} for SQL NULL
   * @throws IllegalArgumentException if the value cannot be converted
   */
  public Variant prepare(GenericRecord record) {
    Variant v = VariantFieldWriter.toVariant(field, record.get(field.pos()));
    prepared = record;
    preparedVariant = v;
    return v;
  }

  @Override
  public void write(GenericRecord record) {
    Variant v =
        record == prepared
            ? preparedVariant
            : VariantFieldWriter.toVariant(field, record.get(field.pos()));
    prepared = null;
    preparedVariant = null;
    consumer.next(v);
    others.write(record);
  }
}
