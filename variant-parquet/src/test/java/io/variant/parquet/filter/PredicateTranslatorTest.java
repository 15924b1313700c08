package io.variant.parquet.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.schema.VariantSchema;
import io.variant.shredding.ShreddingPlan;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Optional;
import org.apache.parquet.filter2.predicate.FilterPredicate;
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

  @Test
  void comparesTheTypedColumnOnlyWhereItsOwnResidualIsNull() {
    // The objects' residuals (e.value, e.typed_value.a.value) never hold shredded field b: they
    // do not stop pruning (digest §D.5: only the sibling value column counts).
    assertEquals(
        "or(and(gteq(e.typed_value.a.typed_value.b.typed_value, 5), lteq(e.typed_value.a.typed_value.b.typed_value, 5)),"
            + " noteq(e.typed_value.a.typed_value.b.value, null))",
        translate(VariantPredicate.eq("e", "$.a.b", Literal.of(5))));
  }

  @Test
  void translatesEachOperator() {
    String n = "e.typed_value.n.typed_value";
    String residual = ", noteq(e.typed_value.n.value, null))";
    assertEquals(
        "or(lt(" + n + ", 7)" + residual,
        translate(VariantPredicate.lt("e", "$.n", Literal.of(7))));
    assertEquals(
        "or(gt(" + n + ", 7)" + residual,
        translate(VariantPredicate.gt("e", "$.n", Literal.of(7))));
    assertEquals(
        "or(and(gteq(" + n + ", -1), lteq(" + n + ", 2))" + residual,
        translate(
            VariantPredicate.between(
                "e", "$.n", Literal.of(-1), Literal.of(new BigDecimal("2.00")))));
    assertEquals(
        "or(eq(" + n + ", null)" + residual, translate(VariantPredicate.isNull("e", "$.n")));
  }

  @Test
  void convertsLiteralsToTheColumnsPhysicalValues() {
    assertTrue(
        translate(VariantPredicate.eq("e", "$.a.p", Literal.of(new BigDecimal("1.5"))))
            .startsWith("or(and(gteq(e.typed_value.a.typed_value.p.typed_value, 150),"),
        "decimal(9,2): unscaled at scale 2");
    // decimal(20,2) is FIXED_LEN_BYTE_ARRAY(9): -1.5 is unscaled -150, sign-extended big-endian
    assertContains(
        "gt(e.typed_value.a.typed_value.q.typed_value, Binary{9 constant bytes, [-1, -1, -1, -1, -1, -1, -1, -1, 106]})",
        translate(VariantPredicate.gt("e", "$.a.q", Literal.of(new BigDecimal("-1.5")))));
    assertContains(
        "gteq(e.typed_value.a.typed_value.day.typed_value, 10)",
        translate(VariantPredicate.eq("e", "$.a.day", Literal.of(LocalDate.of(1970, 1, 11)))));
    assertContains(
        "eq(e.typed_value.a.typed_value.ok.typed_value, true)",
        translate(VariantPredicate.eq("e", "$.a.ok", Literal.of(true))));
    assertContains(
        "gteq(e.typed_value.a.typed_value.s.typed_value, Binary{1 constant bytes, [120]})", // "x"
        translate(VariantPredicate.eq("e", "$.a.s", Literal.of("x"))));
  }

  private static void assertContains(String expected, String actual) {
    assertTrue(actual.contains(expected), actual);
  }

  @Test
  void widensInclusiveDoubleBoundsAtZeroToBothZeros() {
    String d = "e.typed_value.a.typed_value.d.typed_value";
    assertTrue(
        translate(VariantPredicate.eq("e", "$.a.d", Literal.of(0.0)))
            .contains("and(gteq(" + d + ", -0.0), lteq(" + d + ", 0.0))"));
    assertTrue(
        translate(VariantPredicate.eq("e", "$.a.d", Literal.of(-0.0)))
            .contains("and(gteq(" + d + ", -0.0), lteq(" + d + ", 0.0))"));
    assertTrue(
        translate(VariantPredicate.eq("e", "$.a.d", Literal.of(2.5)))
            .contains("and(gteq(" + d + ", 2.5), lteq(" + d + ", 2.5))"));
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
        translate(VariantPredicate.eq("e", "$.a.b", Literal.of(5.0))),
        "double literal, int column");
    assertEquals(
        "none",
        translate(VariantPredicate.eq("e", "$.a.b", Literal.of(new BigDecimal("5.5")))),
        "fraction");
    assertEquals(
        "none",
        translate(VariantPredicate.eq("e", "$.a.p", Literal.of(new BigDecimal("1.005")))),
        "scale 3 > 2");
    assertEquals(
        "none",
        translate(VariantPredicate.eq("e", "$.a.ts", Literal.of(5))),
        "timestamp is not a number");
    assertEquals(
        "none",
        translate(VariantPredicate.eq("e", "$.a.f", Literal.of(1.0))),
        "float is not double");
    assertEquals(
        "none",
        translate(VariantPredicate.eq("e", "$.a.d", Literal.of(Double.NaN))),
        "NaN equals nothing");
    assertEquals(
        "none",
        translate(VariantPredicate.lt("e", "$.a.ok", Literal.of(true))),
        "no order on booleans");
    assertEquals(
        "none",
        translate(VariantPredicate.eq("e", "$['dot.ted']", Literal.of(1))),
        "dots split column paths");
    assertEquals(
        "none", translate(VariantPredicate.eq("nope", "$.n", Literal.of(1))), "no such column");
    assertEquals(
        "none", translate(VariantPredicate.eq("id", "$.n", Literal.of(1))), "not a VARIANT column");
    assertEquals(
        "none", translate(VariantPredicate.eq("e", "$.n", Literal.of(1L << 40))), "beyond INT32");
  }

  @Test
  void translatesTheDraftLayoutByItsColumnNames() {
    Optional<FilterPredicate> p =
        VariantPredicate.lt("e", "$.a.b", Literal.of(3))
            .toFilterPredicate(schema(ShreddingLayout.DRAFT));
    assertEquals(
        "or(lt(e.object.a.object.b.typed_value, 3), noteq(e.object.a.object.b.untyped_value, null))",
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
        "or(gt(v.typed_value.a.typed_value, 1), noteq(v.typed_value.a.value, null))",
        VariantPredicate.gt("v", "$.a", Literal.of(1))
            .toFilterPredicate(s)
            .orElseThrow()
            .toString());
    assertEquals(
        "gt(v.typed_value.b.typed_value, 1)",
        VariantPredicate.gt("v", "$.b", Literal.of(1))
            .toFilterPredicate(s)
            .orElseThrow()
            .toString());
  }
}
