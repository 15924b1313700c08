// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.shredding.ShreddedType;
import io.variant.shredding.ShreddingPlan;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.Test;

class VariantSchemaTest {
  /** {"a": int64, "tags": [string]} */
  private static ShreddingPlan eventPlan() {
    Map<String, ShreddingPlan> fields = new LinkedHashMap<>();
    fields.put("a", ShreddingPlan.scalar(ShreddedType.INT64));
    fields.put("tags", ShreddingPlan.array(ShreddingPlan.scalar(ShreddedType.STRING)));
    return ShreddingPlan.object(fields);
  }

  private static GroupType parse(String body) {
    MessageType m = MessageTypeParser.parseMessageType("message m { " + body + " }");
    return m.getType(0).asGroupType();
  }

  @Test
  void writesSpecLayoutForObjectOfScalarAndList() {
    GroupType g =
        VariantSchema.toParquet(
            "event", eventPlan(), ShreddingLayout.SPEC, Type.Repetition.OPTIONAL);

    GroupType expected =
        parse(
            "optional group event (VARIANT(1)) {"
                + " required binary metadata;"
                + " optional binary value;"
                + " optional group typed_value {"
                + "   required group a { optional binary value; optional int64 typed_value; }"
                + "   required group tags {"
                + "     optional binary value;"
                + "     optional group typed_value (LIST) {"
                + "       repeated group list { required group element { optional binary value; optional binary typed_value (STRING); } }"
                + "     }"
                + "   }"
                + " }"
                + "}");
    assertEquals(expected, g);
    assertEquals(expected.getLogicalTypeAnnotation(), g.getLogicalTypeAnnotation());
  }

  @Test
  void writesRequiredValueWhenResidualOnly() {
    GroupType g =
        VariantSchema.toParquet(
            "v", ShreddingPlan.residual(), ShreddingLayout.SPEC, Type.Repetition.REQUIRED);

    assertEquals(
        parse("required group v (VARIANT(1)) { required binary metadata; required binary value; }"),
        g);
  }

  @Test
  void writesDraftLayoutWithoutAnnotationOrMetadata() {
    GroupType g =
        VariantSchema.toParquet(
            "event", eventPlan(), ShreddingLayout.DRAFT, Type.Repetition.OPTIONAL);

    GroupType expected =
        parse(
            "optional group event {"
                + " optional binary untyped_value;"
                + " optional group object {"
                + "   optional group a { optional binary untyped_value; optional int64 typed_value; }"
                + "   optional group tags {"
                + "     optional binary untyped_value;"
                + "     optional group array (LIST) {"
                + "       repeated group list { optional group element { optional binary untyped_value; optional binary typed_value (STRING); } }"
                + "     }"
                + "   }"
                + " }"
                + "}");
    assertEquals(expected, g);
    assertNull(g.getLogicalTypeAnnotation());
  }

  @Test
  void writesEachScalarTypeAsTheSpecTableSays() {
    String[][] table = {
      {"boolean", "optional boolean typed_value"},
      {"int8", "optional int32 typed_value (INTEGER(8,true))"},
      {"int16", "optional int32 typed_value (INTEGER(16,true))"},
      {"int32", "optional int32 typed_value"},
      {"int64", "optional int64 typed_value"},
      {"float", "optional float typed_value"},
      {"double", "optional double typed_value"},
      {"date", "optional int32 typed_value (DATE)"},
      {"time", "optional int64 typed_value (TIME(MICROS,false))"},
      {"timestamp", "optional int64 typed_value (TIMESTAMP(MICROS,true))"},
      {"timestamp_ntz", "optional int64 typed_value (TIMESTAMP(MICROS,false))"},
      {"timestamp_nanos", "optional int64 typed_value (TIMESTAMP(NANOS,true))"},
      {"timestamp_ntz_nanos", "optional int64 typed_value (TIMESTAMP(NANOS,false))"},
      {"binary", "optional binary typed_value"},
      {"string", "optional binary typed_value (STRING)"},
      {"uuid", "optional fixed_len_byte_array(16) typed_value (UUID)"},
    };
    for (String[] row : table) {
      ShreddedType t =
          ShreddedType.of(
              ShreddedType.Kind.valueOf(row[0].toUpperCase(java.util.Locale.ROOT)), 0, 0);
      GroupType g =
          VariantSchema.toParquet(
              "v", ShreddingPlan.scalar(t), ShreddingLayout.SPEC, Type.Repetition.OPTIONAL);
      GroupType expected =
          parse(
              "optional group v (VARIANT(1)) { required binary metadata; optional binary value; "
                  + row[1]
                  + "; }");
      assertEquals(expected, g, row[0]);
      assertEquals(ShreddingPlan.scalar(t), VariantSchema.fromParquet(g), row[0]);
    }
  }

  @Test
  void writesDecimalsOnTheNarrowestPhysicalType() {
    // Precision 9 fits INT32 and 18 fits INT64; 19 digits need 9 bytes (2^63 < 10^19 - 1 < 2^71)
    // and 38
    // digits need 16 bytes (10^38 - 1 < 2^127).
    String[][] table = {
      {"9", "2", "optional int32 typed_value (DECIMAL(9,2))"},
      {"10", "0", "optional int64 typed_value (DECIMAL(10,0))"},
      {"18", "18", "optional int64 typed_value (DECIMAL(18,18))"},
      {"19", "4", "optional fixed_len_byte_array(9) typed_value (DECIMAL(19,4))"},
      {"38", "9", "optional fixed_len_byte_array(16) typed_value (DECIMAL(38,9))"},
    };
    for (String[] row : table) {
      ShreddedType t = ShreddedType.decimal(Integer.parseInt(row[0]), Integer.parseInt(row[1]));
      GroupType g =
          VariantSchema.toParquet(
              "v", ShreddingPlan.scalar(t), ShreddingLayout.SPEC, Type.Repetition.OPTIONAL);
      assertEquals(
          parse(
              "optional group v (VARIANT(1)) { required binary metadata; optional binary value; "
                  + row[2]
                  + "; }"),
          g,
          t.toString());
      assertEquals(ShreddingPlan.scalar(t), VariantSchema.fromParquet(g));
    }
  }

  @Test
  void readsBackNestedPlansInBothLayouts() {
    Map<String, ShreddingPlan> inner = new LinkedHashMap<>();
    inner.put("x", ShreddingPlan.residual());
    inner.put("y", ShreddingPlan.scalar(ShreddedType.decimal(20, 3)));
    Map<String, ShreddingPlan> outer = new LinkedHashMap<>();
    outer.put("list", ShreddingPlan.array(ShreddingPlan.array(ShreddingPlan.object(inner))));
    outer.put(
        "_private", ShreddingPlan.scalar(ShreddedType.UUID)); // a key, not an ignorable extension
    outer.put("extra", ShreddingPlan.residual());
    ShreddingPlan plan = ShreddingPlan.object(outer);

    for (ShreddingLayout layout : ShreddingLayout.values()) {
      GroupType g = VariantSchema.toParquet("v", plan, layout, Type.Repetition.REQUIRED);
      ShreddedSchemaNode node = VariantSchema.describe(g);
      assertEquals(plan, node.plan(), layout.name());
      assertEquals(layout, node.layout());
      assertEquals(layout, VariantSchema.detectLayout(g));
      assertTrue(VariantSchema.isVariantGroup(g), layout.name());
    }
  }

  @Test
  void recordsWhichColumnsExistPerSlot() {
    // parquet-testing case 132 (field groups without value) and 138 (no top-level value)
    GroupType g =
        parse(
            "required group var (VARIANT(1)) { required binary metadata;"
                + " optional group typed_value { required group a { optional int32 typed_value; } required group b { optional binary value; } } }");

    ShreddedSchemaNode root = VariantSchema.describe(g);
    assertFalse(root.hasValue());
    assertTrue(root.hasTyped());
    assertEquals("var", root.path());
    ShreddedSchemaNode a = root.fields().get(0);
    assertEquals("var.typed_value.a", a.path());
    assertFalse(a.hasValue());
    assertEquals(ShreddedType.INT32, a.shreddedType());
    ShreddedSchemaNode b = root.fields().get(1);
    assertTrue(b.hasValue());
    assertFalse(b.hasTyped());
    assertEquals(ShreddingPlan.residual(), b.plan());
  }

  @Test
  void acceptsSignedIntAnnotationsOnInt32AndInt64() {
    GroupType g32 =
        parse(
            "optional group v (VARIANT(1)) { required binary metadata; optional binary value; optional int32 typed_value (INTEGER(32,true)); }");
    GroupType g64 =
        parse(
            "optional group v (VARIANT(1)) { required binary metadata; optional binary value; optional int64 typed_value (INTEGER(64,true)); }");

    assertEquals(ShreddingPlan.scalar(ShreddedType.INT32), VariantSchema.fromParquet(g32));
    assertEquals(ShreddingPlan.scalar(ShreddedType.INT64), VariantSchema.fromParquet(g64));
  }

  @Test
  void acceptsDecimalOnBinaryAndFixed() {
    GroupType onBinary =
        parse(
            "optional group v (VARIANT(1)) { required binary metadata; optional binary value; optional binary typed_value (DECIMAL(38,9)); }");
    GroupType onFixed =
        parse(
            "optional group v (VARIANT(1)) { required binary metadata; optional binary value; optional fixed_len_byte_array(6) typed_value (DECIMAL(12,2)); }");

    assertEquals(
        ShreddingPlan.scalar(ShreddedType.decimal(38, 9)), VariantSchema.fromParquet(onBinary));
    assertEquals(
        ShreddingPlan.scalar(ShreddedType.decimal(12, 2)), VariantSchema.fromParquet(onFixed));
  }

  @Test
  void acceptsUnannotatedSpecGroupsAndIgnoresUnderscoreFields() {
    GroupType g =
        parse(
            "optional group v { required binary metadata; required binary value; optional binary _note; }");

    assertTrue(VariantSchema.isVariantGroup(g));
    assertEquals(ShreddingPlan.residual(), VariantSchema.fromParquet(g));
  }

  @Test
  void recognisesVariantShapedGroupsOnly() {
    assertFalse(
        VariantSchema.isVariantGroup(
            parse("optional group s { optional binary metadata; optional binary name; }")));
    assertFalse(
        VariantSchema.isVariantGroup(
            parse("optional group s (LIST) { repeated group list { optional binary element; } }")));
    assertFalse(
        VariantSchema.isVariantGroup(
            parse("optional group s { optional binary value; optional int32 typed_value; }")));
    assertFalse(
        VariantSchema.isVariantGroup(
            parse(
                "optional group s { required binary metadata; required binary value; optional int32 id; }")));
  }

  private static VariantSchemaException rejects(String typedValue) {
    GroupType g =
        parse(
            "optional group var (VARIANT(1)) { required binary metadata; optional binary value; "
                + typedValue
                + "; }");
    return assertThrows(
        VariantSchemaException.class, () -> VariantSchema.fromParquet(g), typedValue);
  }

  @Test
  void rejectsUnsignedIntegersLikeCase127() {
    VariantSchemaException e = rejects("optional int32 typed_value (INTEGER(32,false))");

    assertEquals("var.typed_value", e.column());
    assertTrue(
        e.getMessage().contains("Unsupported shredded value type: INTEGER(32,false)"),
        e.getMessage());
  }

  @Test
  void rejectsPlainFixedLikeCase137() {
    VariantSchemaException e = rejects("optional fixed_len_byte_array(4) typed_value");

    assertEquals("var.typed_value", e.column());
    assertTrue(
        e.getMessage()
            .contains(
                "Unsupported shredded value type: optional fixed_len_byte_array(4) typed_value"),
        e.getMessage());
  }

  @Test
  void rejectsEveryTypeOutsideTheTable() {
    String[] unsupported = {
      "optional int96 typed_value",
      "optional int64 typed_value (TIMESTAMP(MILLIS,true))",
      "optional int32 typed_value (TIME(MILLIS,false))",
      "optional int64 typed_value (TIME(MICROS,true))",
      "optional int64 typed_value (TIME(NANOS,false))",
      "optional fixed_len_byte_array(2) typed_value (FLOAT16)",
      "optional binary typed_value (JSON)",
      "optional binary typed_value (BSON)",
      "optional binary typed_value (ENUM)",
      "optional fixed_len_byte_array(12) typed_value (INTERVAL)",
      "optional int32 typed_value (INTEGER(8,false))",
      "repeated int32 typed_value",
    };
    for (String t : unsupported) {
      VariantSchemaException e = rejects(t);
      assertTrue(e.getMessage().contains("typed_value"), e.getMessage());
    }
  }

  @Test
  void rejectsMapTypedValue() {
    GroupType g =
        parse(
            "optional group var (VARIANT(1)) { required binary metadata; optional binary value;"
                + " optional group typed_value (MAP) { repeated group key_value { required binary key (STRING); optional int32 value; } } }");

    VariantSchemaException e =
        assertThrows(VariantSchemaException.class, () -> VariantSchema.fromParquet(g));
    assertEquals("var.typed_value", e.column());
    assertTrue(e.getMessage().contains("Unsupported shredded value type: MAP"), e.getMessage());
  }

  @Test
  void rejectsMissingOrMistypedMetadata() {
    GroupType noMetadata =
        parse(
            "optional group var (VARIANT(1)) { optional binary value; optional int32 typed_value; }");
    GroupType optionalMetadata =
        parse(
            "optional group var (VARIANT(1)) { optional binary metadata; required binary value; }");

    VariantSchemaException missing =
        assertThrows(VariantSchemaException.class, () -> VariantSchema.fromParquet(noMetadata));
    assertEquals("var", missing.column());
    assertTrue(
        missing.getMessage().contains("Missing required binary metadata"), missing.getMessage());
    VariantSchemaException mistyped =
        assertThrows(
            VariantSchemaException.class, () -> VariantSchema.fromParquet(optionalMetadata));
    assertEquals("var.metadata", mistyped.column());
  }

  @Test
  void rejectsLaterSpecificationVersions() {
    GroupType g =
        parse(
            "optional group var (VARIANT(2)) { required binary metadata; required binary value; }");

    VariantSchemaException e =
        assertThrows(VariantSchemaException.class, () -> VariantSchema.fromParquet(g));
    assertEquals("var", e.column());
    assertTrue(e.getMessage().contains("version 2"), e.getMessage());
  }

  @Test
  void rejectsUnknownFieldsButNotUnderscoreOnes() {
    GroupType g =
        parse(
            "optional group var (VARIANT(1)) { required binary metadata; optional binary value;"
                + " optional group typed_value { required group a { optional binary value; optional binary _x; optional int32 extra; } } }");

    VariantSchemaException e =
        assertThrows(VariantSchemaException.class, () -> VariantSchema.fromParquet(g));
    assertEquals("var.typed_value.a.extra", e.column());
    assertTrue(e.getMessage().contains("Unknown field \"extra\""), e.getMessage());
  }

  @Test
  void rejectsSlotsWithNeitherValueNorTyped() {
    GroupType g =
        parse(
            "optional group var (VARIANT(1)) { required binary metadata; optional binary value;"
                + " optional group typed_value { required group a { optional binary _x; } } }");

    VariantSchemaException e =
        assertThrows(VariantSchemaException.class, () -> VariantSchema.fromParquet(g));
    assertEquals("var.typed_value.a", e.column());
    assertTrue(e.getMessage().contains("found neither"), e.getMessage());
  }

  @Test
  void rejectsTwoLevelLists() {
    GroupType g =
        parse(
            "optional group var (VARIANT(1)) { required binary metadata; optional binary value;"
                + " optional group typed_value (LIST) { repeated binary element; } }");

    VariantSchemaException e =
        assertThrows(VariantSchemaException.class, () -> VariantSchema.fromParquet(g));
    assertEquals("var.typed_value", e.column());
    assertTrue(e.getMessage().contains("3-level LIST"), e.getMessage());
  }

  @Test
  void rejectsDraftSlotsWithTwoTypedShapes() {
    GroupType g =
        parse(
            "optional group v { optional binary untyped_value; optional int64 typed_value;"
                + " optional group object { optional group a { optional binary untyped_value; } } }");

    VariantSchemaException e =
        assertThrows(VariantSchemaException.class, () -> VariantSchema.fromParquet(g));
    assertTrue(e.getMessage().contains("both typed_value and object"), e.getMessage());
  }

  @Test
  void computesMinimalDecimalBytes() {
    assertEquals(1, TypedValueTypes.decimalBytes(2)); // 99 < 127
    assertEquals(2, TypedValueTypes.decimalBytes(3)); // 999 > 127
    assertEquals(9, TypedValueTypes.decimalBytes(19)); // 10^19 - 1 > 2^63 - 1
    assertEquals(16, TypedValueTypes.decimalBytes(38)); // 10^38 - 1 < 2^127 - 1
  }
}
