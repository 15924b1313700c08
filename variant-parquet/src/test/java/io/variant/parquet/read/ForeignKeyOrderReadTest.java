// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.KeyOrder;
import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.VariantRecord;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files whose objects list their fields out of the spec's key order, as DuckDB 2.0 writes them
 * (insertion order, dictionary in insertion order): every read path answers exactly, {@code STRICT}
 * validation names the row, and after a failed row the later rows keep their own numbers.
 */
class ForeignKeyOrderReadTest {
  private static final byte[] METADATA_BA = {
    0x01, 0x02, 0x00, 0x01, 0x02, 'b', 'a'
  }; // unsorted ["b", "a"]
  // {"b": 1, "a": 2} in insertion order: ids 0 ("b"), 1 ("a")
  private static final byte[] B1_A2 = {
    0x02, 0x02, 0x00, 0x01, 0x00, 0x02, 0x04, 0x0C, 0x01, 0x0C, 0x02
  };
  private static final byte[] ID_5 = {
    0x02, 0x01, 0x05, 0x00, 0x02, 0x0C, 0x07
  }; // field id 5: outside the dictionary

  private static final MessageType UNSHREDDED =
      MessageTypeParser.parseMessageType(
          "message m { required int64 id;"
              + " optional group v (VARIANT(1)) { required binary metadata; required binary value; } }");
  private static final MessageType SHREDDED =
      MessageTypeParser.parseMessageType(
          "message m { required int64 id;"
              + " optional group v (VARIANT(1)) { required binary metadata; optional binary value;"
              + "   optional group typed_value { required group c { optional binary value; optional int64 typed_value; } } } }");

  @TempDir Path tmp;

  /**
   * Rows 0..5 of {"b":1,"a":2} in insertion order; the rows in {@code bad} hold a field id outside
   * the dictionary.
   */
  private Path file(MessageType schema, int... bad) throws IOException {
    SimpleGroupFactory f = new SimpleGroupFactory(schema);
    List<Group> rows = new ArrayList<>();
    for (long id = 0; id < 6; id++) {
      Group row = f.newGroup().append("id", id);
      Group v = row.addGroup("v");
      v.append("metadata", Binary.fromConstantByteArray(METADATA_BA));
      boolean isBad = java.util.Arrays.stream(bad).anyMatch(b -> b == row.getLong("id", 0));
      v.append("value", Binary.fromConstantByteArray(isBad ? ID_5 : B1_A2));
      if (schema == SHREDDED) {
        v.addGroup("typed_value").addGroup("c"); // "c" missing: the whole object is the residual
      }
      rows.add(row);
    }
    Path file = tmp.resolve("foreign.parquet");
    TestFileWriter.writeRaw(file, schema, rows);
    return file;
  }

  @Test
  void everyReadPathAnswersExactly() throws IOException {
    for (MessageType schema : List.of(UNSHREDDED, SHREDDED)) {
      Path file = file(schema);
      for (VariantReadOptions.Validation validation :
          List.of(VariantReadOptions.Validation.LAZY, VariantReadOptions.Validation.FULL)) {
        try (VariantParquetReader r =
            VariantParquetReader.builder(file).validation(validation).build()) {
          for (VariantRecord row : r) {
            Variant v = row.variant("v");
            assertEquals(2, v.field("a").longValue());
            assertEquals(1, v.field("b").longValue());
            assertEquals(VariantJson.parse("{\"a\":2,\"b\":1}"), v);
            assertEquals("{\"a\":2,\"b\":1}", VariantJson.toJson(v));
          }
        }
        try (VariantParquetReader r =
                VariantParquetReader.builder(file).validation(validation).build();
            VariantPathReader a = r.project("v", VariantPath.parse("$.a"))) {
          int n = 0;
          for (PathValue value : a) {
            assertEquals(2, value.value().longValue());
            n++;
          }
          assertEquals(6, n);
        }
      }
    }
  }

  @Test
  void strictValidationNamesTheRow() throws IOException {
    Path file = file(UNSHREDDED);
    try (VariantParquetReader r =
        VariantParquetReader.builder(file)
            .validation(VariantReadOptions.Validation.STRICT)
            .build()) {
      VariantParquetException e = assertThrows(VariantParquetException.class, r::read);
      assertEquals(0, e.row());
      assertTrue(e.getMessage().contains("object keys out of order at \"a\""), e.getMessage());
    }
    // what our writer makes passes STRICT
    Path ours = tmp.resolve("ours.parquet");
    try (var w =
        io.variant.parquet.write.VariantParquetWriter.builder(ours)
            .longColumn("id")
            .variantColumn("v", io.variant.shredding.PlanText.parse("variant"))
            .build()) {
      w.write(
          VariantRecord.builder().set("id", 0L).set("v", Variant.of(METADATA_BA, B1_A2)).build());
    }
    try (VariantParquetReader r =
        VariantParquetReader.builder(ours)
            .validation(VariantReadOptions.Validation.STRICT)
            .build()) {
      Variant v = r.read().variant("v");
      v.validate(KeyOrder.SPEC);
      assertEquals(Variant.of(METADATA_BA, B1_A2), v);
    }
  }

  @Test
  void rowsAfterAFailedRowKeepTheirNumbers() throws IOException {
    Path file = file(UNSHREDDED, 1, 4);
    try (VariantParquetReader r =
        VariantParquetReader.builder(file).validation(VariantReadOptions.Validation.FULL).build()) {
      assertEquals(0L, r.read().get("id"));
      assertEquals(1, assertThrows(VariantParquetException.class, r::read).row());
      assertEquals(2L, r.read().get("id"));
      assertEquals(3L, r.read().get("id"));
      VariantParquetException e = assertThrows(VariantParquetException.class, r::read);
      assertEquals(4, e.row());
      assertTrue(e.getMessage().contains("row 4"), e.getMessage());
      assertEquals(5L, r.read().get("id"));
      assertEquals(null, r.read());
    }
  }
}
