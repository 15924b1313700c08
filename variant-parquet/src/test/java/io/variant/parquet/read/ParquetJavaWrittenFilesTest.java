// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.path.VariantPath;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.write.ParquetWriters;
import io.variant.parquet.write.WriteOptions;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.testkit.PlanGen;
import io.variant.testkit.Trials;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.variant.VariantValueWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files whose VARIANT column parquet-java's own shredding writer ({@code VariantValueWriter},
 * 1.18.1) fills, for arbitrary plans in the spec layout, read back by this library to logically
 * equal values.
 */
class ParquetJavaWrittenFilesTest {
  private static final int TRIALS = Math.max(20, Trials.trials() / 10);

  @TempDir Path tmp;

  @Test
  void readsWhatParquetJavaShreds() {
    Trials.run(
        "readsParquetJavaShredding",
        TRIALS,
        rnd -> {
          ShreddingPlan plan = PlanGen.plan(rnd, 3);
          List<Variant> rows = ShapedValues.rows(plan, rnd, 20);
          Path file = Files.createTempFile(tmp, "pj", ".parquet");
          MessageType schema = TestFileWriter.schema(plan, ShreddingLayout.SPEC);
          writeWithParquetJava(file, schema, rows);

          ShapedValues.assertReadsBack(file, plan, rows, "SPEC via parquet-java");
        });
  }

  @Test
  void readsParquetJavaTypedColumnsAsTyped() throws IOException {
    ShreddingPlan plan = ShreddingPlan.scalar(io.variant.shredding.ShreddedType.INT64);
    Variant int64 =
        new io.variant.core.VariantBuilder()
            .appendInteger(io.variant.core.VariantType.INT64, 42)
            .build();
    Path file = Files.createTempFile(tmp, "pj", ".parquet");
    writeWithParquetJava(file, TestFileWriter.schema(plan, ShreddingLayout.SPEC), List.of(int64));

    try (VariantParquetReader r = VariantParquetReader.open(file);
        VariantPathReader p = r.project(TestFileWriter.COLUMN, VariantPath.root())) {
      PathValue v = p.read();
      assertTrue(v.fromTypedColumns(), "parquet-java should have written typed_value, not value");
      assertEquals(io.variant.core.VariantType.INT64, v.value().type());
      assertEquals(42, v.value().longValue());
    }
  }

  private static void writeWithParquetJava(Path file, MessageType schema, List<Variant> rows)
      throws IOException {
    try (ParquetWriter<Variant> w =
        ParquetWriters.open(
            new LocalOutputFile(file),
            new Support(schema),
            WriteOptions.defaults().withOverwrite(true).withRowGroupRowLimit(4))) {
      for (Variant v : rows) {
        w.write(v);
      }
    }
  }

  /**
   * Rows of {@code id} (always 0) and the Variant, written by parquet-java's {@code
   * VariantValueWriter}.
   */
  private static final class Support extends WriteSupport<Variant> {
    private final MessageType schema;
    private RecordConsumer consumer;

    Support(MessageType schema) {
      this.schema = schema;
    }

    @Override
    @SuppressWarnings("deprecation") // abstract in WriteSupport
    public WriteContext init(org.apache.hadoop.conf.Configuration configuration) {
      return new WriteContext(schema, new HashMap<>());
    }

    @Override
    public WriteContext init(ParquetConfiguration configuration) {
      return new WriteContext(schema, new HashMap<>());
    }

    @Override
    public void prepareForWrite(RecordConsumer recordConsumer) {
      consumer = recordConsumer;
    }

    @Override
    public void write(Variant v) {
      consumer.startMessage();
      consumer.startField("id", 0);
      consumer.addLong(0);
      consumer.endField("id", 0);
      if (v != null) {
        GroupType g = schema.getType(TestFileWriter.COLUMN).asGroupType();
        consumer.startField(TestFileWriter.COLUMN, 1);
        VariantValueWriter.write(
            consumer, g, new org.apache.parquet.variant.Variant(v.valueBytes(), v.metadataBytes()));
        consumer.endField(TestFileWriter.COLUMN, 1);
      }
      consumer.endMessage();
    }
  }
}
