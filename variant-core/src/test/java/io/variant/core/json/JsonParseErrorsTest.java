// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.DuplicateKeys;
import io.variant.core.Limits;
import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantLimitException;
import io.variant.testkit.Hex;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Bad JSON gives a VariantJsonException with the line and column of the problem. */
class JsonParseErrorsTest {
  private static VariantJsonException parseFails(String json) {
    return assertThrows(VariantJsonException.class, () -> VariantJson.parse(json));
  }

  private static void assertError(VariantJsonException e, long line, long column, String fragment) {
    assertEquals(line, e.line(), e.getMessage());
    assertEquals(column, e.column(), e.getMessage());
    assertTrue(
        e.getMessage().startsWith("Invalid JSON at line " + line + ", column " + column + ": "),
        e.getMessage());
    assertTrue(e.getMessage().contains(fragment), e.getMessage());
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      textBlock =
          """
      # json (\\n is a newline)     | line | column | message fragment
      {"a":1,}                      | 1    | 8      | field name
      [1 2]                         | 1    | 4      | expecting comma
      {"a" 1}                       | 1    | 6      | expecting a colon
      \\n\\n  {"a": tru}            | 3    | 9      | tru
      ``                            | 1    | 1      | found the end of the input
      `  \\n `                      | 2    | 2      | found the end of the input
      1 2                           | 1    | 3      | after the document, found another value
      1 [                           | 1    | 3      | after the document, found '['
      {"a":1}}                      | 1    | 8      | Unexpected close marker
      {"a":1} x                     | 1    | 9      | Unrecognized token 'x'
      [1,2                          | 1    | 5      | end-of-input
      {"a":[1,{"b":                 | 1    | 14     | end-of-input
      NaN                           | 1    | 1      | NaN is not allowed in JSON
      'a'                           | 1    | 1      | Unexpected character
      "a\\u0001"                    | 1    | 3      | CTRL-CHAR
      ]                             | 1    | 1      | Unexpected close marker
      01                            | 1    | 2      | Leading zeroes
      [1.]                          | 1    | 3      | Decimal point not followed by a digit
      """)
  void reportsWhereTheJsonBreaks(String json, long line, long column, String fragment) {
    String text = json.replace("\\n", "\n").replace("\\u0001", "\u0001");

    assertError(parseFails(text), line, column, fragment);
  }

  /**
   * What JSON does not allow is said as such, at the offending token, without jackson's advice to
   * enable a parser feature that no caller of this library can enable.
   */
  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      textBlock =
          """
      # json                  | column | message
      {"a": NaN}              | 7      | NaN is not allowed in JSON, whose numbers are finite (write null, or the text as a string)
      [1, Infinity]           | 5      | Infinity is not allowed in JSON, whose numbers are finite (write null, or the text as a string)
      {"a": -Infinity}        | 7      | -Infinity is not allowed in JSON, whose numbers are finite (write null, or the text as a string)
      {"a": +1}               | 7      | a '+' before a number is not allowed in JSON
      [2, +1.5]               | 5      | a '+' before a number is not allowed in JSON
      +1                      | 1      | a '+' before a number is not allowed in JSON
      [1, /* c */ 2]          | 5      | comments are not allowed in JSON (found '/')
      """)
  void nonStandardInputSaysWhatJsonDoesNotAllow(String json, long column, String message) {
    byte[] utf8 = json.getBytes(StandardCharsets.UTF_8);
    for (VariantJsonException e :
        new VariantJsonException[] {
          parseFails(json),
          assertThrows(VariantJsonException.class, () -> VariantJson.parse(utf8)),
          assertThrows(
              VariantJsonException.class, () -> VariantJson.rowParser().parse(utf8, 0, utf8.length))
        }) {
      assertEquals("Invalid JSON at line 1, column " + column + ": " + message, e.getMessage());
      assertEquals(column, e.column());
    }
  }

  @Test
  void rejectsUnpairedSurrogatesInStringsAndKeys() {
    assertError(
        parseFails("[\"ok\", \"a\\ud800b\"]"), 1, 8, "unpaired surrogate \\uD800 at index 1");
    assertError(parseFails("{\"\\udc00\": 1}"), 1, 9, "surrogate"); // jackson checks names itself
    assertError(
        parseFails("\"\\ude00\\ud83d\""),
        1,
        1,
        "unpaired surrogate \\uDE00"); // pair in the wrong order
  }

  @Test
  void acceptsEscapedSurrogatePairsAndUnicode() {
    Variant v = VariantJson.parse("{\"\\u00e9\": \"\\ud83d\\ude00 \\u0000 é\"}");

    assertEquals("\uD83D\uDE00 \u0000 é", v.field("é").stringValue());
    assertEquals("{\"é\":\"\uD83D\uDE00 \\u0000 é\"}", VariantJson.toJson(v));
  }

  @Test
  void rejectsNestingDeeperThanTheDefaultLimit() {
    String ok = "[".repeat(1000) + "]".repeat(1000);
    String deep = "[".repeat(1001) + "]".repeat(1001);

    assertEquals(1000, depthOf(VariantJson.parse(ok)));
    assertError(
        parseFails(deep), 1, 1001, "nesting deeper than 1000 levels (raise Limits.maxDepth)");
  }

  @Test
  void rejectsNestingDeeperThanAConfiguredLimit() {
    JsonOptions three = JsonOptions.defaults().withLimits(Limits.defaults().withMaxDepth(3));

    assertEquals(3, depthOf(VariantJson.parse("{\"a\":[{\"b\":1}]}", three)));
    var e =
        assertThrows(
            VariantJsonException.class, () -> VariantJson.parse("{\"a\":\n[{\"b\":[1]}]}", three));
    assertError(e, 2, 7, "nesting deeper than 3 levels");
  }

  @Test
  void allowsDeepNestingWhenConfigured() {
    JsonOptions deep = JsonOptions.defaults().withLimits(Limits.defaults().withMaxDepth(5000));
    String json = "[".repeat(5000) + "]".repeat(5000);

    Variant v = VariantJson.parse(json, deep);

    assertEquals(5000, depthOf(v));
    assertEquals(json, VariantJson.toJson(v, deep.limits()));
  }

  private static int depthOf(Variant v) {
    int depth = 0;
    for (Variant x = v; x.isArray() || x.isObject(); depth++) {
      if (x.isArray() ? x.size() == 0 : x.fieldCount() == 0) {
        return depth + 1;
      }
      x = x.isArray() ? x.element(0) : x.fieldValue(0);
    }
    return depth;
  }

  @Test
  void rejectsDuplicateKeysAtTheClosingBrace() {
    var e = parseFails("{\"a\": 1,\n \"b\": {\"a\": 2},\n \"a\": 3}");

    assertError(e, 3, 8, "duplicate key \"a\" in the object that ends here");
    assertTrue(e.getMessage().contains("DuplicateKeys.LAST_WINS"), e.getMessage());
  }

  @Test
  void keepsTheLastDuplicateWhenAsked() {
    JsonOptions lastWins = JsonOptions.defaults().withDuplicateKeys(DuplicateKeys.LAST_WINS);

    Variant v = VariantJson.parse("{\"a\": 1, \"b\": {\"x\": 1, \"x\": [2]}, \"a\": 3}", lastWins);

    assertEquals("{\"a\":3,\"b\":{\"x\":[2]}}", VariantJson.toJson(v));
  }

  @Test
  void duplicateKeysFollowTheCallersBuilder() throws Exception {
    var factory = new com.fasterxml.jackson.core.JsonFactory();
    VariantBuilder rejecting = new VariantBuilder();
    VariantBuilder lastWins =
        new VariantBuilder(
            JsonOptions.defaults().withDuplicateKeys(DuplicateKeys.LAST_WINS).builderOptions());

    try (var p = factory.createParser("{\"k\":1,\"k\":2}")) {
      var e =
          assertThrows(
              VariantJsonException.class,
              () -> VariantJson.parse(p, rejecting, JsonOptions.defaults()));
      assertError(e, 1, 13, "duplicate key \"k\"");
    }
    try (var p = factory.createParser("{\"k\":1,\"k\":2}")) {
      VariantJson.parse(p, lastWins, JsonOptions.defaults());
      assertEquals("{\"k\":2}", VariantJson.toJson(lastWins.build()));
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      # bytes around "{"a":"…"}"        | line | column | byte
      C0 80                              | 1    | 7      | 0xC0
      ED A0 80                           | 1    | 7      | 0xED
      F4 90 80 80                        | 1    | 7      | 0xF4
      FF                                 | 1    | 7      | 0xFF
      C3                                 | 1    | 7      | 0xC3
      E2 82                              | 1    | 7      | 0xE2
      80                                 | 1    | 7      | 0x80
      """)
  void rejectsInvalidUtf8Bytes(String bad, long line, long column, String fragment) {
    byte[] json = concat("{\"a\":\"", Hex.bytes(bad), "\"}");

    var e = assertThrows(VariantJsonException.class, () -> VariantJson.parse(json));

    assertError(e, line, column, "invalid UTF-8 at byte 6 (" + fragment + ")");
  }

  @Test
  void invalidUtf8PositionCountsLinesAndBytes() {
    byte[] json = concat("[\"é\",\n  \"", Hex.bytes("C0 80"), "\"]"); // é is 2 bytes

    var e = assertThrows(VariantJsonException.class, () -> VariantJson.parse(json));

    assertError(e, 2, 4, "invalid UTF-8 at byte 10");
  }

  @Test
  void invalidUtf8AtTheVeryEndIsReported() {
    byte[] json = concat("\"é", Hex.bytes("E2 82"), "");

    var e = assertThrows(VariantJsonException.class, () -> VariantJson.parse(json));

    assertError(e, 1, 4, "invalid UTF-8 at byte 3");
  }

  @Test
  void parsesUtf8BytesWithAndWithoutByteOrderMark() {
    byte[] plain = "{\"ключ\": \"значение 😀\"}".getBytes(StandardCharsets.UTF_8);
    byte[] bom = concat("", Hex.bytes("EF BB BF"), new String(plain, StandardCharsets.UTF_8));

    assertEquals("значение 😀", VariantJson.parse(plain).field("ключ").stringValue());
    assertEquals(VariantJson.parse(plain), VariantJson.parse(bom));
  }

  @Test
  void byteInputReportsSyntaxErrors() {
    var e =
        assertThrows(
            VariantJsonException.class,
            () -> VariantJson.parse("{\"a\":\n  x}".getBytes(StandardCharsets.UTF_8)));

    assertError(e, 2, 3, "Unrecognized token 'x'");
  }

  @Test
  void valueLargerThanTheLimitIsALimitError() {
    JsonOptions small = JsonOptions.defaults().withLimits(Limits.defaults().withMaxValueBytes(64));
    String json = "[" + "\"abcd\",".repeat(20) + "0]"; // 20 short strings: over 64 bytes of value

    var e = assertThrows(VariantLimitException.class, () -> VariantJson.parse(json, small));

    assertTrue(e.getMessage().contains("Limits.maxValueBytes"), e.getMessage());
  }

  @Test
  void stringLongerThanTheLimitIsAJsonError() {
    JsonOptions small = JsonOptions.defaults().withLimits(Limits.defaults().withMaxValueBytes(64));

    var e =
        assertThrows(
            VariantJsonException.class,
            () -> VariantJson.parse("[\"" + "x".repeat(100) + "\"]", small));

    assertEquals(1, e.line()); // jackson's StreamReadConstraints, set from Limits.maxValueBytes
    assertTrue(e.getMessage().contains("String value length"), e.getMessage());
  }

  private static byte[] concat(String before, byte[] middle, String after) {
    byte[] a = before.getBytes(StandardCharsets.UTF_8);
    byte[] c = after.getBytes(StandardCharsets.UTF_8);
    byte[] out = new byte[a.length + middle.length + c.length];
    System.arraycopy(a, 0, out, 0, a.length);
    System.arraycopy(middle, 0, out, a.length, middle.length);
    System.arraycopy(c, 0, out, a.length + middle.length, c.length);
    return out;
  }
}
