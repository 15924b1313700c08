// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantType;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.schema.VariantSchema;
import io.variant.parquet.schema.VariantSchemaException;
import io.variant.shredding.ShreddingPlan;
import java.math.BigDecimal;
import org.apache.parquet.io.ValidatingRecordConsumer;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.Test;

/**
 * The exact RecordConsumer calls for one column, checked against hand-written traces. Every trace
 * also passes parquet-java's {@link ValidatingRecordConsumer}, which enforces schema order and
 * repetition. Trace notation: {@code name#index=} starts a field, {@code ;} ends it, {@code { }} is
 * a group, {@code l}/{@code i} are int64/int32 values and {@code 0x..} binaries.
 */
class VariantColumnWriterTest {

  private static String trace(VariantColumn column, GroupType group, Variant value) {
    RecordingConsumer recorder = new RecordingConsumer();
    ValidatingRecordConsumer validating =
        new ValidatingRecordConsumer(recorder, new MessageType("m", group));
    VariantColumnWriter writer = VariantColumnWriter.bind(column, group);
    validating.startMessage();
    writer.write(validating, 0, value);
    validating.endMessage();
    return recorder.trace();
  }

  private static GroupType group(String name, ShreddingPlan plan, ShreddingLayout layout) {
    return VariantSchema.toParquet(name, plan, layout, Type.Repetition.OPTIONAL);
  }

  /** {"a": 1, "c": true}, built with its own dictionary ["a", "c"]. */
  private static Variant objectAc() {
    VariantBuilder b = new VariantBuilder();
    b.startObject();
    b.key("a").appendLong(1);
    b.key("c").appendBoolean(true);
    b.endObject();
    return b.build();
  }

  @Test
  void specObjectWritesResidualThenFieldsAndAnEmptyGroupForAMissingField() {
    ShreddingPlan plan = ShreddingPlan.parse("{\"a\": int64, \"b\": string}");
    String trace =
        trace(
            VariantColumn.of("event", plan),
            group("event", plan, ShreddingLayout.SPEC),
            objectAc());
    assertEquals(
        "event#0= {"
            + " metadata#0= 0x110300010203616263 ;" // sorted, 3 keys, offsets 0 1 2 3, "abc": plan
            // keys + the row's c
            + " value#1= 0x020102000104 ;" // residual {c: true}: object, 1 field, id 2, offsets 0
            // 1, true
            + " typed_value#2= {"
            + " a#0= { typed_value#1= l1 ; } ;" // int8 1 widened into the int64 column
            + " b#1= { } ;" // b is missing: a required group with both children null
            + " } ; } ;",
        trace);
  }

  @Test
  void asWrittenPolicyKeepsTheRowMetadata() {
    ShreddingPlan plan = ShreddingPlan.parse("{\"a\": int64}");
    VariantColumn column =
        VariantColumn.of("event", plan).withMetadataPolicy(MetadataPolicy.AS_WRITTEN);
    String trace = trace(column, group("event", plan, ShreddingLayout.SPEC), objectAc());
    assertEquals(
        "event#0= {"
            + " metadata#0= 0x11020001026163 ;" // the row's own: sorted, 2 keys, offsets 0 1 2,
            // "ac"
            + " value#1= 0x020101000104 ;" // {c: true}: c is id 1 in the row's dictionary
            + " typed_value#2= { a#0= { typed_value#1= l1 ; } ; } ; } ;",
        trace);
  }

  @Test
  void arrayElementsAreRequiredGroupsAndMismatchesGoToTheElementResidual() {
    ShreddingPlan plan = ShreddingPlan.parse("[int8]");
    VariantBuilder b = new VariantBuilder();
    b.startArray().appendLong(1).appendString("x").endArray();
    String trace =
        trace(VariantColumn.of("v", plan), group("v", plan, ShreddingLayout.SPEC), b.build());
    assertEquals(
        "v#0= {"
            + " metadata#0= 0x110000 ;" // empty sorted dictionary
            + " typed_value#2= { list#0="
            + " { element#0= { typed_value#1= i1 ; } ; }" // int8 on INT32
            + " { element#0= { value#0= 0x0578 ; } ; }" // short string "x"
            + " ; } ; } ;",
        trace);
  }

  @Test
  void emptyArrayIsAListGroupWithoutRepeatedField() {
    ShreddingPlan plan = ShreddingPlan.parse("[int8]");
    Variant empty = new VariantBuilder().startArray().endArray().build();
    String trace =
        trace(VariantColumn.of("v", plan), group("v", plan, ShreddingLayout.SPEC), empty);
    assertEquals("v#0= { metadata#0= 0x110000 ; typed_value#2= { } ; } ;", trace);
  }

  @Test
  void sqlNullWritesNothingAndIsRejectedByARequiredGroup() {
    ShreddingPlan plan = ShreddingPlan.parse("{\"a\": int64}");
    assertEquals(
        "",
        trace(VariantColumn.of("event", plan), group("event", plan, ShreddingLayout.SPEC), null));

    GroupType required =
        VariantSchema.toParquet("event", plan, ShreddingLayout.SPEC, Type.Repetition.REQUIRED);
    VariantColumnWriter writer =
        VariantColumnWriter.bind(VariantColumn.of("event", plan), required);
    var e =
        assertThrows(
            IllegalArgumentException.class, () -> writer.write(new RecordingConsumer(), 0, null));
    assertTrue(e.getMessage().contains("SQL NULL"), e.getMessage());
  }

  @Test
  void variantNullGoesToTheResidual() {
    ShreddingPlan plan = ShreddingPlan.parse("int64");
    Variant nul = new VariantBuilder().appendNull().build();
    String trace = trace(VariantColumn.of("v", plan), group("v", plan, ShreddingLayout.SPEC), nul);
    assertEquals("v#0= { metadata#0= 0x110000 ; value#1= 0x00 ; } ;", trace);
  }

  @Test
  void draftResidualsCarryTheirOwnMetadataAndMissingFieldsAreNotWritten() {
    ShreddingPlan plan = ShreddingPlan.parse("{\"a\": int64, \"b\": int64}");
    VariantBuilder b = new VariantBuilder();
    b.startObject();
    b.key("a").appendString("s");
    b.key("z").appendLong(1);
    b.endObject();
    VariantColumn column = VariantColumn.of("event", plan).withLayout(ShreddingLayout.DRAFT);
    String trace = trace(column, group("event", plan, ShreddingLayout.DRAFT), b.build());
    assertEquals(
        "event#0= {"
            // metadata ["z"] (11 01 00 01 7A) ‖ {z: 1}: object, 1 field, id 0, offsets 0 2, int8 1
            + " untyped_value#0= 0x110100017A02010000020C01 ;"
            + " object#1= {"
            // a scalar residual uses no key: the Splitter gives it an empty sorted dictionary (11
            // 00 00) ‖ short string "s"
            + " a#0= { untyped_value#0= 0x1100000573 ; } ;"
            + " } ; } ;",
        trace); // b is missing: its optional group is not written
  }

  @Test
  void decimalOnFixedLengthIsSignExtendedBigEndian() {
    ShreddingPlan plan = ShreddingPlan.parse("decimal(20,2)"); // FIXED_LEN_BYTE_ARRAY(9)
    Variant v = new VariantBuilder().appendDecimal(new BigDecimal("-1.5")).build();
    String trace = trace(VariantColumn.of("d", plan), group("d", plan, ShreddingLayout.SPEC), v);
    // unscaled -150 at scale 2: 0xFF6A sign-extended to 9 bytes
    assertEquals("d#0= { metadata#0= 0x110000 ; typed_value#2= 0xFFFFFFFFFFFFFFFF6A ; } ;", trace);
  }

  @Test
  void decimalOnByteArrayIsMinimalBigEndian() {
    // Another writer's schema: a BYTE_ARRAY decimal, which this library reads but never produces
    // itself.
    GroupType g =
        MessageTypeParser.parseMessageType(
                "message m { optional group d (VARIANT(1)) {"
                    + " required binary metadata; optional binary value; optional binary typed_value (DECIMAL(38,2)); } }")
            .getType("d")
            .asGroupType();
    Variant v = new VariantBuilder().appendDecimal(new BigDecimal("1.5")).build();
    String trace = trace(VariantColumn.of("d", ShreddingPlan.parse("decimal(38,2)")), g, v);
    assertEquals(
        "d#0= { metadata#0= 0x110000 ; typed_value#2= 0x0096 ; } ;", trace); // 150, sign byte kept
    // a decimal8 rescaled past 18 digits: -1.5 at scale 20 in its 9 minimal bytes
    GroupType g20 =
        MessageTypeParser.parseMessageType(
                "message m { optional group d (VARIANT(1)) {"
                    + " required binary metadata; optional binary value; optional binary typed_value (DECIMAL(38,20)); } }")
            .getType("d")
            .asGroupType();
    Variant d8 =
        new VariantBuilder().appendDecimal(VariantType.DECIMAL8, new BigDecimal("-1.5")).build();
    assertEquals(
        "d#0= { metadata#0= 0x110000 ; typed_value#2= 0xF7DE54F2BBEB680000 ; } ;",
        trace(VariantColumn.of("d", ShreddingPlan.parse("decimal(38,20)")), g20, d8));
  }

  /** Nesting past the sink's first stack of slots grows it. */
  @Test
  void aPlanNestedTwentyDeepWritesEveryLevel() {
    int depth = 20;
    ShreddingPlan plan = ShreddingPlan.parse("[".repeat(depth) + "int8" + "]".repeat(depth));
    Variant v = io.variant.core.json.VariantJson.parse("[".repeat(depth) + "7" + "]".repeat(depth));
    String trace = trace(VariantColumn.of("v", plan), group("v", plan, ShreddingLayout.SPEC), v);
    assertEquals(depth, trace.split("element#0=", -1).length - 1, trace);
    assertTrue(trace.contains("typed_value#1= i7 ;"), trace);
  }

  /**
   * One field per typed column kind, each value as the splitter hands it over: decimals of every
   * width into INT32, INT64 and FIXED columns (a decimal16 into a narrow column, a decimal8
   * rescaled past 18 digits), and each other scalar.
   */
  @Test
  void everyTypedKindWritesItsParquetValue() {
    ShreddingPlan plan =
        ShreddingPlan.parse(
            "{\"b\": boolean, \"d4\": decimal(9,2), \"d4w\": decimal(9,2), \"d8\": decimal(18,2),"
                + " \"d8w\": decimal(18,2), \"dbig\": decimal(38,20), \"dt\": date, \"f\": float,"
                + " \"g\": double, \"i\": int32, \"l\": int64, \"s\": string, \"u\": uuid,"
                + " \"x\": binary}");
    VariantBuilder b = new VariantBuilder().startObject();
    b.key("b").appendBoolean(true);
    b.key("d4").appendDecimal(VariantType.DECIMAL4, new BigDecimal("1.50"));
    b.key("d4w").appendDecimal(VariantType.DECIMAL16, new BigDecimal("-2.25"));
    b.key("d8").appendDecimal(VariantType.DECIMAL8, new BigDecimal("3.75"));
    b.key("d8w").appendDecimal(VariantType.DECIMAL16, new BigDecimal("4.00"));
    b.key("dbig").appendDecimal(VariantType.DECIMAL8, new BigDecimal("-1.5"));
    b.key("dt").appendDate(19000);
    b.key("f").appendFloat(1.5f);
    b.key("g").appendDouble(-0.25);
    b.key("i").appendLong(70000);
    b.key("l").appendLong(-5);
    b.key("s").appendString("hi");
    b.key("u").appendUuid(new java.util.UUID(1, 2));
    b.key("x").appendBinary(new byte[] {(byte) 0xCA, (byte) 0xFE});
    Variant v = b.endObject().build();
    String trace = trace(VariantColumn.of("r", plan), group("r", plan, ShreddingLayout.SPEC), v);
    assertEquals(
        "r#0= { metadata#0= 0x110E00010306080B0F111213141516171862643464347764386438776462696764746667696C737578 ;"
            + " typed_value#2= {"
            + " b#0= { typed_value#1= btrue ; } ;"
            + " d4#1= { typed_value#1= i150 ; } ;" // a decimal4 into INT32, unscaled
            + " d4w#2= { typed_value#1= i-225 ; } ;" // a decimal16 into INT32
            + " d8#3= { typed_value#1= l375 ; } ;"
            + " d8w#4= { typed_value#1= l400 ; } ;" // a decimal16 into INT64
            // -1.5 at scale 20: -150000000000000000000 in 16 bytes, two's complement
            + " dbig#5= { typed_value#1= 0xFFFFFFFFFFFFFFF7DE54F2BBEB680000 ; } ;"
            + " dt#6= { typed_value#1= i19000 ; } ;"
            + " f#7= { typed_value#1= f1.5 ; } ;"
            + " g#8= { typed_value#1= d-0.25 ; } ;"
            + " i#9= { typed_value#1= i70000 ; } ;"
            + " l#10= { typed_value#1= l-5 ; } ;"
            + " s#11= { typed_value#1= 0x6869 ; } ;"
            + " u#12= { typed_value#1= 0x00000000000000010000000000000002 ; } ;" // big-endian
            + " x#13= { typed_value#1= 0xCAFE ; } ;"
            + " } ; } ;",
        trace);
  }

  @Test
  void rowsAlreadyOnTheSharedDictionaryAreNotReencoded() {
    ShreddingPlan plan = ShreddingPlan.parse("{\"a\": int64}");
    VariantColumn column =
        VariantColumn.of("event", plan)
            .withSharedKeys(java.util.List.of("c"))
            .withMetadataPolicy(MetadataPolicy.SHARED_DICTIONARY);
    VariantColumnWriter writer =
        VariantColumnWriter.bind(column, group("event", plan, ShreddingLayout.SPEC));
    RecordingConsumer sink = new RecordingConsumer();
    writer.write(
        sink, 0, objectAc()); // its dictionary ["a", "c"] has the same bytes as the shared one
    assertEquals(0, writer.rebasedRows());
    VariantBuilder b = new VariantBuilder();
    b.startObject().key("a").appendLong(2).endObject();
    writer.write(sink, 0, b.build()); // ["a"] differs
    assertEquals(1, writer.rebasedRows());
  }

  @Test
  void rejectsAGroupShreddedDifferentlyFromThePlan() {
    GroupType g = group("event", ShreddingPlan.parse("{\"a\": string}"), ShreddingLayout.SPEC);
    VariantColumn column = VariantColumn.of("event", ShreddingPlan.parse("{\"a\": int64}"));
    var e = assertThrows(VariantSchemaException.class, () -> VariantColumnWriter.bind(column, g));
    assertEquals("event", e.column());
    assertTrue(e.getMessage().contains("Cannot write plan"), e.getMessage());
  }

  @Test
  void rejectsASlotWithoutResidualColumn() {
    GroupType g =
        MessageTypeParser.parseMessageType(
                "message m { optional group v (VARIANT(1)) {"
                    + " required binary metadata; optional group typed_value { required group a { optional int64 typed_value; } } } }")
            .getType("v")
            .asGroupType();
    var e =
        assertThrows(
            VariantSchemaException.class,
            () ->
                VariantColumnWriter.bind(
                    VariantColumn.of("v", ShreddingPlan.parse("{\"a\": int64}")), g));
    assertTrue(e.column().startsWith("v"), e.column());
    assertTrue(e.getMessage().contains("residual"), e.getMessage());
  }
}
