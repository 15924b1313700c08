// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.schema.VariantSchema;
import io.variant.parquet.write.MetadataPolicy;
import io.variant.parquet.write.ParquetWriters;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.parquet.write.WriteOptions;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.testkit.PlanGen;
import io.variant.shredding.testkit.ShapePlans;
import io.variant.testkit.Gen;
import io.variant.testkit.Trials;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.avro.AvroReadSupport;
import org.apache.parquet.avro.AvroSchemaConverter;
import org.apache.parquet.avro.AvroWriteSupport;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Interop with parquet-java 1.18.1's own Variant support, through parquet-avro (the path engines
 * use): its Avro reader rebuilds shredded VARIANT groups with {@code VariantConverters} into {@code
 * {metadata, value}} records, and its Avro writer shreds such records with {@code
 * VariantValueWriter} into whatever shredded schema it is given.
 *
 * <ul>
 *   <li>Files this library writes in the spec layout read in parquet-java to logically equal values
 *       (the shared-dictionary metadata policy puts every plan key in every row's metadata, which
 *       its reader needs).
 *   <li>Files parquet-java's Avro writer shreds with our schema for a plan read here to logically
 *       equal values.
 * </ul>
 */
class ParquetAvroInteropTest {
  private static final int TRIALS = Math.max(20, Trials.trials() / 20);
  private static final Gen.Config SMALL =
      Gen.Config.defaults()
          .withMaxDepth(3)
          .withMaxFields(5)
          .withMaxElements(4)
          .withAllowLarge(false)
          .withBudgetBytes(4_000);

  /**
   * The column in parquet-avro's terms: an optional VARIANT group read as an unshredded {metadata,
   * value}.
   */
  private static final GroupType UNSHREDDED =
      Types.optionalGroup()
          .as(org.apache.parquet.schema.LogicalTypeAnnotation.variantType((byte) 1))
          .required(PrimitiveTypeName.BINARY)
          .named(VariantSchema.METADATA)
          .required(PrimitiveTypeName.BINARY)
          .named(VariantSchema.VALUE)
          .named("event");

  @TempDir Path tmp;

  @Test
  void parquetJavaReadsWhatWeShred() {
    Trials.run(
        "parquetJavaReadsOurFiles",
        TRIALS,
        rnd -> {
          List<Variant> rows = rows(rnd);
          ShreddingPlan plan =
              rnd.nextInt(3) == 0
                  ? PlanGen.plan(rnd, 3)
                  : ShapePlans.planFor(rnd, firstNonNull(rows));
          Path file = Files.createTempFile(tmp, "ours", ".parquet");
          try (VariantParquetWriter w =
              VariantParquetWriter.builder(file)
                  .overwrite()
                  .longColumn("id")
                  .variantColumn("event", plan)
                  .rowGroupRowLimit(7)
                  .build()) {
            for (int i = 0; i < rows.size(); i++) {
              w.write(
                  VariantRecord.builder().set("id", (long) i).set("event", rows.get(i)).build());
            }
          }
          List<GenericRecord> read = readWithParquetJava(file);
          assertEquals(rows.size(), read.size());
          for (int i = 0; i < rows.size(); i++) {
            assertEquals((long) i, read.get(i).get("id"));
            Variant got = variant((GenericRecord) read.get(i).get("event"));
            if (rows.get(i) == null) {
              assertNull(got, "row " + i + " should be SQL NULL");
            } else {
              assertTrue(
                  rows.get(i).equals(got),
                  "row "
                      + i
                      + ": wrote "
                      + rows.get(i)
                      + ", parquet-java read "
                      + got
                      + " with plan "
                      + plan);
            }
          }
        });
  }

  @Test
  void weReadWhatParquetJavasAvroWriterShreds() {
    Trials.run(
        "weReadParquetJavaAvroFiles",
        TRIALS,
        rnd -> {
          List<Variant> rows = rows(rnd);
          ShreddingPlan plan =
              rnd.nextInt(3) == 0
                  ? PlanGen.plan(rnd, 3)
                  : ShapePlans.planFor(rnd, firstNonNull(rows));
          Path file = Files.createTempFile(tmp, "pj", ".parquet");
          writeWithParquetJava(file, plan, rows);
          try (VariantParquetReader r = VariantParquetReader.open(file)) {
            assertEquals(plan, r.plans().get("event"));
            int i = 0;
            for (VariantRecord row : r) {
              assertEquals((long) i, row.get("id"));
              Variant got = row.variant("event");
              if (rows.get(i) == null) {
                assertNull(got);
              } else {
                assertTrue(
                    rows.get(i).equals(got),
                    "row "
                        + i
                        + ": parquet-java wrote "
                        + rows.get(i)
                        + ", we read "
                        + got
                        + " with plan "
                        + plan);
              }
              i++;
            }
            assertEquals(rows.size(), i);
          }
        });
  }

  /**
   * Rows drawn around one or two templates, so that plans shaped after a row fill typed columns.
   */
  private static List<Variant> rows(Random rnd) {
    List<Variant> templates = List.of(Gen.variant(rnd, SMALL), Gen.variant(rnd, SMALL));
    List<Variant> rows = new ArrayList<>();
    rows.add(templates.get(0));
    for (int n = 5 + rnd.nextInt(20); n > 0; n--) {
      int roll = rnd.nextInt(10);
      rows.add(
          roll == 0 ? null : roll < 3 ? Gen.variant(rnd, SMALL) : templates.get(rnd.nextInt(2)));
    }
    return rows;
  }

  private static Variant firstNonNull(List<Variant> rows) {
    return rows.stream().filter(v -> v != null).findFirst().orElseThrow();
  }

  private static Variant variant(GenericRecord event) {
    if (event == null) {
      return null;
    }
    return Variant.of(
        (ByteBuffer) event.get(VariantSchema.METADATA),
        (ByteBuffer) event.get(VariantSchema.VALUE));
  }

  private static MessageType fileSchema(GroupType event) {
    return Types.buildMessage()
        .addField(Types.optional(PrimitiveTypeName.INT64).named("id"))
        .addField(event)
        .named("table");
  }

  private static List<GenericRecord> readWithParquetJava(Path file) throws IOException {
    Configuration conf = new Configuration();
    AvroReadSupport.setAvroReadSchema(
        conf, new AvroSchemaConverter().convert(fileSchema(UNSHREDDED)));
    List<GenericRecord> out = new ArrayList<>();
    try (ParquetReader<GenericRecord> r =
        AvroParquetReader.<GenericRecord>builder(new LocalInputFile(file)).withConf(conf).build()) {
      for (GenericRecord g = r.read(); g != null; g = r.read()) {
        out.add(g);
      }
    }
    return out;
  }

  /**
   * parquet-avro's writer with a shredded schema: it shreds each {metadata, value} record itself.
   */
  private static void writeWithParquetJava(Path file, ShreddingPlan plan, List<Variant> rows)
      throws IOException {
    MessageType schema =
        fileSchema(
            VariantSchema.toParquet("event", plan, ShreddingLayout.SPEC, Type.Repetition.OPTIONAL));
    Schema avro = new AvroSchemaConverter().convert(fileSchema(UNSHREDDED));
    Schema eventSchema =
        avro.getField("event").schema().getTypes().stream()
            .filter(s -> s.getType() == Schema.Type.RECORD)
            .findFirst()
            .orElseThrow();
    // parquet-avro's writer with the shredded schema injected, as parquet-java's own tests do
    try (ParquetWriter<GenericRecord> w =
        ParquetWriters.open(
            new LocalOutputFile(file),
            new AvroWriteSupport<>(schema, avro, GenericData.get()),
            WriteOptions.defaults().withOverwrite(true).withConf(new Configuration()))) {
      for (int i = 0; i < rows.size(); i++) {
        GenericRecord rec = new GenericData.Record(avro);
        rec.put("id", (long) i);
        Variant v = rows.get(i);
        if (v != null) {
          GenericRecord ev = new GenericData.Record(eventSchema);
          ev.put(VariantSchema.METADATA, ByteBuffer.wrap(v.metadataBytes()));
          ev.put(VariantSchema.VALUE, ByteBuffer.wrap(v.valueBytes()));
          rec.put("event", ev);
        }
        w.write(rec);
      }
    }
  }

  @Test
  void parquetJavaNeedsEveryPlanKeyInEachRowsMetadata() throws IOException {
    // {"a": 1} with its own dictionary ["a"]; the plan also shreds "b", which this row lacks.
    VariantBuilder b = new VariantBuilder();
    b.startObject().key("a").appendLong(1).endObject();
    Variant row = b.build();
    ShreddingPlan plan = ShreddingPlan.parse("{\"a\": int64, \"b\": string}");
    for (MetadataPolicy policy : MetadataPolicy.values()) {
      Path file = tmp.resolve(policy + ".parquet");
      try (VariantParquetWriter w =
          VariantParquetWriter.builder(file)
              .longColumn("id")
              .variantColumn("event", plan)
              .metadataPolicy(policy)
              .build()) {
        w.write(VariantRecord.builder().set("id", 0L).set("event", row).build());
      }
      if (policy != MetadataPolicy.AS_WRITTEN) { // both put the plan's keys in every row
        assertTrue(
            row.equals(variant((GenericRecord) readWithParquetJava(file).get(0).get("event"))));
      } else {
        // Known parquet-java 1.18.1 behaviour (build notes): it looks up "b" in the row's
        // dictionary.
        var e = assertThrows(RuntimeException.class, () -> readWithParquetJava(file));
        assertTrue(causes(e).contains("Key does not exist in metadata"), causes(e));
      }
    }
  }

  private static String causes(Throwable t) {
    StringBuilder sb = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause()) {
      sb.append(c).append(" <- ");
    }
    return sb.toString();
  }

  @Test
  void parquetJavaReadsAnExampleWithTypedAndResidualParts() throws IOException {
    VariantBuilder b = new VariantBuilder();
    b.startObject();
    b.key("id").appendLong(7);
    b.key("tags").startArray().appendString("a").appendLong(2).endArray();
    b.key("extra").appendBoolean(true);
    b.endObject();
    Variant row = b.build();
    Path file = tmp.resolve("example.parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .longColumn("id")
            .variantColumn(
                "event",
                ShreddingPlan.parse("{\"id\": int64, \"tags\": [string], \"missing\": date}"))
            .build()) {
      w.write(VariantRecord.builder().set("id", 0L).set("event", row).build());
    }
    Variant got = variant((GenericRecord) readWithParquetJava(file).get(0).get("event"));
    assertTrue(row.equals(got), "parquet-java read " + got);
  }
}
