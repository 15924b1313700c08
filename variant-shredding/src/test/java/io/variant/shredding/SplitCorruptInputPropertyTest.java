// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantException;
import io.variant.core.VariantMetadata;
import io.variant.shredding.testkit.PlanGen;
import io.variant.shredding.testkit.ShapePlans;
import io.variant.shredding.testkit.ShreddedTree;
import io.variant.testkit.Gen;
import io.variant.testkit.Hex;
import io.variant.testkit.Trials;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Splitting bytes that were valid and then corrupted (flipped bytes, truncation), and rebuilding
 * whatever split, either works or throws a {@link VariantException} (format, type, duplicate key,
 * shredding): never an index, null-pointer or state exception from a missed check. The splitter
 * does not validate up front, so this exercises every check on its read path.
 */
class SplitCorruptInputPropertyTest {
  private static final Gen.Config SMALL = Gen.Config.defaults().withBudgetBytes(4_000);

  /** Outcomes over all trials: rebuilt, failed with a VariantException. */
  private final int[] outcomes = new int[2];

  @Test
  void splittingAndRebuildingCorruptedBytesFailsOnlyWithVariantExceptions() {
    Trials.run(
        "splittingAndRebuildingCorruptedBytesFailsOnlyWithVariantExceptions",
        rnd -> {
          Variant v = Gen.variant(rnd, SMALL);
          ShreddingPlan plan = rnd.nextInt(4) == 0 ? PlanGen.plan(rnd) : ShapePlans.planFor(rnd, v);
          byte[] metadata = v.metadataBytes();
          byte[] value = v.valueBytes();
          if (rnd.nextInt(4) == 0) {
            metadata = corrupt(rnd, metadata);
          } else {
            value = corrupt(rnd, value);
          }
          for (ResidualMetadata layout : ResidualMetadata.values()) {
            for (NumericWidening widening : NumericWidening.values()) {
              splitAndRebuild(
                  metadata,
                  value,
                  plan,
                  SplitOptions.defaults().withResidualMetadata(layout).withWidening(widening));
            }
          }
        });
    System.out.println(
        "[split] corrupted input: "
            + outcomes[0]
            + " splits rebuilt, "
            + outcomes[1]
            + " failed cleanly");
    assertTrue(
        outcomes[0] > 0 && outcomes[1] > 0,
        "both outcomes must occur, or the corruption tests nothing");
  }

  private void splitAndRebuild(byte[] metadata, byte[] value, ShreddingPlan plan, SplitOptions o) {
    try {
      Variant bad = Variant.of(metadata, value);
      ShreddedTree row = SplitRebuild.split(bad, plan, o);
      VariantMetadata rowMetadata =
          o.residualMetadata() == ResidualMetadata.ROW ? bad.metadata() : null;
      Rebuilder.of(plan).rebuild(rowMetadata, row.root());
      outcomes[0]++;
    } catch (VariantException expected) {
      outcomes[1]++; // a clear, typed failure: what bad bytes must give
    } catch (RuntimeException e) {
      throw new AssertionError(
          o
              + " plan "
              + plan
              + " on metadata "
              + Hex.of(metadata)
              + " value "
              + Hex.of(value)
              + " threw "
              + e,
          e);
    }
  }

  /** Flips one to three bytes, or truncates, or both. */
  private static byte[] corrupt(Random rnd, byte[] bytes) {
    byte[] b = bytes.clone();
    int roll = rnd.nextInt(3);
    if (roll != 1) {
      for (int i = 0, n = 1 + rnd.nextInt(3); i < n; i++) {
        b[rnd.nextInt(b.length)] = (byte) rnd.nextInt(256);
      }
    }
    if (roll != 0 && b.length > 1) {
      b = Arrays.copyOf(b, 1 + rnd.nextInt(b.length - 1));
    }
    return b;
  }
}
