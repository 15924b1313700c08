// SPDX-License-Identifier: Apache-2.0
package io.variant.avro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.json.VariantJson;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.schema.VariantSchema;
import io.variant.parquet.write.ParquetWriters;
import io.variant.parquet.write.WriteOptions;
import io.variant.shredding.ShreddingPlan;
import io.variant.testkit.Gen;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.avro.AvroWriteSupport;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link VariantAvroWriter} and {@link VariantAvroReader}, and interop both ways with parquet-avro
 * 1.18.1's own Variant support: its reader reads our files, and files its writer shreds read back
 * here.
 */
class VariantAvroTest {
  /**
   * Records as a Kafka sink would see them: a few plain fields, nested ones, and a JSON payload.
   */
  private static final Schema EVENTS =
      SchemaBuilder.record("Event")
          .namespace("io.variant.test")
          .fields()
          .requiredLong("id")
          .optionalString("source")
          .name("tags")
          .type()
          .array()
          .items()
          .stringType()
          .noDefault()
          .name("payload")
          .type()
          .unionOf()
          .nullType()
          .and()
          .stringType()
          .endUnion()
          .nullDefault()
          .name("meta")
          .type()
          .record("Meta")
          .fields()
          .requiredInt("partition")
          .endRecord()
          .noDefault()
          .endRecord();

  @TempDir Path dir;

  @Test
  void takesTheFileOptionsTheParquetWriterTakes() throws Exception {
    Path file = dir.resolve("options.parquet");
    WriteOptions options =
        WriteOptions.defaults()
            .withCodec(CompressionCodecName.SNAPPY)
            .withRowGroupRowLimit(40)
            .withExtraMetadata("origin", "test");
    try (VariantAvroWriter w =
        VariantAvroWriter.builder(new LocalOutputFile(file), EVENTS)
            .options(options)
            .jsonField("payload")
            .inferFromFirst(50)
            .build()) {
      for (GenericRecord r : events(new Random(7), 100)) {
        w.write(r);
      }
    }
    try (org.apache.parquet.hadoop.ParquetFileReader f =
        org.apache.parquet.hadoop.ParquetFileReader.open(new LocalInputFile(file))) {
      assertEquals(3, f.getRowGroups().size());
      assertEquals(
          CompressionCodecName.SNAPPY, f.getRowGroups().get(0).getColumns().get(0).getCodec());
      assertEquals("test", f.getFooter().getFileMetaData().getKeyValueMetaData().get("origin"));
    }
  }

  @Test
  void jsonFieldIsShreddedAndReadsBack() throws Exception {
    List<GenericRecord> written = events(new Random(41), 300);
    Path file = dir.resolve("events.parquet");
    try (VariantAvroWriter w =
        VariantAvroWriter.builder(new LocalOutputFile(file), EVENTS)
            .jsonField("payload")
            .inferFromFirst(100)
            .build()) {
      for (GenericRecord r : written) {
        w.write(r);
      }
      assertTrue(w.plan().isShredded(), w.plan().print());
    }

    try (VariantParquetReader r =
        VariantParquetReader.open(file)) { // a real, shredded VARIANT column
      ShreddingPlan plan = r.plans().get("payload");
      assertTrue(plan.print().contains("\"user\""), plan.print());
      // every other field as parquet-avro converts it, in place
      MessageType avroOnly = new org.apache.parquet.avro.AvroSchemaConverter().convert(EVENTS);
      for (Type t : avroOnly.getFields()) {
        if (!t.getName().equals("payload")) {
          assertEquals(t, r.schema().getType(t.getName()));
          assertEquals(avroOnly.getFieldIndex(t.getName()), r.schema().getFieldIndex(t.getName()));
        }
      }
    }
    try (org.apache.parquet.hadoop.ParquetFileReader f =
        org.apache.parquet.hadoop.ParquetFileReader.open(new LocalInputFile(file))) {
      String counts =
          f.getFooter()
              .getFileMetaData()
              .getKeyValueMetaData()
              .get("variant.object_counts.payload");
      assertTrue(counts != null && counts.contains("\"$.user\":["), counts); // as ours write it
    }
    List<GenericRecord> read = new ArrayList<>();
    try (VariantAvroReader r = VariantAvroReader.open(new LocalInputFile(file), "payload")) {
      for (GenericRecord g; (g = r.read()) != null; ) {
        read.add(g);
      }
    }
    assertEquals(written.size(), read.size());
    for (int i = 0; i < written.size(); i++) {
      GenericRecord w = written.get(i);
      GenericRecord g = read.get(i);
      assertEquals(w.get("id"), g.get("id"));
      assertEquals(String.valueOf(w.get("source")), String.valueOf(g.get("source")));
      assertEquals(w.get("tags").toString(), g.get("tags").toString());
      assertEquals(
          ((GenericRecord) w.get("meta")).get("partition"),
          ((GenericRecord) g.get("meta")).get("partition"));
      assertEquals(
          canonical((String) w.get("payload")),
          g.get("payload") == null ? null : g.get("payload").toString(),
          "row " + i);
    }
  }

  @Test
  void parquetAvroReadsOurFiles() throws Exception {
    List<GenericRecord> written = events(new Random(42), 120);
    Path file = dir.resolve("ours.parquet");
    try (VariantAvroWriter w =
        VariantAvroWriter.builder(new LocalOutputFile(file), EVENTS)
            .jsonField("payload")
            .plan(
                ShreddingPlan.parse(
                    "{\"n\": int64, \"user\": {\"name\": string}, \"tags\": [string]}"))
            .build()) {
      for (GenericRecord r : written) {
        w.write(r);
      }
    }
    int i = 0;
    try (ParquetReader<GenericRecord> r =
        AvroParquetReader.<GenericRecord>builder(new LocalInputFile(file))
            .withConf(new Configuration())
            .build()) {
      for (GenericRecord g; (g = r.read()) != null; i++) {
        GenericRecord w = written.get(i);
        assertEquals(w.get("id"), g.get("id"));
        String json = (String) w.get("payload");
        Variant v = VariantAvroReader.variant((GenericRecord) g.get("payload"));
        if (json == null) {
          assertNull(v);
        } else {
          assertTrue(
              VariantJson.parse(json).equals(v),
              "row " + i + ": " + json + " read by parquet-avro as " + v);
        }
      }
    }
    assertEquals(written.size(), i);
  }

  @Test
  void parquetAvroShreddedFilesReadBackAndVariantRecordsWriteThrough() throws Exception {
    // parquet-avro's writer, given a shredded VARIANT schema (as its own tests do), shreds Variant
    // records.
    ShreddingPlan plan = ShreddingPlan.parse("{\"n\": int64, \"user\": {\"name\": string}}");
    Schema avro = VariantAvroWriteSupport.readSchema(EVENTS, "payload");
    Schema variantRecord = VariantField.nonNull(avro.getField("payload").schema());
    List<GenericRecord> written = new ArrayList<>();
    for (GenericRecord e : events(new Random(43), 80)) {
      GenericRecord r = new GenericData.Record(avro);
      for (Schema.Field f : EVENTS.getFields()) {
        r.put(f.pos(), e.get(f.pos()));
      }
      String json = (String) e.get("payload");
      r.put("payload", json == null ? null : variantRecord(variantRecord, VariantJson.parse(json)));
      written.add(r);
    }
    Path theirs = dir.resolve("theirs.parquet");
    MessageType schema = withShreddedPayload(avro, plan);
    // parquet-avro's writer with the shredded schema injected, as parquet-java's own tests do
    try (ParquetWriter<GenericRecord> w =
        ParquetWriters.open(
            new LocalOutputFile(theirs),
            new AvroWriteSupport<>(schema, avro, GenericData.get()),
            WriteOptions.defaults().withConf(new Configuration()))) {
      for (GenericRecord r : written) {
        w.write(r);
      }
    }
    List<GenericRecord> read = readAll(theirs);
    assertEquals(written.size(), read.size());
    for (int i = 0; i < read.size(); i++) {
      assertSameRecord(written.get(i), read.get(i), i);
    }

    // Our writer takes the same Variant records (variantField) and parquet-avro's records read back
    // equal.
    Path ours = dir.resolve("ours.parquet");
    try (VariantAvroWriter w =
        VariantAvroWriter.builder(new LocalOutputFile(ours), avro)
            .variantField("payload")
            .inferFromFirst(50)
            .build()) {
      for (GenericRecord r : read) {
        w.write(r);
      }
    }
    List<GenericRecord> again = readAll(ours);
    for (int i = 0; i < again.size(); i++) {
      assertSameRecord(written.get(i), again.get(i), i);
    }
  }

  @Test
  void aBadJsonValueIsRejectedAndTheWriterGoesOn() throws Exception {
    Path file = dir.resolve("bad.parquet");
    List<GenericRecord> good = events(new Random(44), 5);
    GenericRecord bad = GenericData.get().deepCopy(EVENTS, good.get(0));
    bad.put("payload", "{\"n\": ");
    try (VariantAvroWriter w =
        VariantAvroWriter.builder(new LocalOutputFile(file), EVENTS)
            .jsonField("payload")
            .plan(ShreddingPlan.parse("{\"n\": int64}"))
            .inferFromFirst(0)
            .build()) {
      w.write(good.get(0));
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> w.write(bad));
      assertTrue(e.getMessage().contains("\"payload\""), e.getMessage());
      for (GenericRecord r : good.subList(1, 5)) {
        w.write(r);
      }
    }
    assertEquals(5, readAll(file).size());
    assertThrows(
        IllegalArgumentException.class,
        () ->
            VariantAvroWriter.builder(new LocalOutputFile(dir.resolve("x.parquet")), EVENTS)
                .jsonField("id")
                .build());
  }

  private static void assertSameRecord(GenericRecord w, GenericRecord g, int i) {
    assertEquals(w.get("id"), g.get("id"), "row " + i);
    assertEquals(String.valueOf(w.get("source")), String.valueOf(g.get("source")), "row " + i);
    Variant expected = VariantAvroReader.variant((GenericRecord) w.get("payload"));
    Variant got = VariantAvroReader.variant((GenericRecord) g.get("payload"));
    assertTrue(
        expected == null ? got == null : expected.equals(got),
        "row " + i + ": " + expected + " vs " + got);
  }

  static List<GenericRecord> readAll(Path file) throws Exception {
    List<GenericRecord> out = new ArrayList<>();
    try (VariantAvroReader r = VariantAvroReader.open(new LocalInputFile(file))) {
      for (GenericRecord g; (g = r.read()) != null; ) {
        out.add(g);
      }
    }
    return out;
  }

  private static GenericRecord variantRecord(Schema s, Variant v) {
    GenericRecord r = new GenericData.Record(s);
    r.put(VariantField.METADATA, ByteBuffer.wrap(v.metadataBytes()));
    r.put(VariantField.VALUE, ByteBuffer.wrap(v.valueBytes()));
    return r;
  }

  /**
   * The Parquet schema of parquet-avro's conversion, with the payload group replaced by a shredded
   * one.
   */
  private static MessageType withShreddedPayload(Schema avro, ShreddingPlan plan) {
    MessageType plain = new org.apache.parquet.avro.AvroSchemaConverter().convert(avro);
    Types.MessageTypeBuilder b = Types.buildMessage();
    for (Type t : plain.getFields()) {
      b.addField(
          t.getName().equals("payload")
              ? VariantSchema.toParquet(
                  "payload", plan, ShreddingLayout.SPEC, Type.Repetition.OPTIONAL)
              : t);
    }
    return b.named(plain.getName());
  }

  private static List<GenericRecord> events(Random rnd, int n) {
    List<GenericRecord> out = new ArrayList<>();
    Schema meta = EVENTS.getField("meta").schema();
    for (int i = 0; i < n; i++) {
      GenericRecord r = new GenericData.Record(EVENTS);
      r.put("id", (long) i);
      r.put("source", rnd.nextInt(5) == 0 ? null : "s" + rnd.nextInt(3));
      r.put("tags", List.of("a" + rnd.nextInt(3)));
      r.put("payload", rnd.nextInt(10) == 0 ? null : payload(rnd, i));
      GenericRecord m = new GenericData.Record(meta);
      m.put("partition", rnd.nextInt(4));
      r.put("meta", m);
      out.add(r);
    }
    return out;
  }

  private static String payload(Random rnd, int i) {
    VariantBuilder b = new VariantBuilder().startObject();
    b.key("n");
    if (rnd.nextInt(20) == 0) {
      b.appendString("n/a");
    } else {
      b.appendLong(i * 7L);
    }
    b.key("user").startObject().key("name").appendString(Gen.string(rnd, 0, 12)).endObject();
    if (rnd.nextInt(3) > 0) {
      b.key("tags").startArray().appendString("x").appendString(Gen.string(rnd, 0, 4)).endArray();
    }
    return VariantJson.toJson(b.endObject().build());
  }

  private static String canonical(String json) {
    return json == null ? null : VariantJson.toJson(VariantJson.parse(json));
  }
}
