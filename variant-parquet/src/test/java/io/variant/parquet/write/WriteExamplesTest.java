// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.json.JsonOptions;
import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.schema.VariantSchema;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Javadoc examples of this package, kept compiling and true. */
class WriteExamplesTest {
  @TempDir Path dir;

  @Test
  void variantParquetWriterExample() throws IOException {
    Path file = dir.resolve("events.parquet");
    Variant variant = VariantJson.parse("{\"type\": \"click\", \"x\": 3}");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .longColumn("id")
            .variantColumn("event") // plan inferred from the first rows
            .inferFromFirst(1000)
            .build()) {
      w.write(VariantRecord.builder().set("id", 1L).set("event", variant).build());
    }
    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      assertEquals(ShreddingPlan.parse("{\"type\": string, \"x\": int32}"), r.plans().get("event"));
      assertTrue(variant.equals(r.read().variant("event")));
    }
  }

  @Test
  void metadataExample() throws IOException {
    Path file = dir.resolve("on-dictionary.parquet");
    try (VariantParquetWriter w =
            VariantParquetWriter.builder(file)
                .longColumn("id")
                .variantColumn("event", ShreddingPlan.parse("{\"type\": string}"))
                .inferFromFirst(0)
                .build();
        JsonParser parser = new JsonFactory().createParser("{\"type\": \"click\"}")) {
      VariantBuilder b =
          VariantBuilder.withMetadata(w.metadata("event")); // once the first rows are sampled
      VariantJson.parse(
          parser, b, JsonOptions.defaults()); // parser: a JsonParser on the next document
      w.write(VariantRecord.builder().set("id", 2L).set("event", b.build()).build());
      b.reset();
      assertEquals(0, w.rebasedRows());
    }
  }

  @Test
  void variantColumnExample() {
    VariantColumn event =
        VariantColumn.of("event", ShreddingPlan.parse("{\"id\": int64}"))
            .withLayout(ShreddingLayout.SPEC)
            .withSharedKeys(List.of("type", "ts"));
    assertEquals(List.of("id", "ts", "type"), keys(event));
  }

  private static List<String> keys(VariantColumn c) {
    return java.util.stream.IntStream.range(0, c.sharedDictionary().size())
        .mapToObj(c.sharedDictionary()::key)
        .toList();
  }

  @Test
  void variantWriteSupportAndColumnWriterExamples() {
    ShreddingPlan plan = ShreddingPlan.parse("{\"id\": int64}");
    VariantWriteSupport support =
        new VariantWriteSupport(
            List.of(new PlainColumn("id", PlainType.LONG), VariantColumn.of("event", plan)));
    MessageType schema = support.schema();
    assertEquals(List.of("id", "event"), schema.getFields().stream().map(Type::getName).toList());

    GroupType group =
        VariantSchema.toParquet("event", plan, ShreddingLayout.SPEC, Type.Repetition.OPTIONAL);
    VariantColumnWriter writer = VariantColumnWriter.bind(VariantColumn.of("event", plan), group);
    RecordingConsumer recordConsumer = new RecordingConsumer();
    writer.write(recordConsumer, 1, VariantJson.parse("{\"id\": 5}"));
    assertTrue(recordConsumer.trace().startsWith("event#1= {"), recordConsumer.trace());
  }
}
