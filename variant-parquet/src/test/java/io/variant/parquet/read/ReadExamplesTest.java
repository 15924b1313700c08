// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.schema.VariantSchema;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddedType;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Javadoc examples of this package and of {@code VariantSchema}, kept compiling and correct.
 */
class ReadExamplesTest {
  @TempDir Path tmp;

  private Path file;
  private final List<String> names = new ArrayList<>();

  @BeforeEach
  void writeEvents() throws IOException {
    file = tmp.resolve("events.parquet");
    ShreddingPlan plan =
        ShreddingPlan.object(
            Map.of(
                "user",
                ShreddingPlan.object(Map.of("name", ShreddingPlan.scalar(ShreddedType.STRING)))));
    Variant variant =
        new VariantBuilder()
            .startObject()
            .key("user")
            .startObject()
            .key("name")
            .appendString("ann")
            .endObject()
            .endObject()
            .build();
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file).longColumn("id").variantColumn("event", plan).build()) {
      w.write(VariantRecord.builder().set("id", 1L).set("event", variant).build());
    }
  }

  @Test
  void readerExample() throws IOException {
    // VariantParquetReader
    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      for (VariantRecord row : r) {
        Variant event = row.variant("event");
        names.add(event.field("user").field("name").stringValue());
      }
    }
    assertEquals(List.of("ann"), names);
  }

  @Test
  void projectionExample() throws IOException {
    // VariantParquetReader#project
    try (VariantParquetReader r = VariantParquetReader.open(file);
        VariantPathReader userNames = r.project("event", VariantPath.parse("$.user.name"))) {
      for (PathValue name : userNames) {
        names.add(name.value().stringValue());
      }
    }
    assertEquals(List.of("ann"), names);
  }

  @Test
  void readSupportExample() throws IOException {
    InputFile inputFile = new LocalInputFile(file);
    // VariantReadSupport
    try (ParquetReader<VariantRecord> r =
        new ParquetReader.Builder<VariantRecord>(inputFile, new PlainParquetConfiguration()) {
          @Override
          protected ReadSupport<VariantRecord> getReadSupport() {
            return new VariantReadSupport();
          }
        }.build()) {
      VariantRecord row = r.read();
      assertEquals(1L, row.get("id"));
    }
  }

  @Test
  void schemaExample() {
    ShreddingPlan plan = ShreddingPlan.scalar(ShreddedType.INT64);
    // VariantSchema
    GroupType g =
        VariantSchema.toParquet("event", plan, ShreddingLayout.SPEC, Type.Repetition.OPTIONAL);
    ShreddingPlan back = VariantSchema.fromParquet(g); // equals plan
    assertEquals(plan, back);
  }
}
