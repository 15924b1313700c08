// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import static io.variant.shredding.Scalars.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.shredding.testkit.ShreddedTree;
import io.variant.shredding.testkit.ShreddedTree.Fields;
import io.variant.shredding.testkit.ShreddedTree.Slot;
import io.variant.testkit.Hex;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The example table of the earlier shredding draft, plan {@code {a: int64, b: {c: string}}},
 * checked slot by slot in both layouts. Inputs and residuals are hand-written bytes. Spec-layout
 * residuals reference the row's metadata and, except a partial object's remainder, are exact copies
 * of the original field's bytes; draft residuals carry their own minimal dictionary (the builder's
 * empty {@code 11 00 00} when they use no key).
 */
class DraftExamplesSplitTest {
  private static final ShreddingPlan PLAN =
      ShreddingPlan.parse("{\"a\": int64, \"b\": {\"c\": string}}");
  private static final String ABC =
      "11 03 00 01 02 03 61 62 63"; // sorted, 3 keys, offsets 0 1 2 3, "abc"
  private static final String NO_KEYS = "11 00 00"; // sorted, 0 keys, offset 0
  private static final int A = 0; // plan field indexes
  private static final int B = 1;
  private static final int C = 0;

  @ParameterizedTest
  @EnumSource(ResidualMetadata.class)
  void fullyShreddedRow(ResidualMetadata layout) {
    // {a: 123, b: {c: "hello"}}: ids 0 1, offsets 0 2 13; int8 123; {c: "hello"}: id 2, offsets 0
    // 6, short string
    Variant v = hex(ABC, "02 02 00 01 00 02 0D  0C 7B  02 01 02 00 06 15 68 65 6C 6C 6F");
    Slot root = split(v, layout);
    assertNull(root.residual);
    assertEquals(123L, field(root, A).typed); // int8 into the int64 column: lossless widening
    Slot b = field(root, B);
    assertNull(b.residual);
    assertEquals("68 65 6C 6C 6F", Hex.of((byte[]) field(b, C).typed));
    // a comes back as int64: ids 0 1, offsets 0 9 20; int64 123; b unchanged
    assertEquals(
        "02 02 00 01 00 09 14 18 7B 00 00 00 00 00 00 00 02 01 02 00 06 15 68 65 6C 6C 6F",
        Hex.of(rebuild(root, layout, v).valueBytes()));
  }

  @ParameterizedTest
  @EnumSource(ResidualMetadata.class)
  void aDecimalThatNoIntegerHoldsGoesToTheResidual(ResidualMetadata layout) {
    // {a: 1.23, b: {c: "123"}}: offsets 0 6 15; decimal4 scale 2 unscaled 123; {c: "123"}
    Variant v = hex(ABC, "02 02 00 01 00 06 0F  20 02 7B 00 00 00  02 01 02 00 04 0D 31 32 33");
    Slot root = split(v, layout);
    assertNull(root.residual);
    Slot a = field(root, A);
    assertNull(a.typed);
    assertResidual(a, layout, v, "20 02 7B 00 00 00", NO_KEYS, "20 02 7B 00 00 00");
    assertEquals(
        "31 32 33",
        Hex.of((byte[]) field(field(root, B), C).typed)); // the string "123" stays a string
    assertRebuilds(root, layout, v);
  }

  @ParameterizedTest
  @EnumSource(ResidualMetadata.class)
  void anArrayAtAScalarSlotAndANullGoToTheirResiduals(ResidualMetadata layout) {
    // {a: [1, 2, 3], b: {c: null}}: offsets 0 12 18; array offsets 0 2 4 6; {c: null}: id 2,
    // offsets 0 1
    Variant v =
        hex(ABC, "02 02 00 01 00 0C 12  03 03 00 02 04 06 0C 01 0C 02 0C 03  02 01 02 00 01 00");
    Slot root = split(v, layout);
    Slot a = field(root, A);
    assertNull(a.typed);
    assertResidual(
        a,
        layout,
        v,
        "03 03 00 02 04 06 0C 01 0C 02 0C 03",
        NO_KEYS,
        "03 03 00 02 04 06 0C 01 0C 02 0C 03");
    Slot c = field(field(root, B), C);
    assertNull(c.typed);
    assertResidual(c, layout, v, "00", NO_KEYS, "00"); // Variant null is never typed
    assertRebuilds(root, layout, v);
  }

  @ParameterizedTest
  @EnumSource(ResidualMetadata.class)
  void unshreddedKeysGoIntoTheTopLevelResidualObject(ResidualMetadata layout) {
    // {a: 123, c: 456}, metadata ["a", "c"]: ids 0 1, offsets 0 2 5; int8 123; int16 456
    Variant v = hex("11 02 00 01 02 61 63", "02 02 00 01 00 02 05  0C 7B  10 C8 01");
    Slot root = split(v, layout);
    // {c: 456}: id 1 of the row's dictionary (spec), id 0 of its own ["c"] (draft); offsets 0 3
    assertResidual(
        root, layout, v, "02 01 01 00 03 10 C8 01", "11 01 00 01 63", "02 01 00 00 03 10 C8 01");
    assertEquals(123L, field(root, A).typed);
    assertTrue(field(root, B).missing, "b is missing: both its parts null");
    assertNull(field(root, B).residual);
    assertRebuilds(root, layout, v);
  }

  @ParameterizedTest
  @EnumSource(ResidualMetadata.class)
  void unshreddedKeysOfANestedObjectGoIntoItsResidual(ResidualMetadata layout) {
    // {a: 123, b: {c: "hello", d: 456}}, metadata ["a".."d"]: offsets 0 2 18; b: ids 2 3, offsets 0
    // 6 9
    Variant v =
        hex(
            "11 04 00 01 02 03 04 61 62 63 64",
            "02 02 00 01 00 02 12  0C 7B  02 02 02 03 00 06 09 15 68 65 6C 6C 6F 10 C8 01");
    Slot root = split(v, layout);
    assertNull(root.residual);
    assertEquals(123L, field(root, A).typed);
    Slot b = field(root, B);
    assertNotNull(b.typed, "b is partially shredded");
    assertResidual(
        b,
        layout,
        v,
        "02 01 03 00 03 10 C8 01",
        "11 01 00 01 64",
        "02 01 00 00 03 10 C8 01"); // {d: 456}
    assertEquals("68 65 6C 6C 6F", Hex.of((byte[]) field(b, C).typed));
    assertRebuilds(root, layout, v);
  }

  @ParameterizedTest
  @EnumSource(ResidualMetadata.class)
  void aTopLevelArrayAtAnObjectSlotGoesWholeIntoTheResidual(ResidualMetadata layout) {
    // [{a: 1, b: {c: 2}}, {a: 3, b: {c: 4}}]: array offsets 0 16 32; each object offsets 0 2 9
    String bytes =
        "03 02 00 10 20  02 02 00 01 00 02 09 0C 01 02 01 02 00 02 0C 02"
            + "  02 02 00 01 00 02 09 0C 03 02 01 02 00 02 0C 04";
    Variant v = hex(ABC, bytes);
    Slot root = split(v, layout);
    assertNull(root.typed);
    assertResidual(
        root, layout, v, bytes, ABC, bytes); // the draft re-encodes it: already canonical here
    assertRebuilds(root, layout, v);
  }

  private static Slot split(Variant v, ResidualMetadata layout) {
    ShreddedTree row =
        SplitRebuild.split(v, PLAN, SplitOptions.defaults().withResidualMetadata(layout));
    return row.root();
  }

  private static Slot field(Slot object, int index) {
    return ((Fields) object.typed).slots.get(index);
  }

  private static void assertResidual(
      Slot s,
      ResidualMetadata layout,
      Variant row,
      String specValue,
      String draftMetadata,
      String draftValue) {
    assertNotNull(s.residual, "residual");
    if (layout == ResidualMetadata.ROW) {
      assertArrayEquals(row.metadataBytes(), s.residual.metadataBytes(), "the row's metadata");
      assertEquals(Hex.of(Hex.bytes(specValue)), Hex.of(s.residual.valueBytes()));
    } else {
      assertEquals(Hex.of(Hex.bytes(draftMetadata)), Hex.of(s.residual.metadataBytes()));
      assertEquals(Hex.of(Hex.bytes(draftValue)), Hex.of(s.residual.valueBytes()));
    }
  }

  private static Variant rebuild(Slot root, ResidualMetadata layout, Variant v) {
    return Rebuilder.of(PLAN).rebuild(layout == ResidualMetadata.ROW ? v.metadata() : null, root);
  }

  private static void assertRebuilds(Slot root, ResidualMetadata layout, Variant v) {
    Variant r = rebuild(root, layout, v);
    SplitRebuild.assertLogicallyEqual(v, r, layout.toString());
    SplitRebuild.assertCanonical(r, layout.toString());
  }
}
