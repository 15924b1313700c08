// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.schema.VariantSchema;
import io.variant.shredding.ShreddingPlan;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.predicate.Operators;
import org.apache.parquet.filter2.predicate.UserDefinedPredicate;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;

class PredicateTranslatorTest {
  private static final String PLAN =
      "{\"a\": {\"b\": int64, \"s\": string, \"d\": double, \"p\": decimal(9,2),"
          + " \"q\": decimal(20,2), \"day\": date, \"ok\": boolean, \"ts\": timestamp, \"f\": float, \"o\": {\"x\": int8}},"
          + " \"arr\": [int64], \"n\": int16, \"dot.ted\": int64}";

  private static MessageType schema(ShreddingLayout layout) {
    return Types.buildMessage()
        .addField(
            Types.optional(org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT64)
                .named("id"))
        .addField(
            VariantSchema.toParquet(
                "e", ShreddingPlan.parse(PLAN), layout, Type.Repetition.OPTIONAL))
        .named("m");
  }

  private static String translate(VariantPredicate p) {
    return p.toFilterPredicate(schema(ShreddingLayout.SPEC)).map(Object::toString).orElse("none");
  }

  /** The comparison parquet-java prints for a typed column. */
  private static String compare(String column, String comparison) {
    return "userdefinedbyinstance(" + column + ", " + comparison + ")";
  }

  @Test
  void comparesTheTypedColumnOnlyWhereItsOwnResidualIsNull() {
    // The objects' residuals (e.value, e.typed_value.a.value) never hold shredded field b: they
    // do not stop pruning (spec: VariantShredding §Data Skipping: only the sibling value column
    // counts). The sibling's values are compared too where they are strings of one length.
    assertEquals(
        "or("
            + compare("e.typed_value.a.typed_value.b.typed_value", "= 5")
            + ", "
            + compare("e.typed_value.a.typed_value.b.value", "= 5")
            + ")",
        translate(VariantPredicate.eq("e", "$.a.b", Literal.of(5))));
  }

  @Test
  void translatesEachOperator() {
    String n = "e.typed_value.n.typed_value";
    String v = "e.typed_value.n.value";
    assertEquals(
        "or(" + compare(n, "< 7") + ", " + compare(v, "< 7") + ")",
        translate(VariantPredicate.lt("e", "$.n", Literal.of(7))));
    assertEquals(
        "or(" + compare(n, "> 7") + ", " + compare(v, "> 7") + ")",
        translate(VariantPredicate.gt("e", "$.n", Literal.of(7))));
    String between = "between -1 and 2.00";
    assertEquals(
        "or(" + compare(n, between) + ", " + compare(v, between) + ")",
        translate(
            VariantPredicate.between(
                "e", "$.n", Literal.of(-1), Literal.of(new BigDecimal("2.00")))));
    assertEquals(
        "or(eq(" + n + ", null), noteq(" + v + ", null))",
        translate(VariantPredicate.isNull("e", "$.n")));
  }

  /** Whether the typed column's filter keeps a chunk's value, given as parquet-java reads it. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static boolean keeps(VariantPredicate p, Comparable<?> physical) {
    Operators.Or or =
        (Operators.Or) p.toFilterPredicate(schema(ShreddingLayout.SPEC)).orElseThrow();
    UserDefinedPredicate udp = ((Operators.UserDefined) or.getLeft()).getUserDefinedPredicate();
    return udp.keep(physical);
  }

  private static Literal number(String text) {
    return Literal.of(new BigDecimal(text));
  }

  @Test
  void readsEachTypedColumnsValuesAsTheRowTestDoes() {
    // decimal(9,2) is INT32 of unscaled values
    assertTrue(keeps(VariantPredicate.eq("e", "$.a.p", number("1.5")), 150));
    assertTrue(keeps(VariantPredicate.eq("e", "$.a.p", number("15e-1")), 150));
    assertFalse(keeps(VariantPredicate.eq("e", "$.a.p", number("1.5")), 151));
    assertTrue(keeps(VariantPredicate.eq("e", "$.a.p", Literal.of(1.5)), 150));
    assertFalse(keeps(VariantPredicate.eq("e", "$.a.p", Literal.of(0.1)), 10), "0.1 is inexact");
    // decimal(20,2) is FIXED_LEN_BYTE_ARRAY(9): -1.5 is unscaled -150, sign-extended big-endian
    Binary minus150 =
        Binary.fromConstantByteArray(new byte[] {-1, -1, -1, -1, -1, -1, -1, -1, 106});
    assertTrue(keeps(VariantPredicate.eq("e", "$.a.q", number("-1.50")), minus150));
    assertFalse(keeps(VariantPredicate.gt("e", "$.a.q", number("-1.5")), minus150));
    assertTrue(keeps(VariantPredicate.gt("e", "$.a.q", number("-1.5000001")), minus150));
    // int64 and int16 hold integers, compared with literals of any size and notation
    assertTrue(keeps(VariantPredicate.eq("e", "$.a.b", Literal.of(5.0)), 5L));
    assertTrue(keeps(VariantPredicate.lt("e", "$.a.b", number("5.000000000000000000001")), 5L));
    assertFalse(keeps(VariantPredicate.eq("e", "$.n", Literal.of(1L << 40)), 0));
    assertTrue(keeps(VariantPredicate.lt("e", "$.n", number("1e40")), Integer.MAX_VALUE));
    // doubles and floats with the literal rounded to their type; both zeros are 0; NaN matches
    // nothing
    assertTrue(keeps(VariantPredicate.eq("e", "$.a.d", Literal.of(0)), -0.0));
    assertTrue(keeps(VariantPredicate.eq("e", "$.a.d", Literal.of(-0.0)), 0.0));
    assertTrue(keeps(VariantPredicate.eq("e", "$.a.d", number("0.1")), 0.1));
    assertFalse(keeps(VariantPredicate.eq("e", "$.a.d", number("0.10000000000000002")), 0.1));
    assertTrue(keeps(VariantPredicate.eq("e", "$.a.f", number("0.1")), 0.1f));
    assertTrue(
        keeps(VariantPredicate.eq("e", "$.a.f", number("0.100000001490116119384765625")), 0.1f));
    assertFalse(keeps(VariantPredicate.eq("e", "$.a.f", number("0.10000001")), 0.1f));
    assertFalse(keeps(VariantPredicate.eq("e", "$.a.d", Literal.of(Double.NaN)), Double.NaN));
    assertFalse(keeps(VariantPredicate.lt("e", "$.a.d", Literal.of(1)), Double.NaN));
    // dates by day, booleans false < true, strings by unsigned bytes
    assertTrue(
        keeps(VariantPredicate.eq("e", "$.a.day", Literal.of(LocalDate.of(1970, 1, 11))), 10));
    assertTrue(keeps(VariantPredicate.eq("e", "$.a.ok", Literal.of(true)), true));
    assertTrue(keeps(VariantPredicate.lt("e", "$.a.ok", Literal.of(true)), false));
    assertTrue(
        keeps(
            VariantPredicate.gt("e", "$.a.s", Literal.of("\uE000")),
            Binary.fromString("\uD83D\uDE00")));
    assertFalse(keeps(VariantPredicate.eq("e", "$.a.s", Literal.of("x")), Binary.fromString("y")));
  }

  @Test
  void filtersSurviveJavaSerializationAsHadoopJobsPassThem() throws Exception {
    for (VariantPredicate p :
        List.of(
            VariantPredicate.between("e", "$.a.q", Literal.of(0.5), number("1e30")),
            VariantPredicate.eq("e", "$.a.s", Literal.of("x")),
            VariantPredicate.lt("e", "$.a.day", Literal.of(LocalDate.of(2024, 2, 29))))) {
      FilterPredicate f = p.toFilterPredicate(schema(ShreddingLayout.SPEC)).orElseThrow();
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
        out.writeObject(f);
      }
      try (ObjectInputStream in =
          new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
        assertEquals(f.toString(), in.readObject().toString());
      }
    }
  }

  @Test
  void givesNoFilterWhenTheTypedColumnCannotDecide() {
    assertEquals(
        "none", translate(VariantPredicate.eq("e", "$.arr[0]", Literal.of(1))), "array step");
    assertEquals(
        "none",
        translate(VariantPredicate.eq("e", "$.a.zzz", Literal.of(1))),
        "key only in residuals");
    assertEquals(
        "none", translate(VariantPredicate.eq("e", "$.a", Literal.of(1))), "object, not scalar");
    assertEquals(
        "none", translate(VariantPredicate.eq("e", "$.a.o.x.y", Literal.of(1))), "below a scalar");
    assertEquals(
        "none",
        translate(VariantPredicate.eq("e", "$.a.b", Literal.of("5"))),
        "string literal, int column");
    assertEquals(
        "none",
        translate(VariantPredicate.eq("e", "$.a.s", Literal.of(5))),
        "number literal, string column");
    assertEquals(
        "none",
        translate(VariantPredicate.eq("e", "$.a.day", Literal.of(20194))),
        "a date is not a number");
    assertEquals(
        "none",
        translate(VariantPredicate.eq("e", "$.a.ts", Literal.of(5))),
        "timestamp is not a number");
    assertEquals(
        "none",
        translate(VariantPredicate.eq("e", "$['dot.ted']", Literal.of(1))),
        "dots split column paths");
    assertEquals(
        "none", translate(VariantPredicate.eq("nope", "$.n", Literal.of(1))), "no such column");
    assertEquals(
        "none", translate(VariantPredicate.eq("id", "$.n", Literal.of(1))), "not a VARIANT column");
  }

  @Test
  void translatesTheDraftLayoutByItsColumnNames() {
    Optional<FilterPredicate> p =
        VariantPredicate.lt("e", "$.a.b", Literal.of(3))
            .toFilterPredicate(schema(ShreddingLayout.DRAFT));
    assertEquals(
        "or("
            + compare("e.object.a.object.b.typed_value", "< 3")
            + ", noteq(e.object.a.object.b.untyped_value, null))",
        p.orElseThrow().toString());
  }

  @Test
  void skipsResidualColumnsTheSchemaLacks() {
    // parquet-testing case 131's shape (no top-level value column), and a leaf without one.
    MessageType s =
        MessageTypeParser.parseMessageType(
            "message m { required group v (VARIANT(1)) { required binary metadata;"
                + " optional group typed_value { required group a { optional binary value; optional int32 typed_value; }"
                + " required group b { optional int32 typed_value; } } } }");
    assertEquals(
        "or("
            + compare("v.typed_value.a.typed_value", "> 1")
            + ", "
            + compare("v.typed_value.a.value", "> 1")
            + ")",
        VariantPredicate.gt("v", "$.a", Literal.of(1))
            .toFilterPredicate(s)
            .orElseThrow()
            .toString());
    assertEquals(
        compare("v.typed_value.b.typed_value", "> 1"),
        VariantPredicate.gt("v", "$.b", Literal.of(1))
            .toFilterPredicate(s)
            .orElseThrow()
            .toString());
  }
}
