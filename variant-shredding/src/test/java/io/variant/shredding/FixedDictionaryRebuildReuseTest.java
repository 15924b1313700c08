// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantMetadata;
import io.variant.shredding.infer.InferenceOptions;
import io.variant.shredding.infer.PlanInference;
import io.variant.shredding.testkit.DatasetGen;
import io.variant.shredding.testkit.Values;
import io.variant.testkit.Hex;
import io.variant.testkit.Model;
import io.variant.testkit.Trials;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One {@link FixedDictionaryRebuild} rebuilds a file's rows one after another, carrying from row to
 * row its dictionary cache and each container's header guess: rows that change their field sets,
 * types, sizes (offset widths) and dictionaries, in file order and shuffled, rebuild byte for byte
 * as the general path rebuilds each alone.
 */
class FixedDictionaryRebuildReuseTest {
  @Test
  void aReusedFastPathEqualsTheGeneralPathRowAfterRow() {
    int[] taken = {0};
    Trials.run(
        "aReusedFastPathEqualsTheGeneralPathRowAfterRow",
        100,
        rnd -> {
          DatasetGen.Slot root = new DatasetGen.Slot(DatasetGen.shape(rnd, 3), 0.9, 0);
          List<Model> models = DatasetGen.rows(rnd, root, 20 + rnd.nextInt(200));
          List<Variant> rows = new ArrayList<>(Values.variants(models));
          ShreddingPlan plan = PlanInference.infer(rows, InferenceOptions.defaults()).plan();
          List<ShreddedSource> split = new ArrayList<>();
          for (Variant v : rows) {
            split.add(SplitRebuild.split(v, plan, SplitOptions.defaults()).root());
          }
          for (RebuildOptions o :
              new RebuildOptions[] {RebuildOptions.defaults(), RebuildOptions.lenient()}) {
            FixedDictionaryRebuild fast = new FixedDictionaryRebuild(plan, o);
            Rebuilder general = Rebuilder.generalOnly(plan, o);
            // in order, then in an order of their own: shapes, sizes and dictionaries alternate
            for (int pass = 0; pass < 2; pass++) {
              for (int k = 0; k < rows.size(); k++) {
                int i = pass == 0 ? k : rnd.nextInt(rows.size());
                VariantMetadata m = rows.get(i).metadata();
                Variant expected = general.rebuild(m, split.get(i));
                Variant actual = fast.rebuild(m, split.get(i));
                if (actual == null) {
                  continue; // declined: the general path's result is the rebuilder's
                }
                taken[0]++;
                assertArrayEquals(
                    expected.valueBytes(),
                    actual.valueBytes(),
                    () ->
                        "row "
                            + i
                            + " under "
                            + plan.print()
                            + "\n  general "
                            + Hex.of(expected.valueBytes())
                            + "\n  fast    "
                            + Hex.of(actual.valueBytes()));
              }
            }
          }
        });
    assertTrue(taken[0] > 0, "the fast path took no row: the property would be vacuous");
  }

  /**
   * The dictionary cache keeps {@link FixedDictionaryRebuild#WAYS} dictionaries per set, chosen by
   * {@code bytesHash()}: more dictionaries of the first and of the last set than a set holds evict
   * one another in turn and are resolved anew when they come back, each row rebuilt as the general
   * path rebuilds it.
   */
  @Test
  void dictionariesCrowdingTheFirstAndTheLastCacheSetRebuildAsTheGeneralPath() {
    int lastSet = FixedDictionaryRebuild.CACHED_DICTIONARIES - FixedDictionaryRebuild.WAYS;
    List<Variant> first = new ArrayList<>();
    List<Variant> last = new ArrayList<>();
    int crowd = FixedDictionaryRebuild.WAYS + 1;
    for (int i = 0; first.size() < crowd || last.size() < crowd; i++) {
      // {"a": 1, "k<i>": 2}: its own sorted dictionary ["a", "k<i>"]
      Variant v =
          new VariantBuilder()
              .startObject()
              .key("a")
              .appendLong(1)
              .key("k" + i)
              .appendLong(2)
              .endObject()
              .build();
      int set = v.metadata().bytesHash() & lastSet;
      if (set == 0 && first.size() < crowd) {
        first.add(v);
      } else if (set == lastSet && last.size() < crowd) {
        last.add(v);
      }
    }
    ShreddingPlan plan = ShreddingPlan.parse("{\"a\": int64}");
    FixedDictionaryRebuild fast = new FixedDictionaryRebuild(plan, RebuildOptions.defaults());
    Rebuilder general = Rebuilder.generalOnly(plan, RebuildOptions.defaults());
    for (int pass = 0; pass < 2; pass++) {
      for (List<Variant> rows : List.of(first, last)) {
        for (Variant v : rows) {
          ShreddedSource split = SplitRebuild.split(v, plan, SplitOptions.defaults()).root();
          Variant actual = fast.rebuild(v.metadata(), split);
          assertNotNull(actual, "declined " + v);
          assertArrayEquals(general.rebuild(v.metadata(), split).valueBytes(), actual.valueBytes());
          assertEquals(v, actual);
        }
      }
    }
  }
}
