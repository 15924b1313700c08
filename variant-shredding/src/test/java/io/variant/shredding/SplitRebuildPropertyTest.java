// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import static io.variant.shredding.SplitRebuild.assertCanonical;
import static io.variant.shredding.SplitRebuild.assertLogicallyEqual;
import static io.variant.shredding.SplitRebuild.assertPhysicallyEqual;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.json.VariantJson;
import io.variant.shredding.testkit.PlanGen;
import io.variant.shredding.testkit.ShapePlans;
import io.variant.shredding.testkit.ShreddedTree;
import io.variant.shredding.testkit.ShreddedTree.SlotCounts;
import io.variant.testkit.Gen;
import io.variant.testkit.Trials;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * rebuild(split(v, plan)) gives v back, for both layouts and every widening mode: logically equal
 * always, with the same JSON text under same-scale and strict widening, physically equal (byte for
 * byte) under strict, canonical, and in the spec layout over the row's own metadata. Trials: {@code
 * -Dvariant.trials=N} (default 500 per property); a failure prints its seed.
 */
class SplitRebuildPropertyTest {
  private static final SplitOptions[] MODES = {
    SplitOptions.defaults(),
    SplitOptions.defaults().withWidening(NumericWidening.SAME_SCALE),
    SplitOptions.defaults().withWidening(NumericWidening.STRICT),
    SplitOptions.defaults().withResidualMetadata(ResidualMetadata.EMBEDDED),
    SplitOptions.defaults()
        .withResidualMetadata(ResidualMetadata.EMBEDDED)
        .withWidening(NumericWidening.SAME_SCALE),
    SplitOptions.defaults()
        .withResidualMetadata(ResidualMetadata.EMBEDDED)
        .withWidening(NumericWidening.STRICT),
  };

  @Test
  void rebuildUndoesSplitWithIndependentPlans() {
    SlotCounts[] total = {new SlotCounts(0, 0, 0, 0, 0, 0)};
    Trials.run(
        "rebuildUndoesSplitWithIndependentPlans",
        rnd -> {
          Variant v = Gen.variant(rnd);
          ShreddingPlan plan = PlanGen.plan(rnd); // drawn independently of v
          total[0] = total[0].plus(checkEveryMode(v, plan, true));
        });
    report("independent plans", total[0]);
  }

  @Test
  void rebuildUndoesSplitWithPlansShapedLikeTheValue() {
    SlotCounts[] total = {new SlotCounts(0, 0, 0, 0, 0, 0)};
    Trials.run(
        "rebuildUndoesSplitWithPlansShapedLikeTheValue",
        rnd -> {
          Variant v = Gen.variant(rnd);
          ShreddingPlan plan = ShapePlans.planFor(rnd, v);
          total[0] = total[0].plus(checkEveryMode(v, plan, true));
        });
    SlotCounts t = total[0];
    report("shape-derived plans", t);
    // Guards the generator, not the code: if typed slots became rare, the property would test
    // little.
    assertTrue(t.typedScalars() * 4 > t.present() / 4, "fewer than 1 in 16 slots went typed: " + t);
  }

  @Test
  void rebuildUndoesSplitOfNonCanonicalInputAtAnOffset() {
    Trials.run(
        "rebuildUndoesSplitOfNonCanonicalInputAtAnOffset",
        rnd -> {
          Variant canonical = Gen.variant(rnd);
          Variant v =
              Gen.padded(
                  rnd, Gen.nonCanonical(rnd, canonical)); // wide widths, gaps, unsorted metadata
          ShreddingPlan plan =
              rnd.nextBoolean() ? ShapePlans.planFor(rnd, canonical) : PlanGen.plan(rnd);
          checkEveryMode(v, plan, false);
        });
  }

  /**
   * Checks every mode; returns the slot counts of the default mode's split. A non-canonical input
   * stays non-canonical in the spec layout, whose residuals are exact copies, so only the draft is
   * checked for canonical output then.
   */
  private static SlotCounts checkEveryMode(Variant v, ShreddingPlan plan, boolean canonicalInput) {
    SlotCounts counts = null;
    for (SplitOptions o : MODES) {
      String context = o + " plan " + plan;
      ShreddedTree row = SplitRebuild.split(v, plan, o);
      Variant r =
          SplitRebuild.rebuild(
              row, plan, o.residualMetadata(), v.metadata(), RebuildOptions.defaults());
      assertLogicallyEqual(v, r, context);
      if (o.widening() == NumericWidening.STRICT) {
        assertPhysicallyEqual(v, r, context);
      }
      if (o.widening() != NumericWidening.LOSSLESS) {
        assertEquals(VariantJson.toJson(v), VariantJson.toJson(r), context + ": JSON text");
      }
      if (canonicalInput || o.residualMetadata() == ResidualMetadata.EMBEDDED) {
        assertCanonical(r, context);
      }
      if (o.residualMetadata() == ResidualMetadata.ROW) {
        assertArrayEquals(
            v.metadataBytes(),
            r.metadataBytes(),
            context + ": the rebuilt metadata is not the row's");
        for (Variant residual : row.residuals()) {
          assertArrayEquals(
              v.metadataBytes(),
              residual.metadataBytes(),
              context + ": a residual has other metadata");
        }
      } else {
        for (Variant residual : row.residuals()) {
          assertArrayEquals(
              VariantBuilder.canonicalize(residual).metadataBytes(),
              residual.metadataBytes(),
              context + ": a draft residual's dictionary is not its own minimal one");
        }
      }
      if (counts == null) {
        counts = row.counts();
      }
    }
    return counts;
  }

  private static void report(String what, SlotCounts t) {
    System.out.printf(
        Locale.ROOT,
        "[split] %s: %d present slots, %.1f%% typed scalars, %d typed objects (%d partial),"
            + " %d typed arrays, %d residual-only, %d missing fields%n",
        what,
        t.present(),
        100.0 * t.typedScalars() / Math.max(1, t.present()),
        t.typedObjects(),
        t.partialObjects(),
        t.typedArrays(),
        t.residuals(),
        t.missing());
  }
}
