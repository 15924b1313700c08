// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantMetadata;
import io.variant.core.VariantSink;
import io.variant.shredding.testkit.ShreddedTree;
import io.variant.testkit.Trials;
import java.util.Arrays;
import java.util.ConcurrentModificationException;
import org.junit.jupiter.api.Test;

/**
 * {@link Rebuilder#rebuildTo} hands a sink exactly the row {@link Rebuilder#rebuild} returns, once:
 * as the fast path's builder bytes for rows over a sorted dictionary, as a Variant otherwise; the
 * same error when the row is invalid, with nothing handed. Trials: {@code -Dvariant.trials=N}.
 */
class RebuildToSinkPropertyTest {
  private static final RebuildOptions[] OPTIONS = {
    RebuildOptions.defaults(), RebuildOptions.lenient()
  };

  /** Keeps a copy of each row handed to it, and how it came. */
  private static final class Kept implements VariantSink {
    int rows;
    int asBytes;
    VariantMetadata metadata;
    byte[] value;

    @Override
    public void add(Variant v) {
      rows++;
      metadata = v.metadata();
      value = v.valueBytes();
    }

    @Override
    public void add(VariantMetadata m, byte[] bytes, int offset, int length) {
      rows++;
      asBytes++;
      metadata = m;
      value = Arrays.copyOfRange(bytes, offset, offset + length);
    }
  }

  @Test
  void theSinkGetsWhatRebuildReturns() {
    int[] sortedRows = {0};
    int[] asBytes = {0};
    Trials.run(
        "theSinkGetsWhatRebuildReturns",
        rnd -> {
          SplitRebuild.SplitRow generated = SplitRebuild.SplitRow.generate(rnd);
          Variant v = generated.value();
          ShreddingPlan plan = generated.plan();
          ShreddedTree row = generated.row();
          VariantMetadata m = v.metadata();
          for (RebuildOptions o : OPTIONS) {
            Rebuilder rebuilder = Rebuilder.of(plan, o);
            Variant expected;
            try {
              expected = rebuilder.rebuild(m, row.root());
            } catch (RuntimeException e) {
              Kept kept = new Kept();
              RuntimeException again =
                  assertThrows(e.getClass(), () -> rebuilder.rebuildTo(m, row.root(), kept));
              assertEquals(e.getMessage(), again.getMessage());
              assertEquals(0, kept.rows, "rows handed before the error");
              continue;
            }
            Kept kept = new Kept();
            rebuilder.rebuildTo(m, row.root(), kept);
            String context = "plan " + plan + ", options " + o;
            assertEquals(1, kept.rows, context);
            assertArrayEquals(expected.metadataBytes(), kept.metadata.toBytes(), context);
            assertArrayEquals(expected.valueBytes(), kept.value, context);
            if (m.isSorted()) {
              sortedRows[0]++;
              asBytes[0] += kept.asBytes;
            }
          }
        });
    // split rows over a sorted dictionary all take the fast path, which lends its bytes
    assertTrue(sortedRows[0] > 0, "no row had a sorted dictionary");
    assertEquals(sortedRows[0], asBytes[0], "sorted-dictionary rows not handed as bytes");
  }

  @Test
  void whatTheSinkThrowsIsNoDeclineOfTheFastPath() {
    VariantMetadata ab = VariantMetadata.of(new byte[] {0x11, 2, 0, 1, 2, 'a', 'b'});
    ShreddingPlan plan = ShreddingPlan.parse("{\"a\": int64}");
    ShreddedTree.Slot root = ShreddedTree.typed(ShreddedTree.fields(ShreddedTree.typed(7L)));
    IllegalArgumentException full = new IllegalArgumentException("full");
    int[] calls = {0};
    VariantSink refusing =
        new VariantSink() {
          @Override
          public void add(Variant v) {
            calls[0]++;
            throw full;
          }

          @Override
          public void add(VariantMetadata m, byte[] bytes, int offset, int length) {
            calls[0]++;
            throw full;
          }
        };
    // the fast path declines a row on IllegalArgumentException from its own appends; the sink's
    // must pass through once, not send the row down the general path to be handed again
    Rebuilder rebuilder = Rebuilder.of(plan);
    assertSame(
        full,
        assertThrows(
            IllegalArgumentException.class, () -> rebuilder.rebuildTo(ab, root, refusing)));
    assertEquals(1, calls[0]);
    // and the rebuilder is usable afterwards
    Kept kept = new Kept();
    rebuilder.rebuildTo(ab, root, kept);
    assertEquals(1, kept.asBytes);
    assertEquals(7L, Variant.of(ab, kept.value, 0, kept.value.length).field("a").longValue());
  }

  @Test
  void aRowTheFastPathDeclinesComesAsTheGeneralPathsVariant() {
    VariantMetadata onlyB = VariantMetadata.of(new byte[] {0x11, 1, 0, 1, 'b'}); // sorted ["b"]
    ShreddingPlan plan = ShreddingPlan.parse("{\"a\": int64}");
    ShreddedTree.Slot root = ShreddedTree.typed(ShreddedTree.fields(ShreddedTree.typed(7L)));
    Kept kept = new Kept();
    Rebuilder.of(plan).rebuildTo(onlyB, root, kept); // "a" is not in the row's dictionary
    assertEquals(1, kept.rows);
    assertEquals(0, kept.asBytes, "the general path's row is a Variant");
    Variant expected = Rebuilder.of(plan).rebuild(onlyB, root);
    assertArrayEquals(expected.valueBytes(), kept.value);
    assertArrayEquals(expected.metadataBytes(), kept.metadata.toBytes());
  }

  @Test
  void aSinkThatReentersItsRebuilderIsRefused() {
    VariantMetadata ab = VariantMetadata.of(new byte[] {0x11, 2, 0, 1, 2, 'a', 'b'});
    ShreddingPlan plan = ShreddingPlan.parse("{\"a\": int64}");
    ShreddedTree.Slot root = ShreddedTree.typed(ShreddedTree.fields(ShreddedTree.typed(7L)));
    Rebuilder rebuilder = Rebuilder.of(plan);
    VariantSink reentrant =
        new VariantSink() {
          @Override
          public void add(Variant v) {
            rebuilder.rebuild(ab, root);
          }

          @Override
          public void add(VariantMetadata m, byte[] bytes, int offset, int length) {
            rebuilder.rebuild(ab, root); // its builder's bytes would be overwritten
          }
        };
    var e =
        assertThrows(
            ConcurrentModificationException.class, () -> rebuilder.rebuildTo(ab, root, reentrant));
    assertTrue(e.getMessage().contains("re-entered by the same thread"), e.getMessage());
  }
}
