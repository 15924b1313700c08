// SPDX-License-Identifier: Apache-2.0
package io.variant.core.path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class VariantPathTest {
  private static final Variant DOC =
      VariantJson.parse(
          """
      {"user": {"name": "ada", "tags": ["x", "y"]},
       "items": [{"price": 9.50}, {"price": 12, "qty": 2}],
       "key with spaces": 1, "a": {"b": true}, "": "empty", "é": "acute", "quote'd": 3,
       "nothing": null}
      """);

  private static Segment key(String name) {
    return new Segment.Key(name);
  }

  private static Segment index(int i) {
    return new Segment.Index(i);
  }

  @Test
  void parsesDotBracketAndIndexSteps() {
    assertEquals(List.of(key("user"), key("name")), VariantPath.parse("$.user.name").segments());
    assertEquals(
        List.of(key("items"), index(0), key("price")),
        VariantPath.parse("$.items[0].price").segments());
    assertEquals(
        List.of(key("key with spaces")), VariantPath.parse("$['key with spaces']").segments());
    assertEquals(List.of(key("a"), key("b")), VariantPath.parse("$.a[\"b\"]").segments());
    assertEquals(List.of(index(12), index(0)), VariantPath.parse("$[12][0]").segments());
    assertEquals(List.of(key("é_1"), key("_x")), VariantPath.parse("$.é_1._x").segments());
    assertEquals(List.of(), VariantPath.parse("$").segments());
    assertEquals(List.of(key("")), VariantPath.parse("$['']").segments());
  }

  @Test
  void bracketNamesTakeJsonEscapes() {
    assertEquals(
        List.of(key("it's \"q\" \\ / \n\t\b\f\r é \uD83D\uDE00")),
        VariantPath.parse("$['it\\'s \"q\" \\\\ \\/ \\n\\t\\b\\f\\r \\u00e9 \\ud83d\\ude00']")
            .segments());
    assertEquals(List.of(key("a\"b'c")), VariantPath.parse("$[\"a\\\"b'c\"]").segments());
  }

  @Test
  void printsTheCanonicalForm() {
    assertEquals("$.user.name", VariantPath.parse("$['user'][\"name\"]").toString());
    assertEquals("$.items[0].price", VariantPath.parse("$.items[0].price").toString());
    assertEquals("$['key with spaces']", VariantPath.parse("$[\"key with spaces\"]").toString());
    assertEquals("$['0abc']['a-b']['']", VariantPath.parse("$['0abc']['a-b']['']").toString());
    assertEquals(
        "$['it\\'s\\\\\\n\\u0001']", VariantPath.parse("$[\"it's\\\\\\n\\u0001\"]").toString());
    assertEquals("$", VariantPath.root().toString());
  }

  @Test
  void canonicalFormParsesBackToTheSamePath() {
    Random r = new Random(42);
    String alphabet = "aZ_0 .[]'\"\\$\n\u0001é\uD83D\uDE00";
    for (int trial = 0; trial < 2000; trial++) {
      Segment[] segments = new Segment[r.nextInt(4)];
      for (int i = 0; i < segments.length; i++) {
        if (r.nextInt(4) == 0) {
          segments[i] = index(r.nextInt(3) == 0 ? Integer.MAX_VALUE : r.nextInt(300));
        } else {
          StringBuilder name = new StringBuilder();
          for (int j = r.nextInt(5); j > 0; j--) {
            int at = r.nextInt(alphabet.length());
            name.append(
                Character.isHighSurrogate(alphabet.charAt(at))
                    ? alphabet.substring(at, at + 2)
                    : Character.isLowSurrogate(alphabet.charAt(at))
                        ? "x"
                        : String.valueOf(alphabet.charAt(at)));
          }
          segments[i] = key(name.toString());
        }
      }
      VariantPath p = VariantPath.of(List.of(segments));

      assertEquals(p, VariantPath.parse(p.toString()), p.toString());
    }
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      textBlock =
          """
      # path          | position | message fragment
      ``              | 0        | expected '$' at the start, found the end
      user.name       | 0        | expected '$' at the start, found 'u'
      $user           | 1        | expected '.' or '[', found 'u'
      $.              | 2        | expected a name after '.'
      $.a..b          | 4        | expected a name after '.'
      $.1a            | 2        | quote others as ['name']), found '1'
      $.a b           | 3        | expected '.' or '[', found ' '
      $[              | 2        | expected a quoted name or an index after '['
      $[a]            | 2        | expected a quoted name or an index after '[', found 'a'
      $[-1]           | 2        | negative indices are not supported
      $[01]           | 2        | index has a leading zero
      $[2147483648]   | 2        | index is larger than 2147483647
      $[1             | 3        | expected ']', found the end
      $[1 ]           | 3        | expected ']', found ' '
      $['a'           | 5        | expected ']', found the end
      $['a            | 4        | unterminated name starting at position 2, found the end
      $['a\\x']       | 4        | unknown escape \\x
      $['\\u12']      | 7        | \\u needs four hex digits, found '''
      $['\\uzzzz']    | 5        | \\u needs four hex digits, found 'z'
      $['\\u٠٠٤١']    | 5        | \\u needs four hex digits, found '٠'
      $['\\u００４１']    | 5        | \\u needs four hex digits, found '０'
      $['\\ud800']    | 2        | unpaired surrogate
      $.a]            | 3        | expected '.' or '[', found ']'
      """)
  void reportsThePositionOfSyntaxErrors(String path, int position, String fragment) {
    var e = assertThrows(VariantPathException.class, () -> VariantPath.parse(path));

    assertEquals(position, e.position());
    assertTrue(
        e.getMessage().startsWith("Invalid path at position " + position + ": "), e.getMessage());
    assertTrue(e.getMessage().contains(fragment), e.getMessage());
    assertTrue(e instanceof IllegalArgumentException);
  }

  @Test
  void rejectsUnescapedControlCharacters() {
    var e = assertThrows(VariantPathException.class, () -> VariantPath.parse("$['a\nb']"));

    assertEquals(4, e.position());
    assertTrue(e.getMessage().contains("control character U+000A must be escaped"), e.getMessage());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      $                    | {"":"empty","a":{"b":true},"items":[{"price":9.50},{"price":12,"qty":2}],"key with spaces":1,"nothing":null,"quote'd":3,"user":{"name":"ada","tags":["x","y"]},"é":"acute"}
      $.user.name          | "ada"
      $.user.tags[1]       | "y"
      $.items[0].price     | 9.50
      $.items[1]           | {"price":12,"qty":2}
      $['key with spaces'] | 1
      $.a["b"]             | true
      $['']                | "empty"
      $.é                  | "acute"
      $['quote\\'d']       | 3
      $.nothing            | null
      """)
  void extractsTheValueAPathReaches(String path, String json) {
    assertEquals(json, VariantJson.toJson(VariantPath.parse(path).extract(DOC)));
  }

  @ParameterizedTest
  @CsvSource({
    "$.missing", "$.user.missing.deeper", "$.items[2]", "$.items[2147483647]", "$.user.name.first",
        "$.user[0]",
    "$.items.price", "$[0]", "$.nothing.x", "$.nothing[0]", "$.user.tags[0][0]", "$.User"
  })
  void extractsNullForMissingStepsAndWrongTypes(String path) {
    assertNull(VariantPath.parse(path).extract(DOC));
  }

  @Test
  void extractsAViewWithoutCopying() {
    Variant items = VariantPath.parse("$.items").extract(DOC);

    assertEquals(DOC.metadata(), items.metadata());
    assertSame(DOC.metadata(), VariantPath.parse("$.items[1].qty").extract(DOC).metadata());
    assertEquals(2, VariantPath.parse("$.items[1].qty").extract(DOC).longValue());
  }

  @Test
  void pathsAreValuesAndSegmentsAreChecked() {
    assertEquals(VariantPath.parse("$.a[0]"), VariantPath.of(List.of(key("a"), index(0))));
    assertEquals(VariantPath.parse("$.a[0]").hashCode(), VariantPath.parse("$['a'][0]").hashCode());
    assertNotEquals(VariantPath.parse("$.a"), VariantPath.parse("$.b"));
    assertSame(VariantPath.root(), VariantPath.parse("$"));
    assertThrows(
        UnsupportedOperationException.class,
        () -> VariantPath.parse("$.a").segments().add(key("b")));

    var negative = assertThrows(IllegalArgumentException.class, () -> index(-1));
    assertTrue(negative.getMessage().contains("indices start at 0"), negative.getMessage());
    assertThrows(NullPointerException.class, () -> key(null));
  }
}
