// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantType;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.read.VariantParquetReader;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real files, written by parquet-java's example writer (which checks no VARIANT shape), whose
 * VARIANT group is malformed: opening them fails with a {@link VariantParquetException} caused by a
 * {@link VariantSchemaException}, both naming the path of the offending node. Two object field
 * groups of one name cannot be written or read by parquet-java at all ({@code CorruptFileTest}
 * forges them into a footer), so that case is checked on the schema alone.
 */
class MalformedSchemaFileTest {
  private static final byte[] EMPTY_METADATA = {0x01, 0x00, 0x00}; // v1, no keys, offset 0
  private static final byte[] VARIANT_NULL = {0x00}; // primitive null

  @TempDir Path tmp;

  /**
   * Writes one row (every required field filled, every optional one null) of {@code var}'s schema.
   */
  private Path fileWith(String varGroup) throws IOException {
    MessageType schema =
        MessageTypeParser.parseMessageType("message m { required int64 id; " + varGroup + " }");
    Path file = tmp.resolve("schema.parquet");
    try (ParquetWriter<Group> w =
        ExampleParquetWriter.builder(new LocalOutputFile(file))
            .withType(schema)
            .withConf(new PlainParquetConfiguration())
            .build()) {
      Group row = new SimpleGroupFactory(schema).newGroup();
      fillRequired(row, schema);
      w.write(row);
    }
    return file;
  }

  private static void fillRequired(Group g, GroupType type) {
    for (Type f : type.getFields()) {
      if (f.getRepetition() != Type.Repetition.REQUIRED) {
        continue;
      }
      if (!f.isPrimitive()) {
        fillRequired(g.addGroup(f.getName()), f.asGroupType());
        continue;
      }
      PrimitiveType p = f.asPrimitiveType();
      switch (p.getPrimitiveTypeName()) {
        case BINARY ->
            g.add(
                f.getName(),
                Binary.fromConstantByteArray(
                    f.getName().equals("metadata") ? EMPTY_METADATA : VARIANT_NULL));
        case INT32 -> g.add(f.getName(), 0);
        case INT64 -> g.add(f.getName(), 0L);
        case BOOLEAN -> g.add(f.getName(), false);
        default -> throw new IllegalArgumentException("no filler for " + p);
      }
    }
  }

  private void rejects(String varGroup, String path, String fragment) throws IOException {
    Path file = fileWith(varGroup);

    VariantParquetException e =
        assertThrows(VariantParquetException.class, () -> VariantParquetReader.open(file));
    VariantSchemaException cause = assertInstanceOf(VariantSchemaException.class, e.getCause());
    assertEquals(path, cause.column());
    assertEquals(path, e.column());
    assertTrue(e.getMessage().contains(fragment), e.getMessage());
    assertTrue(e.getMessage().contains("file " + file), e.getMessage());
  }

  @Test
  void missingMetadata() throws IOException {
    rejects(
        "optional group var (VARIANT(1)) { optional binary value; optional int64 typed_value; }",
        "var",
        "Missing required binary metadata");
  }

  @Test
  void metadataThatIsNotBinary() throws IOException {
    rejects(
        "optional group var (VARIANT(1)) { required int32 metadata; required binary value; }",
        "var.metadata",
        "Expected required binary metadata, found required int32 metadata");
  }

  @Test
  void valueOfTheWrongType() throws IOException {
    rejects(
        "optional group var (VARIANT(1)) { required binary metadata; optional int64 value; }",
        "var.value",
        "Expected an optional or required binary, found optional int64 value");
  }

  @Test
  void twoLevelListOfPrimitives() throws IOException {
    rejects(
        "optional group var (VARIANT(1)) { required binary metadata; optional binary value;"
            + " optional group typed_value (LIST) { repeated binary element; } }",
        "var.typed_value",
        "Expected a 3-level LIST");
  }

  @Test
  void twoLevelListOfSlotGroups() throws IOException {
    // The legacy 2-level form: the repeated group is the element itself, so its "element" is a
    // binary.
    rejects(
        "optional group var (VARIANT(1)) { required binary metadata; optional binary value;"
            + " optional group typed_value (LIST) { repeated group element { optional binary value; } } }",
        "var.typed_value.element.value",
        "Expected a list element group with value/typed_value");
  }

  @Test
  void optionalListElementInTheSpecLayout() throws IOException {
    rejects(
        "optional group var (VARIANT(1)) { required binary metadata; optional binary value;"
            + " optional group typed_value (LIST) { repeated group list { optional group element { optional binary value; } } } }",
        "var.typed_value.list.element",
        "Expected a required list element group in the spec layout");
  }

  @Test
  void objectFieldThatIsNotAGroup() throws IOException {
    rejects(
        "optional group var (VARIANT(1)) { required binary metadata; optional binary value;"
            + " optional group typed_value { optional int32 a; } }",
        "var.typed_value.a",
        "Expected an object field group with value/typed_value, found optional int32 a");
  }

  @Test
  void variantAnnotationOnAnObjectField() throws IOException {
    rejects(
        "optional group var (VARIANT(1)) { required binary metadata; optional binary value;"
            + " optional group typed_value { required group a (VARIANT(1)) { required binary metadata; optional binary value; } } }",
        "var.typed_value.a",
        "a VARIANT column cannot nest inside another");
  }

  @Test
  void variantAnnotationOnAListElement() throws IOException {
    rejects(
        "optional group var (VARIANT(1)) { required binary metadata; optional binary value;"
            + " optional group typed_value (LIST) { repeated group list { required group element (VARIANT(1)) { optional binary value; } } } }",
        "var.typed_value.list.element",
        "found annotation VARIANT(1)");
  }

  @Test
  void variantAnnotationOnTypedValue() throws IOException {
    rejects(
        "optional group var (VARIANT(1)) { required binary metadata; optional binary value;"
            + " optional group typed_value (VARIANT(1)) { required binary metadata; optional binary value; } }",
        "var.typed_value",
        "Unsupported shredded value type: VARIANT(1)");
  }

  @Test
  void laterSpecificationVersion() throws IOException {
    rejects(
        "optional group var (VARIANT(2)) { required binary metadata; required binary value; }",
        "var",
        "Unsupported VARIANT specification version 2");
  }

  @Test
  void duplicateValueColumn() throws IOException {
    rejects(
        "optional group var (VARIANT(1)) { required binary metadata; optional binary value; optional binary value; }",
        "var.value",
        "Duplicate field \"value\"");
  }

  @Test
  void duplicateMetadataColumn() throws IOException {
    rejects(
        "optional group var (VARIANT(1)) { required binary metadata; required binary metadata; optional binary value; }",
        "var.metadata",
        "Duplicate field \"metadata\"");
  }

  @Test
  void duplicateObjectFieldName() {
    GroupType var =
        MessageTypeParser.parseMessageType(
                "message m { optional group var (VARIANT(1)) { required binary metadata;"
                    + " optional binary value; optional group typed_value { required group a { optional binary value; }"
                    + " required group a { optional int64 typed_value; } } } }")
            .getType("var")
            .asGroupType();

    VariantSchemaException e =
        assertThrows(VariantSchemaException.class, () -> VariantSchema.describe(var));
    assertEquals("var.typed_value", e.column());
    assertTrue(e.getMessage().contains("duplicate field \"a\""), e.getMessage());
  }

  @Test
  void requiredVariantGroupWhoseRowLooksLikeSqlNullReadsAsVariantNull() throws IOException {
    // Not a schema error: a required group cannot be SQL NULL, and a top-level slot with neither
    // value nor
    // typed_value is the Variant null (spec: VariantShredding §Arrays and objects; parquet-testing
    // case 129).
    Path file =
        fileWith(
            "required group var (VARIANT(1)) { required binary metadata; optional binary value; optional int64 typed_value; }");

    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      VariantRecord row = r.read();
      Variant v = row.variant("var");
      assertNotNull(v, "a required VARIANT group is never SQL NULL");
      assertEquals(VariantType.NULL, v.type());
      assertNull(r.read());
    }
  }
}
