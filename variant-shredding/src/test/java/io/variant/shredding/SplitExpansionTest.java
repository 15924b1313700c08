// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Limits;
import io.variant.core.Variant;
import io.variant.core.VariantLimitException;
import io.variant.shredding.testkit.ShreddedTree;
import io.variant.testkit.HangGuard;
import io.variant.testkit.Hex;
import java.io.ByteArrayOutputStream;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * {@link Splitter} and {@link Rebuilder} on values whose offsets share sub-values: the split
 * follows the plan into every shared copy and emits residuals per copy, so without a budget a value
 * of a few hundred bytes would be split into 2^levels slots. Both stop with {@link
 * VariantLimitException}.
 */
class SplitExpansionTest {
  private static final byte[] EMPTY_METADATA = Hex.bytes("01 00 00");
  private static final Duration HANG_GUARD = HangGuard.seconds(10);

  /**
   * {@code levels} arrays {@code [x, x]}, each x the one copy of the level below; the leaf is
   * {@code leaf}.
   */
  private static Variant sharedArrays(int levels, byte[] leaf) {
    byte[] value = leaf;
    for (int i = 0; i < levels; i++) {
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      b.write(0x0F); // array, 4-byte offsets
      b.write(2);
      b.writeBytes(new byte[8]); // both elements at offset 0
      b.write(value.length);
      b.write(value.length >>> 8);
      b.write(value.length >>> 16);
      b.write(0);
      b.writeBytes(value);
      value = b.toByteArray();
    }
    return Variant.of(EMPTY_METADATA, value);
  }

  private static ShreddingPlan nestedArrays(int levels, String leaf) {
    return ShreddingPlan.parse("[".repeat(levels) + leaf + "]".repeat(levels));
  }

  @Test
  void splittingIntoEveryCopyStops() {
    Variant v = sharedArrays(30, Hex.bytes("0C 07")).validate(); // 2^30 int8 leaves in 422 bytes
    for (ResidualMetadata layout : ResidualMetadata.values()) {
      SplitOptions options = SplitOptions.defaults().withResidualMetadata(layout);
      assertTimeoutPreemptively(
          HANG_GUARD,
          () -> {
            // typed leaves, and residual leaves (the plan's type does not fit an int8)
            for (String leaf : new String[] {"int8", "string"}) {
              Splitter s = Splitter.of(nestedArrays(30, leaf), options);
              var e =
                  assertThrows(VariantLimitException.class, () -> s.split(v, new ShreddedTree()));
              assertTrue(
                  e.getMessage().startsWith("Cannot split the value: it expands past"),
                  e.getMessage());
            }
            // residual containers emitted whole at the level where the plan stops
            Splitter s = Splitter.of(nestedArrays(20, "variant"), options);
            assertThrows(VariantLimitException.class, () -> s.split(v, new ShreddedTree()));
          });
    }
  }

  @Test
  void aResidualIsNotExpandedWhenTheValueStopsAtTheTop() {
    Variant v = sharedArrays(30, Hex.bytes("0C 07"));
    ShreddedTree row = new ShreddedTree();
    Splitter.of(ShreddingPlan.parse("variant"), SplitOptions.defaults())
        .split(v, row); // a view: nothing expands
    assertEquals(v.valueSize(), row.root().residual().valueSize());
    // The rebuild copies the residual byte for byte over the row's dictionary: linear again.
    Variant back = Rebuilder.of(ShreddingPlan.parse("variant")).rebuild(v.metadata(), row.root());
    assertEquals(v.valueSize(), back.valueSize());
    // The draft layout re-encodes residuals: the copy's budget stops it.
    ShreddedTree draft = new ShreddedTree();
    var e =
        assertThrows(
            VariantLimitException.class,
            () ->
                Splitter.of(
                        ShreddingPlan.parse("variant"),
                        SplitOptions.defaults().withResidualMetadata(ResidualMetadata.EMBEDDED))
                    .split(v, draft));
    assertTrue(e.getMessage().contains("Limits.maxExpansion"), e.getMessage());
  }

  @Test
  void aRebuildThatReEncodesASharedResidualStops() {
    Variant v = sharedArrays(30, Hex.bytes("0C 07"));
    ShreddedTree.Slot root = ShreddedTree.slot(v, null);
    // No row metadata (draft layout): the residual is re-encoded into a fresh dictionary.
    var e =
        assertThrows(
            VariantLimitException.class,
            () -> Rebuilder.of(ShreddingPlan.parse("variant")).rebuild(null, root));
    assertTrue(e.getMessage().startsWith("Cannot copy the value: it expands past"), e.getMessage());
  }

  @Test
  void theBudgetComesFromSplitOptions() {
    // [x, x] around a 2-element array of int8: 2 copies cost 1 + 2 * (1 + 2 * 2) = 11, within 1 x
    // 31 + 64.
    Variant light = sharedArrays(2, Hex.bytes("0C 07"));
    Splitter.of(
            nestedArrays(2, "int8"),
            SplitOptions.defaults().withLimits(Limits.defaults().withMaxExpansion(1)))
        .split(light, new ShreddedTree());
    // 10 levels: 2^10 leaves of 2 bytes in 142 bytes. Refused at the default 4, accepted at 64.
    Variant heavy = sharedArrays(10, Hex.bytes("0C 07"));
    ShreddingPlan plan = nestedArrays(10, "int8");
    assertThrows(
        VariantLimitException.class,
        () -> Splitter.of(plan, SplitOptions.defaults()).split(heavy, new ShreddedTree()));
    ShreddedTree row = new ShreddedTree();
    Splitter.of(plan, SplitOptions.defaults().withLimits(Limits.defaults().withMaxExpansion(64)))
        .split(heavy, row);
    Variant back = Rebuilder.of(plan).rebuild(heavy.metadata(), row.root());
    assertEquals(heavy, back.validate());
  }

  /**
   * An object of 16 fields "a" to "p", every one at offset 0: the same 200-character long string.
   */
  private static Variant sharedFields() {
    ByteArrayOutputStream m = new ByteArrayOutputStream();
    m.write(0x11); // version 1, sorted, 1-byte offsets
    m.write(16);
    for (int i = 0; i <= 16; i++) {
      m.write(i); // key i is one byte long
    }
    for (int i = 0; i < 16; i++) {
      m.write('a' + i);
    }
    ByteArrayOutputStream v = new ByteArrayOutputStream();
    v.write(0x02); // object, 1-byte ids and offsets
    v.write(16);
    for (int i = 0; i < 16; i++) {
      v.write(i); // field ids 0..15, in key order
    }
    v.writeBytes(new byte[16]); // every field at offset 0
    v.write(205); // end of the data
    v.writeBytes(Hex.bytes("40 C8 00 00 00")); // long string, 200 bytes
    v.writeBytes("x".repeat(200).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    return Variant.of(m.toByteArray(), v.toByteArray());
  }

  @Test
  void aResidualObjectOfSharedFieldsCountsEveryCopy() {
    Variant v = sharedFields().validate(); // 240 bytes; its residual object would be 15 x 205
    ShreddingPlan plan = ShreddingPlan.parse("{\"a\": int64}");
    for (ResidualMetadata layout : ResidualMetadata.values()) {
      // ROW copies the kept fields' bytes; EMBEDDED re-encodes them: both charge every copy
      SplitOptions options = SplitOptions.defaults().withResidualMetadata(layout);
      var e =
          assertThrows(
              VariantLimitException.class,
              () -> Splitter.of(plan, options).split(v, new ShreddedTree()),
              layout.toString());
      assertTrue(e.getMessage().contains("Limits.maxExpansion"), e.getMessage());
      Splitter.of(plan, options.withLimits(Limits.defaults().withMaxExpansion(16)))
          .split(v, new ShreddedTree());
    }
  }

  @Test
  void residualContainersInAnArrayCountTheirWholeSize() {
    // [x, x, ... 16 times], x the one copy of an array of 60 int8: 202 bytes, 16 x 183 in residuals
    ByteArrayOutputStream inner = new ByteArrayOutputStream();
    inner.write(0x03); // array, 1-byte offsets
    inner.write(60);
    for (int i = 0; i <= 60; i++) {
      inner.write(2 * i);
    }
    for (int i = 0; i < 60; i++) {
      inner.writeBytes(Hex.bytes("0C 07"));
    }
    ByteArrayOutputStream outer = new ByteArrayOutputStream();
    outer.write(0x03);
    outer.write(16);
    outer.writeBytes(new byte[16]); // every element at offset 0
    outer.write(inner.size());
    outer.writeBytes(inner.toByteArray());
    Variant v = Variant.of(EMPTY_METADATA, outer.toByteArray()).validate();
    ShreddingPlan plan = ShreddingPlan.parse("[int64]"); // each element goes whole to the residual
    for (ResidualMetadata layout : ResidualMetadata.values()) {
      SplitOptions options = SplitOptions.defaults().withResidualMetadata(layout);
      assertThrows(
          VariantLimitException.class,
          () -> Splitter.of(plan, options).split(v, new ShreddedTree()),
          layout.toString());
    }
  }
}
