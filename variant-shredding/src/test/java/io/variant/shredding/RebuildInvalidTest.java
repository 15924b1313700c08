// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import static io.variant.shredding.testkit.ShreddedTree.elements;
import static io.variant.shredding.testkit.ShreddedTree.fields;
import static io.variant.shredding.testkit.ShreddedTree.missing;
import static io.variant.shredding.testkit.ShreddedTree.slot;
import static io.variant.shredding.testkit.ShreddedTree.typed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantMetadata;
import io.variant.shredding.testkit.ShreddedTree.Slot;
import io.variant.testkit.Hex;
import java.math.BigDecimal;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every invalid combination of shredded parts fails the rebuild with {@link ShreddingException},
 * naming the exact path of the offending slot (spec: VariantShredding §Value Shredding, §Objects).
 * Rows are built by hand; residuals use the row metadata {@code ["a", "b", "c"]}.
 */
class RebuildInvalidTest {
  private static final String ROW_METADATA =
      "11 03 00 01 02 03 61 62 63"; // sorted, 3 keys, offsets 0 1 2 3, "abc"
  private static final VariantMetadata METADATA = VariantMetadata.of(Hex.bytes(ROW_METADATA));

  /** A residual over the row metadata, from hand-written value bytes. */
  private static Variant value(String hex) {
    return Variant.of(Hex.bytes(ROW_METADATA), Hex.bytes(hex));
  }

  private static final String INT8_1 = "0C 01";
  private static final String INT32_34 = "14 22 00 00 00";
  private static final String NULL = "00";
  private static final String ARRAY_OF_1 =
      "03 01 00 02 0C 01"; // array, 1 element, offsets 0 2, int8 1
  private static final String OBJECT_A1_C2 =
      "02 02 00 02 00 02 04 0C 01 0C 02"; // {a: 1, c: 2}: ids 0 2, offsets 0 2 4

  static Stream<Arguments> invalidRows() {
    return Stream.of(
        // label, plan, row, path, message fragment
        row(
            "scalar value and typed",
            "{\"a\": int64}",
            typed(fields(slot(value(INT8_1), 5L))),
            "$.a",
            "conflicting value and typed_value"),
        row(
            "top-level scalar value and typed (case 042)",
            "int64",
            slot(value(INT32_34), 34L),
            "$",
            "conflicting value and typed_value"),
        row(
            "array value and typed",
            "{\"a\": [int8]}",
            typed(fields(slot(value(ARRAY_OF_1), elements(typed(1L))))),
            "$.a",
            "conflicting value and typed_value"),
        row(
            "array element value and typed (case 040)",
            "{\"a\": [int8]}",
            typed(fields(typed(elements(typed(1L), typed(2L), slot(value(INT8_1), 3L))))),
            "$.a[2]",
            "conflicting value and typed_value"),
        row(
            "non-object residual beside object typed (case 087)",
            "{\"b\": {\"c\": string}}",
            typed(fields(slot(value(INT32_34), fields(missing())))),
            "$.b",
            "non-object value with shredded fields"),
        row(
            "residual 00 beside object typed (case 128)",
            "{\"a\": int64}",
            slot(value(NULL), fields(missing())),
            "$",
            "non-object value with shredded fields"),
        row(
            "residual array beside object typed",
            "[{\"c\": string}]",
            typed(elements(missing(), slot(value(ARRAY_OF_1), fields(typed("x".getBytes()))))),
            "$[1]",
            "value is ARRAY"),
        row(
            "shredded key repeated in the residual",
            "{\"a\": int64, \"b\": string}",
            slot(value(OBJECT_A1_C2), fields(typed(5L), missing())),
            "$",
            "shredded key \"a\""),
        row(
            "typed int8 column holding 300",
            "{\"a\": int8}",
            typed(fields(typed(300L))),
            "$.a",
            "300"),
        row(
            "typed int8 column holding -129",
            "{\"a\": int8}",
            typed(fields(typed(-129L))),
            "$.a",
            "-129"),
        row(
            "typed int16 column holding 40000",
            "{\"b\": int16}",
            typed(fields(typed(40_000L))),
            "$.b",
            "40000"),
        row(
            "typed int32 column holding 2^31",
            "[int32]",
            typed(elements(typed(1L), typed(1L << 31))),
            "$[1]",
            "2147483648"),
        row(
            "invalid UTF-8 in a typed string",
            "{\"s\": string}",
            typed(fields(typed(new byte[] {'o', (byte) 0xC3, '('}))),
            "$.s",
            "UTF-8"), // C3 needs a continuation
        row(
            "uuid of 15 bytes",
            "{\"u\": uuid}",
            typed(fields(typed(new byte[15]))),
            "$.u",
            "16 bytes, found 15"),
        row("uuid of 17 bytes", "uuid", typed(new byte[17]), "$", "16 bytes, found 17"),
        row(
            "decimal above the column's precision",
            "{\"d\": decimal(4,2)}",
            typed(fields(typed(new BigDecimal("999.99")))),
            "$.d",
            "999.99"),
        row(
            "decimal at another scale than the column's",
            "{\"d\": decimal(4,2)}",
            typed(fields(typed(new BigDecimal("1.5")))),
            "$.d",
            "scale 1"),
        row(
            "date outside the 4-byte day range",
            "{\"t\": date}",
            typed(fields(typed(1L << 40))),
            "$.t",
            "1099511627776 days"),
        row(
            "time outside one day",
            "{\"t\": time}",
            typed(fields(typed(86_400_000_000L))),
            "$.t",
            "outside one day"),
        row(
            "keys that need quoting in the path",
            "{\"a b\": {\"it's\": [int8]}}",
            typed(fields(typed(fields(typed(elements(typed(1L), slot(value(INT8_1), 1L))))))),
            "$['a b']['it\\'s'][1]",
            "conflicting value and typed_value"),
        row(
            "deep path",
            "{\"a\": [{\"b\": {\"c\": int8}}]}",
            typed(fields(typed(elements(typed(fields(typed(fields(typed(1000L))))))))),
            "$.a[0].b.c",
            "1000"));
  }

  private static Arguments row(String label, String plan, Slot root, String path, String fragment) {
    return Arguments.of(label, plan, root, path, fragment);
  }

  @ParameterizedTest(name = "{0}: {3}")
  @MethodSource("invalidRows")
  void invalidCombinationFailsNamingItsPath(
      String label, String plan, Slot root, String path, String fragment) {
    Rebuilder rebuilder = Rebuilder.of(ShreddingPlan.parse(plan));
    var e = assertThrows(ShreddingException.class, () -> rebuilder.rebuild(METADATA, root));
    assertEquals(path, e.path());
    assertTrue(e.getMessage().contains(fragment), e.getMessage());
    assertTrue(e.getMessage().contains("at " + path + ":"), e.getMessage());
  }

  @Test
  void aShreddedKeyRepeatedInTheResidualIsDroppedWhenTypedWins() {
    ShreddingPlan plan = ShreddingPlan.parse("{\"a\": int64, \"b\": string}");
    Slot root = slot(value(OBJECT_A1_C2), fields(typed(5L), missing()));
    Variant r = Rebuilder.of(plan, RebuildOptions.lenient()).rebuild(METADATA, root);
    // {a: 5 (int64, typed wins), c: 2}: ids 0 2, offsets 0 9 11
    assertEquals("02 02 00 02 00 09 0B 18 05 00 00 00 00 00 00 00 0C 02", Hex.of(r.valueBytes()));
    assertEquals(ROW_METADATA, Hex.of(r.metadataBytes()));
  }

  @Test
  void aShreddedKeyInTheResidualIsDroppedEvenWhenTheTypedFieldIsMissing() {
    // Case 043: the residual copy is dropped, as a reader that projects only typed_value would see
    // it.
    ShreddingPlan plan = ShreddingPlan.parse("{\"a\": int64, \"b\": string}");
    Slot root = slot(value(OBJECT_A1_C2), fields(missing(), missing()));
    Variant r = Rebuilder.of(plan, RebuildOptions.lenient()).rebuild(METADATA, root);
    assertEquals("02 01 02 00 02 0C 02", Hex.of(r.valueBytes())); // {c: 2}: id 2, offsets 0 2
    var e =
        assertThrows(ShreddingException.class, () -> Rebuilder.of(plan).rebuild(METADATA, root));
    assertEquals("$", e.path());
    assertTrue(e.getMessage().contains("shredded key \"a\" appears again"), e.getMessage());
  }

  @Test
  void aResidualRepeatingADroppedKeyIsRebuiltAsTheGeneralPathDoes() {
    // {a: 1, a: 2, c: 2} (ids 0 0 2): a duplicate key; when typed wins, the fast path drops the
    // first "a" and must not then copy the second one as if it were another key: it declines and
    // the general path decides
    ShreddingPlan plan = ShreddingPlan.parse("{\"a\": int64, \"b\": string}");
    String duplicateA = "02 03 00 00 02 00 02 04 06 0C 01 0C 02 0C 02";
    for (Slot root :
        new Slot[] {
          slot(value(duplicateA), fields(missing(), missing())),
          slot(value(duplicateA), fields(typed(5L), missing()))
        }) {
      assertEquals(
          outcome(
              () -> Rebuilder.generalOnly(plan, RebuildOptions.lenient()).rebuild(METADATA, root)),
          outcome(() -> Rebuilder.of(plan, RebuildOptions.lenient()).rebuild(METADATA, root)));
    }
  }

  private static String outcome(java.util.function.Supplier<Variant> rebuild) {
    try {
      return Hex.of(rebuild.get().valueBytes());
    } catch (RuntimeException e) {
      return e.getClass().getSimpleName() + ": " + e.getMessage();
    }
  }

  @Test
  void lenientRebuildStillFailsOnEveryOtherInvalidCombination() {
    Rebuilder lenient =
        Rebuilder.of(ShreddingPlan.parse("{\"a\": int64}"), RebuildOptions.lenient());
    var e =
        assertThrows(
            ShreddingException.class,
            () -> lenient.rebuild(METADATA, typed(fields(slot(value(INT8_1), 5L)))));
    assertEquals("$.a", e.path());
    assertTrue(e.getMessage().contains("conflicting value and typed_value"), e.getMessage());
  }

  @Test
  void aRebuilderIsUsableAgainAfterAFailure() {
    Rebuilder rebuilder = Rebuilder.of(ShreddingPlan.parse("{\"a\": [int8]}"));
    assertThrows(
        ShreddingException.class,
        () -> rebuilder.rebuild(METADATA, typed(fields(typed(elements(typed(1L), typed(999L)))))));
    Variant r = rebuilder.rebuild(METADATA, typed(fields(typed(elements(typed(1L))))));
    assertEquals(
        "02 01 00 00 06 03 01 00 02 0C 01",
        Hex.of(r.valueBytes())); // {a: [1]}: offsets 0 6; [int8 1]
  }
}
