// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.json.VariantJson;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.shredding.RebuildOptions;
import io.variant.shredding.ShreddingException;
import io.variant.shredding.ShreddingPlan;
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
 * Object field groups declared {@code optional} in the spec layout, where the spec makes them
 * required (spec: VariantShredding §Objects; older writers and test vector 084 use optional). A row
 * whose group is present reads as with a required group; a row whose group is null has no meaning
 * in the spec (a missing field is {@code value} and {@code typed_value} both null inside the group)
 * and is refused, naming the group's column and the row, by every reader: whole rows, a projected
 * path, and parquet-java's assembly. In the draft layout, optional is the layout's own form and a
 * null group is a missing field.
 */
class OptionalFieldGroupTest {
  private static final byte[] METADATA_AB = {
    0x11, 0x02, 0x00, 0x01, 0x02, 'a', 'b'
  }; // v1 sorted, keys "a", "b"

  private static final MessageType SPEC =
      MessageTypeParser.parseMessageType(
          "message m { required int64 id;"
              + " optional group v (VARIANT(1)) { required binary metadata; optional binary value;"
              + "   optional group typed_value {"
              + "     optional group a { optional binary value; optional int64 typed_value; }"
              + "     optional group b { optional binary value; optional binary typed_value (STRING); } } } }");

  @TempDir Path tmp;

  /**
   * Rows 0..3: {"a": 7, "b": "x"}; row 1 has no group {@code a} (null); row 2 has group {@code a}
   * with both parts null (the field is missing, as the spec writes it).
   */
  private Path file() throws IOException {
    SimpleGroupFactory f = new SimpleGroupFactory(SPEC);
    List<Group> rows = new ArrayList<>();
    for (long id = 0; id < 4; id++) {
      Group row = f.newGroup().append("id", id);
      Group v = row.addGroup("v");
      v.append("metadata", Binary.fromConstantByteArray(METADATA_AB));
      Group typed = v.addGroup("typed_value");
      if (id == 2) {
        typed.addGroup("a"); // present, both parts null: missing
      } else if (id != 1) {
        typed.addGroup("a").append("typed_value", 7L);
      }
      typed.addGroup("b").append("typed_value", "x");
      rows.add(row);
    }
    Path file = tmp.resolve("optional-groups.parquet");
    TestFileWriter.writeRaw(file, SPEC, rows);
    return file;
  }

  @Test
  void aNullOptionalFieldGroupFailsItsRowNamingTheColumn() throws IOException {
    Path file = file();
    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      assertEquals("{\"a\":7,\"b\":\"x\"}", VariantJson.toJson(r.read().variant("v")));
      VariantParquetException e = assertThrows(VariantParquetException.class, r::read);
      assertEquals("v.typed_value.a", e.column());
      assertEquals(1, e.row());
      assertEquals(file.toString(), e.file());
      assertTrue(e.getMessage().contains("field group is null"), e.getMessage());
      assertTrue(e.getMessage().contains("required"), e.getMessage());
      assertEquals("{\"b\":\"x\"}", VariantJson.toJson(r.read().variant("v")), "row 2: missing");
      VariantRecord last = r.read();
      assertEquals(3L, last.get("id"));
      assertEquals("{\"a\":7,\"b\":\"x\"}", VariantJson.toJson(last.variant("v")));
    }
  }

  @Test
  void aProjectedPathThatReadsANullOptionalGroupFailsItsRow() throws IOException {
    Path file = file();
    for (String path : List.of("$.a", "$")) {
      try (VariantParquetReader r = VariantParquetReader.open(file);
          VariantPathReader values = r.project("v", VariantPath.parse(path))) {
        assertTrue(values.read().isPresent(), path);
        VariantParquetException e =
            assertThrows(VariantParquetException.class, values::read, path + ": row 1");
        assertEquals("v.typed_value.a", e.column(), path);
        assertEquals(1, e.row(), path);
        assertEquals(path.equals("$"), values.read().isPresent(), path + ": row 2");
        assertTrue(values.read().isPresent(), path + ": row 3");
        assertNull(values.read());
      }
    }
    // $.b reads only b's columns: row 1's null group a is not read, so it cannot fail there.
    try (VariantParquetReader r = VariantParquetReader.open(file);
        VariantPathReader values = r.project("v", VariantPath.parse("$.b"))) {
      for (int row = 0; row < 4; row++) {
        assertEquals("x", values.read().value().stringValue(), "row " + row);
      }
    }
  }

  @Test
  void lenientOptionsReadANullOptionalGroupAsAMissingField() throws IOException {
    RebuildOptions lenient = RebuildOptions.lenient();
    try (VariantParquetReader r = VariantParquetReader.builder(file()).rebuild(lenient).build()) {
      r.read();
      assertEquals("{\"b\":\"x\"}", VariantJson.toJson(r.read().variant("v")));
    }
    LevelReaderEquivalenceTest.sameRecords(file(), lenient);
  }

  @Test
  void parquetJavasAssemblyRefusesTheSameRow() throws IOException {
    LevelReaderEquivalenceTest.sameRecords(file(), RebuildOptions.defaults());
  }

  @Test
  void presentOptionalGroupsReadAsRequiredOnes() throws IOException {
    SimpleGroupFactory f = new SimpleGroupFactory(SPEC);
    Group row = f.newGroup().append("id", 0L);
    Group typed =
        row.addGroup("v")
            .append("metadata", Binary.fromConstantByteArray(METADATA_AB))
            .addGroup("typed_value");
    typed.addGroup("a").append("typed_value", 7L);
    typed.addGroup("b");
    Path file = tmp.resolve("present.parquet");
    TestFileWriter.writeRaw(file, SPEC, List.of(row));

    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      assertEquals("{\"a\":7}", VariantJson.toJson(r.read().variant("v")));
      assertNull(r.read());
    }
  }

  @Test
  void aNullFieldGroupOfTheDraftLayoutIsAMissingField() throws IOException {
    MessageType draft =
        TestFileWriter.schema(ShreddingPlan.parse("{\"a\": int64}"), ShreddingLayout.DRAFT);
    SimpleGroupFactory f = new SimpleGroupFactory(draft);
    Group row = f.newGroup().append("id", 0L);
    row.addGroup("v").addGroup("object"); // group a null
    Path file = tmp.resolve("draft.parquet");
    TestFileWriter.writeRaw(file, draft, List.of(row));

    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      assertEquals("{}", VariantJson.toJson(r.read().variant("v")));
    }
  }

  private static final MessageType NESTED =
      MessageTypeParser.parseMessageType(
          "message m { required int64 id;"
              + " optional group v (VARIANT(1)) { required binary metadata; optional binary value;"
              + "   optional group typed_value {"
              + "     optional group l { optional binary value; optional group typed_value (LIST) {"
              + "       repeated group list { required group element { optional binary value;"
              + "         optional group typed_value {"
              + "           optional group x { optional binary value; optional int64 typed_value; }"
              + "         } } } } }"
              + "     optional group o { optional binary value; optional group typed_value {"
              + "       optional group my-key { optional binary value; optional int64 typed_value; }"
              + "     } } } } }");

  /**
   * The refusal names, besides the column, the Variant path of the field (its cause's path): keys
   * that need quotes quoted, list elements as {@code [*]}.
   */
  @Test
  void theRefusalNamesTheFieldsVariantPath() throws IOException {
    byte[] metadata =
        VariantJson.parse("{\"l\": [{\"x\": 1}], \"my-key\": 1, \"o\": {\"my-key\": 2}}")
            .metadataBytes();
    SimpleGroupFactory f = new SimpleGroupFactory(NESTED);
    List<Group> rows = new ArrayList<>();
    for (long id = 0; id < 3; id++) {
      Group row = f.newGroup().append("id", id);
      Group v = row.addGroup("v");
      v.append("metadata", Binary.fromConstantByteArray(metadata));
      Group typed = v.addGroup("typed_value");
      Group element =
          typed.addGroup("l").addGroup("typed_value").addGroup("list").addGroup("element");
      Group elementTyped = element.addGroup("typed_value");
      if (id != 2) {
        elementTyped.addGroup("x").append("typed_value", 1L); // row 2: x's group null
      }
      Group o = typed.addGroup("o").addGroup("typed_value");
      if (id != 1) {
        o.addGroup("my-key").append("typed_value", 5L); // row 1: my-key's group null
      }
      rows.add(row);
    }
    Path file = tmp.resolve("nested-optional-groups.parquet");
    TestFileWriter.writeRaw(file, NESTED, rows);
    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      assertEquals(
          "{\"l\":[{\"x\":1}],\"o\":{\"my-key\":5}}", VariantJson.toJson(r.read().variant("v")));
      VariantParquetException key = assertThrows(VariantParquetException.class, r::read);
      assertEquals("v.typed_value.o.typed_value.my-key", key.column());
      assertEquals("$.o[\"my-key\"]", ((ShreddingException) key.getCause()).path());
      VariantParquetException element = assertThrows(VariantParquetException.class, r::read);
      assertEquals("$.l[*].x", ((ShreddingException) element.getCause()).path());
    }
  }
}
