// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantFormatException;
import io.variant.core.VariantType;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.schema.VariantSchemaException;
import io.variant.shredding.RebuildOptions;
import io.variant.shredding.ShreddedType;
import io.variant.shredding.ShreddingException;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VariantParquetReaderTest {
  private static final byte[] EMPTY_METADATA = hex("01 00 00"); // v1, unsorted, 0 keys, offset 0

  @TempDir Path tmp;

  private static byte[] hex(String s) {
    return HexFormat.of().parseHex(s.replace(" ", ""));
  }

  private static Binary bin(String s) {
    return Binary.fromConstantByteArray(hex(s));
  }

  private Path write(
      String schemaText, java.util.function.BiConsumer<SimpleGroupFactory, List<Group>> rows)
      throws IOException {
    MessageType schema = MessageTypeParser.parseMessageType(schemaText);
    SimpleGroupFactory f = new SimpleGroupFactory(schema);
    List<Group> list = new ArrayList<>();
    rows.accept(f, list);
    Path file = Files.createTempFile(tmp, "t", ".parquet");
    TestFileWriter.writeRaw(file, schema, list);
    return file;
  }

  private static List<VariantRecord> readAll(Path file) throws IOException {
    List<VariantRecord> rows = new ArrayList<>();
    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      r.forEach(rows::add);
    }
    return rows;
  }

  private static final String UNSHREDDED =
      "message m { required int64 id; optional group v (VARIANT(1)) { required binary metadata; required binary value; } }";

  @Test
  void distinguishesSqlNullFromVariantNull() throws IOException {
    Path file =
        write(
            UNSHREDDED,
            (f, rows) -> {
              rows.add(f.newGroup().append("id", 0L)); // v group absent: SQL NULL
              Group variantNull = f.newGroup().append("id", 1L);
              variantNull
                  .addGroup("v")
                  .append("metadata", bin("01 00 00"))
                  .append("value", bin("00")); // primitive null
              rows.add(variantNull);
              Group int8 = f.newGroup().append("id", 2L);
              int8.addGroup("v")
                  .append("metadata", bin("01 00 00"))
                  .append("value", bin("0C 2A")); // int8 42
              rows.add(int8);
            });

    List<VariantRecord> rows = readAll(file);

    assertNull(rows.get(0).variant("v"));
    assertEquals(VariantType.NULL, rows.get(1).variant("v").type());
    assertEquals(VariantType.INT8, rows.get(2).variant("v").type());
    assertEquals(42, rows.get(2).variant("v").longValue());
  }

  @Test
  void readsOrdinaryColumnsBesideVariants() throws IOException {
    Path file =
        write(
            "message m { required int64 id; optional binary name (STRING); optional int32 n; optional boolean b;"
                + " optional double d; optional float f; optional binary raw; repeated int32 skipped;"
                + " optional group v (VARIANT(1)) { required binary metadata; required binary value; } }",
            (f, rows) -> {
              Group g =
                  f.newGroup()
                      .append("id", 7L)
                      .append("name", "ann")
                      .append("n", 3)
                      .append("b", true)
                      .append("d", 2.5)
                      .append("f", 1.5f)
                      .append("raw", bin("0A 0B"))
                      .append("skipped", 1);
              g.addGroup("v")
                  .append("metadata", bin("01 00 00"))
                  .append("value", bin("05 78")); // short string "x"
              rows.add(g);
              rows.add(f.newGroup().append("id", 8L));
            });

    List<VariantRecord> rows = readAll(file);

    VariantRecord r = rows.get(0);
    assertEquals(
        List.of("id", "name", "n", "b", "d", "f", "raw", "v"),
        r.columns()); // repeated column not read
    assertEquals(7L, r.get("id"));
    assertEquals("ann", r.get("name"));
    assertEquals(3, r.get("n"));
    assertEquals(true, r.get("b"));
    assertEquals(2.5, r.get("d"));
    assertEquals(1.5, r.get("f"));
    assertArrayEquals(hex("0A 0B"), (byte[]) r.get("raw"));
    assertEquals("x", r.variant("v").stringValue());
    VariantRecord empty = rows.get(1);
    assertNull(empty.get("name"));
    assertNull(empty.get("n"));
    assertNull(empty.variant("v"));
  }

  @Test
  void skipsStructsAndRepeatedVariantGroups() throws IOException {
    Path file =
        write(
            "message m { required int64 id; optional group s { optional int32 x; }"
                + " repeated group many (VARIANT(1)) { required binary metadata; required binary value; } }",
            (f, rows) -> {
              Group g = f.newGroup().append("id", 0L);
              g.addGroup("s").append("x", 1);
              g.addGroup("many").append("metadata", bin("01 00 00")).append("value", bin("00"));
              rows.add(g);
            });

    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      assertTrue(r.plans().isEmpty());
      assertEquals(List.of("id"), r.read().columns());
    }
  }

  @Test
  void readsOnlySelectedColumns() throws IOException {
    Path file =
        write(
            UNSHREDDED,
            (f, rows) -> {
              Group g = f.newGroup().append("id", 0L);
              g.addGroup("v")
                  .append("metadata", bin("01 00 00"))
                  .append("value", bin("04")); // true
              rows.add(g);
            });

    try (VariantParquetReader r = VariantParquetReader.builder(file).column("v").build()) {
      VariantRecord row = r.read();
      assertEquals(List.of("v"), row.columns());
      assertTrue(row.variant("v").booleanValue());
      assertNull(r.read());
    }
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () -> VariantParquetReader.builder(file).column("nope").build());
    assertTrue(e.getMessage().contains("\"nope\""), e.getMessage());
  }

  @Test
  void builderSetsEveryOption() throws IOException {
    // Field a is shredded, and the residual object repeats it: an invalid row that only the
    // lenient rebuild reads (the typed a wins).
    Path file =
        write(
            "message m { required int64 id; optional group v (VARIANT(1)) { required binary metadata;"
                + " optional binary value; optional group typed_value {"
                + " required group a { optional binary value; optional int64 typed_value; } } } }",
            (f, rows) -> {
              Group g = f.newGroup().append("id", 7L);
              Group v =
                  g.addGroup("v")
                      .append("metadata", bin("11 01 00 01 61"))
                      .append("value", bin("02 01 00 00 02 0C 01"));
              v.addGroup("typed_value").addGroup("a").append("typed_value", 5L);
              rows.add(g);
            });
    assertThrows(VariantParquetException.class, () -> readAll(file));
    try (VariantParquetReader r =
        VariantParquetReader.builder(file)
            .column("v")
            .column("id")
            .validation(VariantReadOptions.Validation.FULL)
            .rebuild(RebuildOptions.lenient())
            .build()) {
      VariantRecord row = r.read();
      assertEquals(List.of("id", "v"), row.columns(), "file order");
      assertEquals(5L, row.variant("v").field("a").longValue());
    }
    VariantReadOptions idOnly = VariantReadOptions.defaults().withColumns("id");
    try (VariantParquetReader r =
        VariantParquetReader.builder(file).column("v").options(idOnly).build()) {
      assertEquals(List.of("id"), r.read().columns(), "options() replaces what setters set");
    }
  }

  @Test
  void reportsPlansAndSchemaBeforeReadingRows() throws IOException {
    ShreddingPlan plan = ShreddingPlan.array(ShreddingPlan.scalar(ShreddedType.STRING));
    Path file = Files.createTempFile(tmp, "p", ".parquet");
    TestFileWriter.write(file, plan, ShreddingLayout.SPEC, List.of(), 10);

    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      assertEquals(plan, r.plans().get("v"));
      assertEquals(0, r.rowCount());
      assertTrue(r.schema().containsField("v"));
      assertNull(r.read());
    }
  }

  @Test
  void namesRowAndColumnOfMalformedMetadata() throws IOException {
    Path file =
        write(
            UNSHREDDED,
            (f, rows) -> {
              Group ok = f.newGroup().append("id", 0L);
              ok.addGroup("v").append("metadata", bin("01 00 00")).append("value", bin("00"));
              rows.add(ok);
              Group bad = f.newGroup().append("id", 1L);
              bad.addGroup("v")
                  .append("metadata", bin("02 00 00"))
                  .append("value", bin("00")); // version 2
              rows.add(bad);
            });

    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      assertEquals(VariantType.NULL, r.read().variant("v").type());
      VariantParquetException e = assertThrows(VariantParquetException.class, r::read);
      assertEquals(1, e.row());
      assertEquals(file.toString(), e.file());
      assertTrue(e.getCause() instanceof VariantFormatException, String.valueOf(e.getCause()));
      assertTrue(e.getMessage().contains("row 1"), e.getMessage());
    }
  }

  @Test
  void namesColumnAndPathOfConflictingParts() throws IOException {
    Path file =
        write(
            "message m { required int64 id; optional group v (VARIANT(1)) { required binary metadata;"
                + " optional binary value; optional int64 typed_value; } }",
            (f, rows) -> {
              Group g = f.newGroup().append("id", 0L);
              g.addGroup("v")
                  .append("metadata", bin("01 00 00"))
                  .append("value", bin("0C 01"))
                  .append("typed_value", 5L);
              rows.add(g);
            });

    VariantParquetException e = assertThrows(VariantParquetException.class, () -> readAll(file));
    assertEquals("v", e.column());
    assertEquals(0, e.row());
    ShreddingException cause = (ShreddingException) e.getCause();
    assertEquals("$", cause.path());
    assertTrue(e.getMessage().contains("conflicting value and typed_value"), e.getMessage());
  }

  @Test
  void rejectsEmptyDecimalBinary() throws IOException {
    Path file =
        write(
            "message m { required int64 id; optional group v (VARIANT(1)) { required binary metadata;"
                + " optional binary value; optional binary typed_value (DECIMAL(20,2)); } }",
            (f, rows) -> {
              Group g = f.newGroup().append("id", 0L);
              g.addGroup("v")
                  .append("metadata", bin("01 00 00"))
                  .append("typed_value", Binary.EMPTY);
              rows.add(g);
            });

    VariantParquetException e = assertThrows(VariantParquetException.class, () -> readAll(file));
    assertEquals("v.typed_value", e.column());
    assertEquals(0, e.row());
    assertTrue(e.getMessage().contains("empty binary"), e.getMessage());
  }

  @Test
  void rejectsUnsupportedSchemaWhenOpening() throws IOException {
    Path file =
        write(
            "message m { required int64 id; optional group v (VARIANT(1)) { required binary metadata;"
                + " optional binary value; optional int64 typed_value (TIMESTAMP(MILLIS,true)); } }",
            (f, rows) -> {});

    VariantParquetException e =
        assertThrows(VariantParquetException.class, () -> VariantParquetReader.open(file));
    assertEquals("v.typed_value", e.column());
    assertTrue(e.getCause() instanceof VariantSchemaException);
    assertTrue(
        e.getMessage().contains("Unsupported shredded value type: TIMESTAMP(MILLIS,true)"),
        e.getMessage());
  }

  @Test
  void rejectsFilesThatAreNotParquet() throws IOException {
    Path file =
        Files.write(
            tmp.resolve("junk.parquet"),
            "not parquet at all".getBytes(java.nio.charset.StandardCharsets.UTF_8));

    VariantParquetException e =
        assertThrows(VariantParquetException.class, () -> VariantParquetReader.open(file));
    assertEquals(file.toString(), e.file());
    assertTrue(e.getMessage().contains("Cannot read the Parquet footer"), e.getMessage());
  }

  /** An example in the draft layout (schema a: int64, b.c: string), residuals written by hand. */
  @Test
  void readsTheDraftLayoutExample() throws IOException {
    Path file =
        write(
            "message m { required int64 id; optional group v { optional binary untyped_value;"
                + " optional group object {"
                + "   optional group a { optional binary untyped_value; optional int64 typed_value; }"
                + "   optional group b { optional binary untyped_value;"
                + "     optional group object { optional group c { optional binary untyped_value; optional binary typed_value (STRING); } } } } } }",
            (f, rows) -> {
              Group r0 = f.newGroup().append("id", 0L); // {a: 123, b: {c: "hello"}}: all typed
              Group o0 = r0.addGroup("v").addGroup("object");
              o0.addGroup("a").append("typed_value", 123L);
              o0.addGroup("b").addGroup("object").addGroup("c").append("typed_value", "hello");
              rows.add(r0);
              Group r1 = f.newGroup().append("id", 1L); // {a: 1.23, b: {c: "123"}}: a untyped
              Group o1 = r1.addGroup("v").addGroup("object");
              o1.addGroup("a")
                  .append(
                      "untyped_value",
                      bin("01 00 00" + "20 02 7B 00 00 00")); // empty metadata ‖ decimal4 1.23
              o1.addGroup("b").addGroup("object").addGroup("c").append("typed_value", "123");
              rows.add(r1);
              Group r2 =
                  f.newGroup()
                      .append(
                          "id",
                          2L); // {a: 123, c: 456}: c in the top-level untyped object, b missing
              Group v2 = r2.addGroup("v");
              // metadata ["c"] ‖ object {c: int16 456}: header 02, 1 field, id 0, offsets 0 and 3,
              // int16 header 10, C8 01
              v2.append("untyped_value", bin("01 01 00 01 63" + "02 01 00 00 03 10 C8 01"));
              v2.addGroup("object").addGroup("a").append("typed_value", 123L);
              rows.add(r2);
              Group r3 =
                  f.newGroup().append("id", 3L); // [1]: not an object, whole in untyped_value
              r3.addGroup("v")
                  .append("untyped_value", bin("01 00 00" + "03 01 00 02 0C 01")); // array [int8 1]
              rows.add(r3);
            });

    List<VariantRecord> rows = readAll(file);

    Variant r0 = rows.get(0).variant("v");
    assertEquals(VariantType.INT64, r0.field("a").type());
    assertEquals(123, r0.field("a").longValue());
    assertEquals("hello", r0.field("b").field("c").stringValue());
    Variant r1 = rows.get(1).variant("v");
    assertEquals(new java.math.BigDecimal("1.23"), r1.field("a").decimalValue());
    assertEquals(VariantType.DECIMAL4, r1.field("a").type());
    assertEquals("123", r1.field("b").field("c").stringValue());
    Variant r2 = rows.get(2).variant("v");
    assertEquals(2, r2.fieldCount());
    assertEquals(123, r2.field("a").longValue());
    assertEquals(456, r2.field("c").longValue());
    assertNull(r2.field("b"));
    Variant r3 = rows.get(3).variant("v");
    assertEquals(expectedArrayOfOne(), r3);
  }

  private static Variant expectedArrayOfOne() {
    return new VariantBuilder().startArray().appendLong(1).endArray().build();
  }

  @Test
  void readsDraftNullElementGroupsAsVariantNull() throws IOException {
    Path file =
        write(
            "message m { required int64 id; optional group v { optional binary untyped_value;"
                + " optional group array (LIST) { repeated group list { optional group element {"
                + "   optional binary untyped_value; optional int64 typed_value; } } } } }",
            (f, rows) -> {
              Group r = f.newGroup().append("id", 0L);
              Group list = r.addGroup("v").addGroup("array");
              list.addGroup("list").addGroup("element").append("typed_value", 5L);
              list.addGroup("list"); // null element group
              rows.add(r);
            });

    Variant v = readAll(file).get(0).variant("v");

    assertEquals(2, v.size());
    assertEquals(5, v.element(0).longValue());
    assertTrue(v.element(1).isNull());
    assertFalse(v.element(0).isNull());
  }
}
