// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.shredding.infer.InferenceOptions;
import io.variant.shredding.infer.PlanInference;
import io.variant.shredding.infer.Selection;
import io.variant.shredding.infer.TypeWidth;
import io.variant.shredding.testkit.DatasetGen;
import io.variant.shredding.testkit.Values;
import io.variant.testkit.Model;
import io.variant.testkit.Trials;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Whatever plan inference picks from a sample (the cost model or presence, file-wide or sample-fit
 * widths), every row of the data, sampled or not, splits and rebuilds to a logically equal Variant.
 * The unsampled rows are where a plan fit to the sample meets values it did not see: wider numbers,
 * other types, new fields.
 */
class InferredPlanRoundTripPropertyTest {
  private static final int[] SAMPLE_PERCENTS = {5, 20, 50, 100};

  @Test
  void anInferredPlanRoundTripsSampledAndUnsampledRows() {
    int[] typed = new int[1];
    Trials.run(
        "anInferredPlanRoundTripsSampledAndUnsampledRows",
        rnd -> {
          DatasetGen.Slot root =
              new DatasetGen.Slot(DatasetGen.shape(rnd, 3), 0.9, rnd.nextInt(8) == 0 ? 0.1 : 0);
          List<Model> rows =
              DatasetGen.rows(rnd, root, 200 + rnd.nextInt(600)); // enough rows for columns to pay
          List<Variant> all = Values.variants(rows);
          List<Variant> sample =
              sample(rnd, all, SAMPLE_PERCENTS[rnd.nextInt(SAMPLE_PERCENTS.length)]);
          InferenceOptions options =
              InferenceOptions.defaults()
                  .withSelection(rnd.nextInt(3) == 0 ? Selection.PRESENCE : Selection.COST_MODEL)
                  .withTypeWidth(rnd.nextBoolean() ? TypeWidth.FILE : TypeWidth.SAMPLE);
          ShreddingPlan plan = PlanInference.infer(sample, options).plan();
          if (!(plan instanceof ShreddingPlan.ResidualPlan)) {
            typed[0]++;
          }
          for (int i = 0; i < all.size(); i++) {
            Variant v = all.get(i);
            Variant back = SplitRebuild.roundTrip(v, plan, SplitOptions.defaults());
            SplitRebuild.assertLogicallyEqual(
                v, back, "row " + i + " under " + plan.print() + " (" + options + ")");
          }
        });
    assertTrue(typed[0] > 0, "no trial inferred a typed plan: the property would be vacuous");
  }

  /** The first rows and rows spread across: as the CLI samples, without the row order changing. */
  private static List<Variant> sample(Random rnd, List<Variant> all, int percent) {
    List<Variant> out = new ArrayList<>();
    for (int i = 0; i < all.size(); i++) {
      if (rnd.nextInt(100) < percent) {
        out.add(all.get(i));
      }
    }
    return out;
  }
}
