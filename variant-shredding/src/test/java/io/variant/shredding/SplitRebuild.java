// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantEquality;
import io.variant.core.VariantMetadata;
import io.variant.shredding.testkit.PlanGen;
import io.variant.shredding.testkit.ShapePlans;
import io.variant.shredding.testkit.ShreddedTree;
import io.variant.testkit.Gen;
import io.variant.testkit.Hex;
import java.util.Random;

/**
 * Test helpers: split into a {@link ShreddedTree}, rebuild from it, and the checks the tests share.
 */
final class SplitRebuild {
  private SplitRebuild() {}

  /**
   * A generated row split by a generated plan: the value (non-canonical and padded one time in
   * four), the plan (shaped like the value or independent of it, half the time each) and the split.
   */
  record SplitRow(Variant value, ShreddingPlan plan, ShreddedTree row) {
    static SplitRow generate(Random rnd) {
      Variant canonical = Gen.variant(rnd);
      Variant v =
          rnd.nextInt(4) == 0 ? Gen.padded(rnd, Gen.nonCanonical(rnd, canonical)) : canonical;
      ShreddingPlan plan =
          rnd.nextBoolean() ? ShapePlans.planFor(rnd, canonical) : PlanGen.plan(rnd);
      return new SplitRow(v, plan, split(v, plan, SplitOptions.defaults()));
    }
  }

  /** Splits {@code v} into a fresh in-memory row. */
  static ShreddedTree split(Variant v, ShreddingPlan plan, SplitOptions options) {
    ShreddedTree row = new ShreddedTree();
    Splitter.of(plan, options).split(v, row);
    return row;
  }

  /**
   * Rebuilds a row; in the spec layout with {@code rowMetadata} (the original value's), in the
   * draft layout without (each residual carries its own).
   */
  static Variant rebuild(
      ShreddedTree row,
      ShreddingPlan plan,
      ResidualMetadata layout,
      VariantMetadata rowMetadata,
      RebuildOptions options) {
    VariantMetadata m = layout == ResidualMetadata.ROW ? rowMetadata : null;
    return Rebuilder.of(plan, options).rebuild(m, row.root());
  }

  /** rebuild(split(v)) with default rebuild options. */
  static Variant roundTrip(Variant v, ShreddingPlan plan, SplitOptions options) {
    return rebuild(
        split(v, plan, options),
        plan,
        options.residualMetadata(),
        v.metadata(),
        RebuildOptions.defaults());
  }

  static void assertLogicallyEqual(Variant expected, Variant actual, String context) {
    assertTrue(
        VariantEquality.logical(expected, actual),
        () -> context + ": not logically equal\n" + describe(expected, actual));
  }

  static void assertPhysicallyEqual(Variant expected, Variant actual, String context) {
    assertTrue(
        VariantEquality.physical(expected, actual),
        () -> context + ": not physically equal\n" + describe(expected, actual));
  }

  /** Re-encoding canonically changes no byte, metadata included. */
  static void assertCanonical(Variant v, String context) {
    Variant c = VariantBuilder.canonicalize(v);
    assertArrayEquals(
        c.metadataBytes(), v.metadataBytes(), () -> context + ": metadata is not canonical");
    assertArrayEquals(
        c.valueBytes(),
        v.valueBytes(),
        () ->
            context
                + ": value is not canonical\n  actual    "
                + Hex.of(v.valueBytes())
                + "\n  canonical "
                + Hex.of(c.valueBytes()));
  }

  static String describe(Variant expected, Variant actual) {
    return "  expected "
        + Hex.of(expected.metadataBytes())
        + " | "
        + Hex.of(expected.valueBytes())
        + "\n  actual   "
        + Hex.of(actual.metadataBytes())
        + " | "
        + Hex.of(actual.valueBytes());
  }
}
