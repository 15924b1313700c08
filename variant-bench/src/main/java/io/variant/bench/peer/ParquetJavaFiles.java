// SPDX-License-Identifier: Apache-2.0
package io.variant.bench.peer;

import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.schema.VariantSchema;
import io.variant.parquet.write.ParquetWriters;
import io.variant.parquet.write.WriteOptions;
import io.variant.shredding.ShreddingPlan;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.avro.AvroReadSupport;
import org.apache.parquet.avro.AvroSchemaConverter;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;
import org.apache.parquet.variant.Variant;
import org.apache.parquet.variant.VariantValueWriter;

/**
 * parquet-java 1.18.1's own Variant file paths, as an engine uses them: its {@code
 * VariantValueWriter} (which shreds into whatever VARIANT group it is given, or writes metadata and
 * value as they are) under a minimal {@link WriteSupport}, and its Avro reader, which rebuilds
 * shredded groups with {@code VariantConverters}. Files have one optional VARIANT column {@code v},
 * as this project's benchmarks write.
 */
public final class ParquetJavaFiles {
  private ParquetJavaFiles() {}

  /** A file being written by parquet-java. */
  public interface Writer extends Closeable {
    void write(Variant v) throws IOException;
  }

  /**
   * A parquet-java writer of one VARIANT column {@code v} shaped as our schema for {@code plan},
   * with our writer's default options (ZSTD) set up as ours ({@link ParquetWriters}).
   */
  public static Writer writer(Path file, ShreddingPlan plan, long rowGroupBytes)
      throws IOException {
    return writer(file, plan, rowGroupBytes, WriteOptions.defaults().codec());
  }

  /** {@link #writer(Path, ShreddingPlan, long)} with another compression codec. */
  public static Writer writer(
      Path file, ShreddingPlan plan, long rowGroupBytes, CompressionCodecName codec)
      throws IOException {
    GroupType group =
        VariantSchema.toParquet("v", plan, ShreddingLayout.SPEC, Type.Repetition.OPTIONAL);
    MessageType schema = new MessageType("rows", group);
    ParquetWriter<Variant> w =
        ParquetWriters.open(
            new LocalOutputFile(file),
            new Support(schema),
            WriteOptions.defaults()
                .withOverwrite(true)
                .withRowGroupSize(rowGroupBytes)
                .withCodec(codec));
    return new Writer() {
      @Override
      public void write(Variant v) throws IOException {
        w.write(v);
      }

      @Override
      public void close() throws IOException {
        w.close();
      }
    };
  }

  /**
   * parquet-java's Avro reader of {@code file}'s column {@code v}, rebuilt to unshredded {metadata,
   * value} records.
   */
  public static RowReader reader(Path file) throws IOException {
    GroupType unshredded =
        Types.optionalGroup()
            .as(LogicalTypeAnnotation.variantType((byte) 1))
            .required(PrimitiveTypeName.BINARY)
            .named(VariantSchema.METADATA)
            .required(PrimitiveTypeName.BINARY)
            .named(VariantSchema.VALUE)
            .named("v");
    Configuration conf = new Configuration(false);
    Schema avro = new AvroSchemaConverter().convert(new MessageType("rows", unshredded));
    AvroReadSupport.setAvroReadSchema(conf, avro);
    ParquetReader<GenericRecord> r =
        AvroParquetReader.<GenericRecord>builder(new LocalInputFile(file)).withConf(conf).build();
    return new RowReader() {
      @Override
      public Object next() throws IOException {
        GenericRecord row = r.read();
        if (row == null) {
          return RowReader.END;
        }
        GenericRecord v = (GenericRecord) row.get("v");
        return v == null ? null : (ByteBuffer) v.get(VariantSchema.VALUE);
      }

      @Override
      public void close() throws IOException {
        r.close();
      }
    };
  }

  /**
   * One row = one Variant written by {@code VariantValueWriter.write}, parquet-java's shredding
   * writer.
   */
  private static final class Support extends WriteSupport<Variant> {
    private final MessageType schema;
    private final GroupType group;
    private RecordConsumer consumer;

    Support(MessageType schema) {
      this.schema = schema;
      this.group = schema.getType(0).asGroupType();
    }

    @Override
    public WriteContext init(Configuration configuration) {
      return new WriteContext(schema, Map.of());
    }

    @Override
    public WriteContext init(ParquetConfiguration configuration) {
      return new WriteContext(schema, Map.of());
    }

    @Override
    public void prepareForWrite(RecordConsumer recordConsumer) {
      this.consumer = recordConsumer;
    }

    @Override
    public void write(Variant v) {
      consumer.startMessage();
      consumer.startField(group.getName(), 0);
      VariantValueWriter.write(consumer, group, v);
      consumer.endField(group.getName(), 0);
      consumer.endMessage();
    }
  }
}
