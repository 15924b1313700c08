// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Each syntax error: the exception type, then {@code position()}, then a fragment of the message.
 */
class PlanTextErrorTest {
  private static void rejects(String text, int position, String fragment) {
    PlanSyntaxException e =
        assertThrows(PlanSyntaxException.class, () -> ShreddingPlan.parse(text));
    assertEquals(position, e.position(), e.getMessage());
    assertTrue(
        e.getMessage().startsWith("Invalid plan at position " + position + ": "), e.getMessage());
    assertTrue(e.getMessage().contains(fragment), e.getMessage());
    assertTrue(e.reason().contains(fragment), e.reason());
  }

  @Test
  void messageHasPositionReasonAndCaretExcerpt() {
    // { " i d " :   i n t 6 4 ,   " a " :   }
    // 0 1 2 3 4 5 6 7 8 9 ...          17 18 19
    PlanSyntaxException e =
        assertThrows(
            PlanSyntaxException.class, () -> ShreddingPlan.parse("{\"id\": int64, \"a\": }"));
    assertEquals(19, e.position());
    assertEquals(
        "Invalid plan at position 19: expected a type name, found '}'\n"
            + "  {\"id\": int64, \"a\": }\n"
            + "  "
            + " ".repeat(19)
            + "^",
        e.getMessage());
    assertEquals("expected a type name, found '}'", e.reason());
  }

  @Test
  void excerptShowsOnlyTheLineOfTheError() {
    // line 3 is "}" at position 23: "{\n" (0-1), "  \"a\": int8,\n" (2-14), "  \"b\": \n" (15-22)
    PlanSyntaxException e =
        assertThrows(
            PlanSyntaxException.class,
            () -> ShreddingPlan.parse("{\n  \"a\": int8,\n  \"b\": \n}"));
    assertEquals(23, e.position());
    assertEquals(
        "Invalid plan at position 23: expected a type name, found '}'\n  }\n  ^", e.getMessage());
  }

  @Test
  void excerptOfALongLineIsAWindowAroundThePosition() {
    // '{' '"' then 140 'k' (2..141), '"' 142, ':' 143, ' ' 144, '}' 145, then 100 spaces
    String text = "{\"" + "k".repeat(140) + "\": }" + " ".repeat(100);
    PlanSyntaxException e =
        assertThrows(PlanSyntaxException.class, () -> ShreddingPlan.parse(text));
    assertEquals(145, e.position());
    // the window is 72 chars starting 36 before the position, marked "..." on both cut sides
    assertTrue(
        e.getMessage()
            .endsWith(
                "\n  ..."
                    + "k".repeat(33)
                    + "\": }"
                    + " ".repeat(35)
                    + "...\n  "
                    + " ".repeat(39)
                    + "^"),
        e.getMessage());
  }

  @Test
  void rejectsEmptyText() {
    rejects("", 0, "expected a type name, found end of input");
    rejects("  \n ", 4, "expected a type name, found end of input");
  }

  @Test
  void rejectsMissingTypeInField() {
    rejects("{\"a\": }", 6, "expected a type name, found '}'");
  }

  @Test
  void rejectsEmptyObjectBecauseParquetGroupsCannotBeEmpty() {
    rejects("{}", 1, "an object needs at least one field, as Parquet groups cannot be empty");
    rejects("{ \n }", 4, "expected a field name (a JSON string), found '}'");
  }

  @Test
  void rejectsTrailingComma() {
    rejects("{\"a\": int8,}", 11, "expected a field name (a JSON string), found '}'");
  }

  @Test
  void rejectsDuplicateFieldNamesAtTheSecondName() {
    rejects("{\"a\": int8, \"a\": int16}", 12, "duplicate field name \"a\"");
    rejects(
        "{\"a\": int8, \"\\u0061\": int16}",
        12,
        "duplicate field name \"a\""); // escapes are decoded first
  }

  @Test
  void rejectsUnquotedFieldName() {
    rejects("{a: int8}", 1, "expected a field name (a JSON string), found 'a'");
  }

  @Test
  void rejectsMissingColon() {
    rejects("{\"a\" int8}", 5, "expected ':' after the field name, found 'i'");
  }

  @Test
  void rejectsMissingCommaOrBrace() {
    rejects("{\"a\": int8 \"b\": int8}", 11, "expected ',' or '}' after a field, found '\"'");
    rejects("{\"a\": int8;}", 10, "expected ',' or '}' after a field, found ';'");
    rejects("{\"a\": int8", 10, "expected ',' or '}' after a field, found end of input");
  }

  @Test
  void rejectsArraysWithoutExactlyOneElementType() {
    rejects("[]", 1, "expected a type name, found ']'");
    rejects("[int8, int16]", 5, "expected ']': an array has exactly one element type, found ','");
    rejects("[int8", 5, "found end of input");
  }

  @Test
  void rejectsTextAfterThePlan() {
    rejects("int8 int8", 5, "expected end of input after the plan, found 'i'");
    rejects("{\"a\": int8}}", 11, "expected end of input after the plan, found '}'");
  }

  @Test
  void rejectsUnknownTypeNames() {
    rejects("int65", 0, "unknown type name 'int65'; expected variant, boolean, int8");
    rejects("{\"a\": varchar}", 6, "unknown type name 'varchar'");
    rejects("object", 0, "an object {...} or an array [...]");
  }

  @Test
  void suggestsLowercaseForUppercaseTypeNames() {
    rejects("INT64", 0, "type names are lowercase, did you mean 'int64'?");
    rejects("Variant", 0, "did you mean 'variant'?");
    rejects("[Decimal(9,2)]", 1, "did you mean 'decimal'?");
    rejects("TIMESTAMP_NTZ", 0, "did you mean 'timestamp_ntz'?");
    rejects("Aa", 0, "unknown type name 'Aa'");
    rejects("Zz", 0, "unknown type name 'Zz'");
  }

  @Test
  void aTypeNameRunsOverLettersDigitsAndUnderscores() {
    rejects("int09", 0, "unknown type name 'int09'");
    rejects("int90", 0, "unknown type name 'int90'");
    rejects("az_AZ_09", 0, "unknown type name 'az_AZ_09'");
  }

  @Test
  void rejectsNonAsciiWhereATypeIsExpected() {
    rejects("{\"a\": ü}", 6, "expected a type name, found 'ü'");
    rejects(
        "\u00a0int8",
        0,
        "expected a type name, found U+00A0"); // no-break space is not plan whitespace
  }

  @Test
  void rejectsMalformedDecimals() {
    rejects("decimal", 7, "expected '(' after decimal, as in decimal(9,2), found end of input");
    rejects("decimal(,2)", 8, "expected the decimal precision (digits), found ','");
    rejects("decimal(-1,2)", 8, "expected the decimal precision (digits), found '-'");
    rejects("decimal(9)", 9, "expected ',' between the decimal precision and scale, found ')'");
    rejects("decimal(9,)", 10, "expected the decimal scale (digits), found ')'");
    rejects("decimal(9,2", 11, "expected ')' after the decimal scale, found end of input");
    rejects("decimal(9.5,2)", 9, "expected ',' between the decimal precision and scale, found '.'");
  }

  @Test
  void rejectsDecimalPrecisionOutOfRangeAtThePrecision() {
    rejects("decimal(39,2)", 8, "decimal(39,2) is invalid");
    rejects("decimal(0,0)", 8, "decimal(0,0) is invalid");
    rejects("decimal(12345678901,2)", 8, "the decimal precision 12345678901 is out of range");
    rejects("decimal(1234567890,2)", 8, "the decimal precision 1234567890 is out of range");
    rejects("decimal(123456789,2)", 8, "decimal(123456789,2) is invalid"); // 9 digits: an int
  }

  @Test
  void rejectsDecimalScaleAbovePrecisionAtTheScale() {
    rejects("decimal(9,10)", 10, "decimal(9,10) is invalid");
    rejects("{\"p\": decimal( 38 , 39 )}", 20, "decimal(38,39) is invalid");
  }

  @Test
  void rejectsInvalidEscapes() {
    rejects("{\"a\\q\": int8}", 3, "invalid escape '\\q' in a field name");
    rejects(
        "{\"a\\u12G4\": int8}",
        7,
        "expected 4 hex digits in the \\u escape at position 3, found 'G'");
    rejects(
        "{\"a\\u12",
        7,
        "expected 4 hex digits in the \\u escape at position 3, found end of input");
    rejects("{\"a\\", 4, "expected an escape character after '\\', found end of input");
  }

  @Test
  void rejectsUnterminatedFieldName() {
    rejects(
        "{\"abc",
        5,
        "expected '\"' to close the field name opened at position 1, found end of input");
  }

  @Test
  void rejectsRawControlCharactersInFieldNames() {
    rejects("{\"a\nb\": int8}", 3, "control character U+000A in a field name must be escaped");
    rejects("{\"\u0000\": int8}", 2, "control character U+0000");
  }

  @Test
  void rejectsUnpairedSurrogatesInFieldNames() {
    rejects("{\"\\ud800\": int8}", 2, "unpaired UTF-16 surrogate in a field name");
    rejects("{\"\\udc00x\": int8}", 2, "unpaired UTF-16 surrogate");
    rejects(
        "{\"x\\ud800\\u0041\": int8}", 3, "unpaired UTF-16 surrogate"); // points at the high half
    rejects(
        "{\"\\ud83d\\ude00\\ude00\": int8}",
        14,
        "unpaired UTF-16 surrogate"); // a pair, then a lone low
    rejects(
        "{\"\uD800\": int8}",
        2,
        "unpaired UTF-16 surrogate"); // raw in the Java string, not escaped
  }

  @Test
  void rejectsNestingDeeperThanTheLimit() {
    String text = "[".repeat(1001) + "int8" + "]".repeat(1001);
    rejects(text, 1000, "objects and arrays nested deeper than 1000 levels");
    String objects = "{\"a\": ".repeat(1001) + "int8" + "}".repeat(1001);
    rejects(objects, 6000, "nested deeper than 1000 levels");
  }

  @Test
  void siblingsDoNotCountAsNesting() {
    // 1000 fields, each an object (then each an array) one level down: two levels deep however many
    for (String child : new String[] {"{\"x\": int8}", "[int8]"}) {
      StringBuilder text = new StringBuilder("{");
      for (int i = 0; i < 1000; i++) {
        text.append(i == 0 ? "" : ", ").append("\"f").append(i).append("\": ").append(child);
      }
      ShreddingPlan plan = ShreddingPlan.parse(text.append("}").toString());
      assertEquals(1000, plan.asObject().fields().size());
    }
    String deepest = "[".repeat(999) + "{\"a\": int8}" + "]".repeat(999); // exactly 1000 levels
    assertEquals(deepest, ShreddingPlan.parse(deepest).print());
  }

  @Test
  void rejectsNullText() {
    NullPointerException e =
        assertThrows(NullPointerException.class, () -> ShreddingPlan.parse(null));
    assertEquals("text", e.getMessage());
  }
}
