// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import static io.variant.shredding.testkit.ShreddedTree.elements;
import static io.variant.shredding.testkit.ShreddedTree.fields;
import static io.variant.shredding.testkit.ShreddedTree.missing;
import static io.variant.shredding.testkit.ShreddedTree.slot;
import static io.variant.shredding.testkit.ShreddedTree.typed;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.core.Variant;
import io.variant.core.VariantMetadata;
import io.variant.shredding.testkit.ShreddedTree.Slot;
import io.variant.testkit.Hex;
import org.junit.jupiter.api.Test;

/**
 * What a slot with neither part means depends on where it is (spec: VariantShredding §Value
 * Shredding, §Arrays, §Objects): an object field is absent, an array element and the top level are
 * Variant null. Golden bytes are written by hand; the row metadata is {@code ["a", "b"]}, which the
 * rebuilt value keeps.
 */
class RebuildMissingTest {
  private static final String ROW_METADATA =
      "11 02 00 01 02 61 62"; // sorted, 2 keys, offsets 0 1 2, "ab"
  private static final VariantMetadata METADATA = VariantMetadata.of(Hex.bytes(ROW_METADATA));
  private static final ShreddingPlan AB = ShreddingPlan.parse("{\"a\": int64, \"b\": string}");

  /** The row rebuilt by both paths, which must agree (the fast path takes these rows). */
  private static String rebuild(ShreddingPlan plan, Slot root) {
    Variant r = Rebuilder.of(plan).rebuild(METADATA, root);
    assertEquals(ROW_METADATA, Hex.of(r.metadataBytes()), "the row's metadata");
    Variant general =
        Rebuilder.generalOnly(plan, RebuildOptions.defaults()).rebuild(METADATA, root);
    assertEquals(Hex.of(r.valueBytes()), Hex.of(general.valueBytes()), "the general path");
    assertEquals(ROW_METADATA, Hex.of(general.metadataBytes()), "the general path's metadata");
    return Hex.of(r.valueBytes());
  }

  @Test
  void aMissingObjectFieldIsAbsent() {
    // {a: 5}: object, 1 field, id 0, offsets 0 9; int64 5
    assertEquals(
        "02 01 00 00 09 18 05 00 00 00 00 00 00 00",
        rebuild(AB, typed(fields(typed(5L), missing()))));
  }

  @Test
  void aNullFieldGroupIsAbsentToo() {
    // Case 084 (object field groups declared optional): a null group reads as missing.
    assertEquals(
        "02 01 00 00 09 18 05 00 00 00 00 00 00 00", rebuild(AB, typed(fields(typed(5L), null))));
  }

  @Test
  void anObjectWithEveryFieldMissingIsEmpty() {
    assertEquals("02 00 00", rebuild(AB, typed(fields(missing(), missing())))); // case 130: {}
  }

  @Test
  void aFieldHoldingVariantNullIsPresent() {
    // {a: null, b: "x"}: ids 0 1, offsets 0 1 3; null; short string "x"
    assertEquals(
        "02 02 00 01 00 01 03 00 05 78",
        rebuild(
            AB,
            typed(
                fields(
                    slot(Variant.of(Hex.bytes(ROW_METADATA), Hex.bytes("00")), null),
                    typed("x".getBytes())))));
  }

  @Test
  void aMissingArrayElementIsVariantNull() {
    // Invalid by the spec; read as null like parquet-java and case 085. [1, null, 3]: offsets 0 2 3
    // 5
    assertEquals(
        "03 03 00 02 03 05 0C 01 00 0C 03",
        rebuild(ShreddingPlan.parse("[int8]"), typed(elements(typed(1L), missing(), typed(3L)))));
  }

  @Test
  void aMissingTopLevelIsVariantNull() {
    // Case 129: both top-level parts null.
    assertEquals("00", rebuild(ShreddingPlan.parse("int64"), missing()));
    assertEquals("00", rebuild(AB, missing()));
    assertEquals("00", rebuild(ShreddingPlan.parse("[string]"), missing()));
    assertEquals("00", rebuild(ShreddingPlan.residual(), missing()));
  }

  @Test
  void anEmptyTypedListIsAnEmptyArray() {
    assertEquals("03 00 00", rebuild(ShreddingPlan.parse("[int8]"), typed(elements())));
  }

  @Test
  void aResidualWithoutTypedPartIsReturnedAsIs() {
    // Case 039 shape: an object slot whose value is not an object; and an array slot holding a
    // string.
    Variant str = Variant.of(Hex.bytes(ROW_METADATA), Hex.bytes("09 68 69")); // "hi"
    assertEquals("09 68 69", rebuild(AB, slot(str, null)));
    assertEquals("09 68 69", rebuild(ShreddingPlan.parse("[int8]"), slot(str, null)));
  }

  @Test
  void theDraftLayoutRebuildsOverAFreshSortedDictionary() {
    // Draft residuals carry their own metadata: here ["b"] for the residual {b: 1}.
    Variant residual = Variant.of(Hex.bytes("11 01 00 01 62"), Hex.bytes("02 01 00 00 02 0C 01"));
    Variant r =
        Rebuilder.of(ShreddingPlan.parse("{\"a\": int64}"))
            .rebuild(null, slot(residual, fields(typed(7L))));
    assertEquals(ROW_METADATA, Hex.of(r.metadataBytes())); // ["a", "b"], built fresh
    // {a: 7, b: 1}: ids 0 1, offsets 0 9 11; int64 7; int8 1
    assertEquals("02 02 00 01 00 09 0B 18 07 00 00 00 00 00 00 00 0C 01", Hex.of(r.valueBytes()));
  }
}
