// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.shredding.ShreddingPlan.Field;
import io.variant.shredding.ShreddingPlan.ObjectPlan;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlanTextTest {
  @Test
  void parsesEveryScalarName() {
    // The names are written out here, not taken from Kind.text(), so a renamed kind fails this
    // test.
    String[] names = {
      "boolean",
      "int8",
      "int16",
      "int32",
      "int64",
      "float",
      "double",
      "date",
      "time",
      "timestamp",
      "timestamp_ntz",
      "timestamp_nanos",
      "timestamp_ntz_nanos",
      "binary",
      "string",
      "uuid"
    };
    ShreddedType[] types = {
      ShreddedType.BOOLEAN,
      ShreddedType.INT8,
      ShreddedType.INT16,
      ShreddedType.INT32,
      ShreddedType.INT64,
      ShreddedType.FLOAT,
      ShreddedType.DOUBLE,
      ShreddedType.DATE,
      ShreddedType.TIME,
      ShreddedType.TIMESTAMP,
      ShreddedType.TIMESTAMP_NTZ,
      ShreddedType.TIMESTAMP_NANOS,
      ShreddedType.TIMESTAMP_NTZ_NANOS,
      ShreddedType.BINARY,
      ShreddedType.STRING,
      ShreddedType.UUID
    };
    assertEquals(
        ShreddedType.Kind.values().length - 1, names.length, "one name per non-decimal kind");
    for (int i = 0; i < names.length; i++) {
      assertEquals(ShreddingPlan.scalar(types[i]), ShreddingPlan.parse(names[i]), names[i]);
      assertEquals(names[i], ShreddingPlan.scalar(types[i]).print());
    }
  }

  @Test
  void parsesDecimalsAtThePrecisionAndScaleEdges() {
    assertEquals(
        ShreddingPlan.scalar(ShreddedType.decimal(9, 2)), ShreddingPlan.parse("decimal(9,2)"));
    assertEquals(
        ShreddingPlan.scalar(ShreddedType.decimal(1, 0)), ShreddingPlan.parse("decimal(1,0)"));
    assertEquals(
        ShreddingPlan.scalar(ShreddedType.decimal(1, 1)), ShreddingPlan.parse("decimal(1,1)"));
    assertEquals(
        ShreddingPlan.scalar(ShreddedType.decimal(38, 0)), ShreddingPlan.parse("decimal(38,0)"));
    assertEquals(
        ShreddingPlan.scalar(ShreddedType.decimal(38, 38)), ShreddingPlan.parse("decimal(38,38)"));
    assertEquals(
        ShreddingPlan.scalar(ShreddedType.decimal(18, 9)),
        ShreddingPlan.parse("decimal ( 18 , 09 )"));
    assertEquals("decimal(38,38)", ShreddingPlan.scalar(ShreddedType.decimal(38, 38)).print());
  }

  @Test
  void parsesVariantAsTheResidualPlan() {
    assertEquals(ShreddingPlan.residual(), ShreddingPlan.parse("variant"));
    assertEquals(ShreddingPlan.residual(), ShreddingPlan.parse(" \n\tvariant\r\n"));
    assertEquals("variant", ShreddingPlan.residual().print());
  }

  @Test
  void parsesTheIssueExample() {
    String text =
        "{\"id\": int64, \"user\": {\"name\": string, \"tags\": [string]}, \"price\": decimal(9,2), \"extra\": variant}";
    ShreddingPlan expected =
        new ObjectPlan(
            List.of(
                new Field("id", ShreddingPlan.scalar(ShreddedType.INT64)),
                new Field(
                    "user",
                    new ObjectPlan(
                        List.of(
                            new Field("name", ShreddingPlan.scalar(ShreddedType.STRING)),
                            new Field(
                                "tags",
                                ShreddingPlan.array(ShreddingPlan.scalar(ShreddedType.STRING)))))),
                new Field("price", ShreddingPlan.scalar(ShreddedType.decimal(9, 2))),
                new Field("extra", ShreddingPlan.residual())));
    assertEquals(expected, ShreddingPlan.parse(text));
    assertEquals(text, expected.print());
    assertEquals(text, expected.toString());
  }

  @Test
  void keepsFieldOrderAsWritten() {
    ObjectPlan plan = (ObjectPlan) ShreddingPlan.parse("{\"b\": int8, \"a\": int8, \"c\": int8}");
    assertEquals(List.of("b", "a", "c"), plan.fields().stream().map(Field::name).toList());
    assertEquals("{\"b\": int8, \"a\": int8, \"c\": int8}", plan.print());
  }

  @Test
  void fieldOrderMattersForEquality() {
    assertEquals(
        false,
        ShreddingPlan.parse("{\"a\": int8, \"b\": int8}")
            .equals(ShreddingPlan.parse("{\"b\": int8, \"a\": int8}")));
  }

  @Test
  void parsesNestedArraysAndObjects() {
    ShreddingPlan plan = ShreddingPlan.parse("[[{\"a\": [variant], \"b\": {\"c\": [[date]]}}]]");
    ShreddingPlan expected =
        ShreddingPlan.array(
            ShreddingPlan.array(
                new ObjectPlan(
                    List.of(
                        new Field("a", ShreddingPlan.array(ShreddingPlan.residual())),
                        new Field(
                            "b",
                            new ObjectPlan(
                                List.of(
                                    new Field(
                                        "c",
                                        ShreddingPlan.array(
                                            ShreddingPlan.array(
                                                ShreddingPlan.scalar(ShreddedType.DATE)))))))))));
    assertEquals(expected, plan);
    assertEquals("[[{\"a\": [variant], \"b\": {\"c\": [[date]]}}]]", plan.print());
  }

  @Test
  void acceptsWhitespaceAnywhereBetweenTokens() {
    ShreddingPlan plan =
        ShreddingPlan.parse("\n{ \"a\"\t:\r\n[ int8 ] ,\"b\" :decimal\n(\n4\t,\t2\n)\n}\n");
    assertEquals("{\"a\": [int8], \"b\": decimal(4,2)}", plan.print());
  }

  @Test
  void decodesEveryJsonEscapeInKeys() {
    // \" \\ \/ \b \f \n \r \t, then \u00e9 (é) and the surrogate pair \ud83d\ude00 (U+1F600)
    ObjectPlan plan =
        (ObjectPlan)
            ShreddingPlan.parse(
                "{\"q\\\"b\\\\s\\/b\\bf\\fn\\nr\\rt\\t\": int8, \"\\u00e9\\ud83d\\ude00\": int8, \"\\u0000\": int8}");
    assertEquals("q\"b\\s/b\bf\fn\nr\rt\t", plan.fields().get(0).name());
    assertEquals("é\uD83D\uDE00", plan.fields().get(1).name());
    assertEquals("\u0000", plan.fields().get(2).name());
  }

  @Test
  void printsKeysWithMinimalEscapes() {
    ShreddingPlan plan =
        new ObjectPlan(
            List.of(
                new Field("q\"b\\s/", ShreddingPlan.scalar(ShreddedType.INT8)),
                new Field("\b\f\n\r\t", ShreddingPlan.scalar(ShreddedType.INT8)),
                new Field("\u0000\u001f\u007f", ShreddingPlan.scalar(ShreddedType.INT8)),
                new Field("", ShreddingPlan.scalar(ShreddedType.INT8))));
    // '/' and DEL stay as they are; other control characters become \\uXXXX
    assertEquals(
        "{\"q\\\"b\\\\s/\": int8, \"\\b\\f\\n\\r\\t\": int8, \"\\u0000\\u001f\u007f\": int8, \"\": int8}",
        plan.print());
    assertEquals(plan, ShreddingPlan.parse(plan.print()));
  }

  @Test
  void printsUnicodeKeysAsThemselves() {
    ShreddingPlan plan =
        new ObjectPlan(
            List.of(
                new Field("日本語", ShreddingPlan.scalar(ShreddedType.STRING)),
                new Field("emoji 😀", ShreddingPlan.scalar(ShreddedType.UUID)),
                new Field("naïve", ShreddingPlan.residual())));
    assertEquals("{\"日本語\": string, \"emoji 😀\": uuid, \"naïve\": variant}", plan.print());
    assertEquals(plan, ShreddingPlan.parse(plan.print()));
  }

  @Test
  void printsUnpairedSurrogatesEscapedSoTheOutputStaysPrintable() {
    ShreddingPlan plan =
        new ObjectPlan(List.of(new Field("a\uD800", ShreddingPlan.scalar(ShreddedType.INT8))));
    assertEquals("{\"a\\ud800\": int8}", plan.print());
  }

  @Test
  void printsAnIndentedFormThatParsesBack() {
    ShreddingPlan plan =
        ShreddingPlan.parse(
            "{\"id\": int64, \"user\": {\"name\": string}, \"items\": [{\"price\": decimal(9,2)}], \"t\": [int8]}");
    String expected =
        String.join(
            "\n",
            "{",
            "  \"id\": int64,",
            "  \"user\": {",
            "    \"name\": string",
            "  },",
            "  \"items\": [{",
            "    \"price\": decimal(9,2)",
            "  }],",
            "  \"t\": [int8]",
            "}");
    assertEquals(expected, PlanText.printIndented(plan));
    assertEquals(plan, ShreddingPlan.parse(expected));
    assertEquals("int8", PlanText.printIndented(ShreddingPlan.scalar(ShreddedType.INT8)));
  }

  @Test
  void acceptsNestingUpToTheDepthLimit() {
    String text = "[".repeat(1000) + "int8" + "]".repeat(1000);
    ShreddingPlan plan = ShreddingPlan.parse(text);
    for (int i = 0; i < 1000; i++) {
      plan = ((ShreddingPlan.ArrayPlan) plan).element();
    }
    assertEquals(ShreddingPlan.scalar(ShreddedType.INT8), plan);
  }
}
