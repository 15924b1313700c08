// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import static io.variant.shredding.testkit.ShreddedTree.fields;
import static io.variant.shredding.testkit.ShreddedTree.typed;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantMetadata;
import io.variant.shredding.testkit.ShreddedTree;
import io.variant.testkit.Hex;
import io.variant.testkit.Trials;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The rebuild's fast path ({@link FixedDictionaryRebuild}) gives byte for byte what the general
 * path gives, or declines the row: for canonical and non-canonical rows, plans shaped like the
 * value and independent ones, strict and lenient options. Trials: {@code -Dvariant.trials=N}.
 */
class FixedDictionaryRebuildPropertyTest {
  private static final RebuildOptions[] OPTIONS = {
    RebuildOptions.defaults(), RebuildOptions.lenient()
  };

  @Test
  void fastPathEqualsGeneralPathOrDeclines() {
    int[] taken = {0};
    int[] sortedRows = {0};
    Trials.run(
        "fastPathEqualsGeneralPathOrDeclines",
        rnd -> {
          SplitRebuild.SplitRow generated = SplitRebuild.SplitRow.generate(rnd);
          Variant v = generated.value();
          ShreddingPlan plan = generated.plan();
          ShreddedTree row = generated.row();
          for (RebuildOptions o : OPTIONS) {
            boolean fast = compare(v.metadata(), row, plan, o, rnd);
            if (v.metadata().isSorted()) {
              sortedRows[0]++;
              taken[0] += fast ? 1 : 0;
            }
          }
        });
    // Split rows over a sorted dictionary hold every key they use: the fast path takes them all.
    assertEquals(sortedRows[0], taken[0], "sorted-dictionary rows the fast path declined");
    assertTrue(sortedRows[0] > 0, "no row had a sorted dictionary");
  }

  /** Compares both paths on one row; returns true if the fast path took it. */
  private static boolean compare(
      VariantMetadata m, ShreddedTree row, ShreddingPlan plan, RebuildOptions o, Random rnd) {
    Variant general = Rebuilder.generalOnly(plan, o).rebuild(m, row.root());
    if (!m.isSorted()) {
      return false; // Rebuilder sends only sorted dictionaries to the fast path
    }
    Variant fast = new FixedDictionaryRebuild(plan, o).rebuild(m, row.root());
    if (fast == null) {
      return false;
    }
    String context = "plan " + plan + ", options " + o;
    assertArrayEquals(general.metadataBytes(), fast.metadataBytes(), context + ": metadata");
    assertArrayEquals(
        general.valueBytes(),
        fast.valueBytes(),
        () ->
            context
                + ": value\n  general "
                + Hex.of(general.valueBytes())
                + "\n  fast    "
                + Hex.of(fast.valueBytes()));
    return true;
  }

  @Test
  void aPlanKeyMissingFromTheDictionaryIsLeftToTheGeneralPath() {
    VariantMetadata onlyB = VariantMetadata.of(Hex.bytes("11 01 00 01 62")); // sorted ["b"]
    ShreddingPlan plan = ShreddingPlan.parse("{\"a\": int64}");
    ShreddedTree.Slot root = typed(fields(typed(7L)));
    assertNull(new FixedDictionaryRebuild(plan, RebuildOptions.defaults()).rebuild(onlyB, root));
    Variant r = Rebuilder.of(plan).rebuild(onlyB, root);
    assertEquals(7L, r.field("a").longValue());
  }

  @Test
  void aConflictIsLeftToTheGeneralPathWhichNamesIt() {
    VariantMetadata ab = VariantMetadata.of(Hex.bytes("11 02 00 01 02 61 62")); // sorted ["a","b"]
    Variant residualWithA = Variant.of(ab, Hex.bytes("02 01 00 00 02 0C 01"), 0, 7); // {a: 1}
    ShreddingPlan plan = ShreddingPlan.parse("{\"a\": int64}");
    ShreddedTree.Slot root = ShreddedTree.slot(residualWithA, fields(typed(7L)));
    assertNull(new FixedDictionaryRebuild(plan, RebuildOptions.defaults()).rebuild(ab, root));
    ShreddingException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            ShreddingException.class, () -> Rebuilder.of(plan).rebuild(ab, root));
    assertTrue(e.getMessage().contains("appears again"), e.getMessage());
  }
}
