// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantMetadata;
import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.schema.VariantSchema;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rows built on the writer's shared dictionary ({@link VariantParquetWriter#metadata}) are written
 * as they are; other rows are re-encoded onto it; either way every row's metadata bytes are right.
 */
class SharedDictionaryTest {
  private static final ShreddingPlan PLAN = ShreddingPlan.parse("{\"n\": int64}");

  @TempDir Path dir;

  private VariantParquetWriter.Builder builder(Path out) {
    return VariantParquetWriter.builder(out)
        .longColumn("id")
        .variantColumn("event", PLAN)
        .metadataPolicy(MetadataPolicy.SHARED_DICTIONARY);
  }

  private static VariantRecord record(long id, Variant event) {
    return VariantRecord.builder().set("id", id).set("event", event).build();
  }

  private static byte[] metadataColumn(Group row) {
    return row.getGroup("event", 0).getBinary("metadata", 0).getBytes();
  }

  @Test
  void dictionaryIsNullWhileSamplingThenFixed() throws IOException {
    try (VariantParquetWriter w =
        builder(dir.resolve("sampled.parquet")).inferFromFirst(2).build()) {
      w.write(record(1, VariantJson.parse("{\"n\": 1, \"s\": \"a\"}")));
      assertNull(w.metadata("event"));
      w.write(
          record(
              2,
              VariantJson.parse(
                  "{\"n\": 2, \"t\": true}"))); // the sample is complete: the file opens
      VariantMetadata dictionary = w.metadata("event");
      assertNotNull(dictionary);
      assertSame(dictionary, w.metadata("event"));
      // sorted, 3 keys, offsets 0 1 2 3, "nst": the plan's key n and the sampled s and t
      assertArrayEquals(
          new byte[] {0x11, 0x03, 0x00, 0x01, 0x02, 0x03, 'n', 's', 't'}, dictionary.toBytes());
    }
  }

  @Test
  void dictionaryIsThereAtOnceWithoutSampling() throws IOException {
    try (VariantParquetWriter w =
        builder(dir.resolve("unsampled.parquet")).inferFromFirst(0).build()) {
      assertArrayEquals(
          new byte[] {0x11, 0x01, 0x00, 0x01, 'n'},
          w.metadata("event").toBytes()); // the plan's key
    }
  }

  @Test
  void rowsBuiltOnTheDictionaryAreNotReencoded() throws IOException {
    Path out = dir.resolve("built-on.parquet");
    List<String> json =
        List.of("{\"s\": \"a\"}", "{\"s\": \"b\"}", "{\"n\": 3}", "{\"s\": \"d\", \"n\": 4}");
    try (VariantParquetWriter w = builder(out).inferFromFirst(1).build()) {
      w.write(
          record(
              0,
              VariantJson.parse(json.get(0)))); // sampled, on its own dictionary ["s"]: re-encoded
      VariantBuilder b = VariantBuilder.withMetadata(w.metadata("event"));
      for (int i = 1; i < json.size(); i++) {
        VariantJson.parse(
            new com.fasterxml.jackson.core.JsonFactory().createParser(json.get(i)),
            b,
            io.variant.core.json.JsonOptions.defaults());
        w.write(record(i, b.build()));
        b.reset();
      }
      assertEquals(1, w.rebasedRows());
    }
    byte[] shared = {0x11, 0x02, 0x00, 0x01, 0x02, 'n', 's'}; // sorted, 2 keys, offsets 0 1 2, "ns"
    for (Group g : RawParquet.rows(out)) {
      assertArrayEquals(shared, metadataColumn(g));
    }
    assertReadsBack(out, json);
  }

  @Test
  void rowsOnTheDictionaryThatAddKeysAreReencodedWithTheirKeys() throws IOException {
    Path out = dir.resolve("added-key.parquet");
    try (VariantParquetWriter w = builder(out).inferFromFirst(0).build()) {
      VariantBuilder b = VariantBuilder.withMetadata(w.metadata("event"));
      Variant withNewKey =
          b.startObject().key("n").appendLong(1).key("z").appendLong(2).endObject().build();
      w.write(record(0, withNewKey));
      assertEquals(1, w.rebasedRows());
    }
    // sorted, 2 keys, offsets 0 1 2, "nz": the shared dictionary plus the row's own key
    assertArrayEquals(
        new byte[] {0x11, 0x02, 0x00, 0x01, 0x02, 'n', 'z'},
        metadataColumn(RawParquet.rows(out).get(0)));
    assertReadsBack(out, List.of("{\"n\": 1, \"z\": 2}"));
  }

  @Test
  void alternatingMetadataObjectsEachGetTheirOwnBytes() {
    // A and B alternate: the writer remembers only the last metadata object it saw, so each switch
    // must
    // decide (and hand out the bytes) again.
    VariantColumn column =
        VariantColumn.of("event", PLAN).withMetadataPolicy(MetadataPolicy.SHARED_DICTIONARY);
    VariantColumnWriter writer =
        VariantColumnWriter.bind(
            column,
            VariantSchema.toParquet("event", PLAN, ShreddingLayout.SPEC, Type.Repetition.OPTIONAL));
    Variant a =
        VariantJson.parse("{\"n\": 1}"); // ["n"]: the shared dictionary's bytes, another object
    Variant b = VariantJson.parse("{\"n\": 2, \"m\": 3}"); // ["m", "n"]: re-encoded
    RecordingConsumer consumer = new RecordingConsumer();
    for (Variant v : List.of(a, b, a, b)) {
      writer.write(consumer, 0, v);
    }
    assertEquals(2, writer.rebasedRows());
    String trace = consumer.trace();
    assertEquals(
        2, count(trace, "metadata#0= 0x110100016E ;"), trace); // sorted, 1 key, offsets 0 1, "n"
    assertEquals(
        2,
        count(trace, "metadata#0= 0x11020001026D6E ;"),
        trace); // sorted, 2 keys, offsets 0 1 2, "mn"
  }

  @Test
  void noDictionaryForTheDraftLayoutOrRowsKeepingTheirOwn() throws IOException {
    try (VariantParquetWriter w =
        builder(dir.resolve("draft.parquet"))
            .layout(ShreddingLayout.DRAFT)
            .inferFromFirst(0)
            .build()) {
      assertNull(w.metadata("event"));
    }
    try (VariantParquetWriter w =
        builder(dir.resolve("as-written.parquet"))
            .metadataPolicy(MetadataPolicy.AS_WRITTEN)
            .inferFromFirst(0)
            .build()) {
      assertNull(w.metadata("event"));
    }
  }

  @Test
  void rejectsColumnsThatAreNotVariantColumns() throws IOException {
    try (VariantParquetWriter w = builder(dir.resolve("names.parquet")).inferFromFirst(1).build()) {
      for (int open = 0; open < 2; open++) { // while sampling, then with the file open
        var plain = assertThrows(IllegalArgumentException.class, () -> w.metadata("id"));
        assertTrue(plain.getMessage().contains("\"id\": not a VARIANT column"), plain.getMessage());
        var unknown = assertThrows(IllegalArgumentException.class, () -> w.metadata("nope"));
        assertTrue(
            unknown.getMessage().contains("\"nope\": not a VARIANT column"), unknown.getMessage());
        w.write(record(0, VariantJson.parse("{\"n\": 1}")));
      }
    }
  }

  private static int count(String haystack, String needle) {
    int n = 0;
    for (int i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + 1)) {
      n++;
    }
    return n;
  }

  private static void assertReadsBack(Path file, List<String> json) throws IOException {
    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      for (String expected : json) {
        assertEquals(VariantJson.parse(expected), r.read().variant("event"), expected);
      }
      assertNull(r.read());
    }
  }
}
