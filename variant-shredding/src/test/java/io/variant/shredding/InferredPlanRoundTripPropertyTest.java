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
 * other types, new fields; the rows have the shapes real files have ({@link #rows}).
 */
class InferredPlanRoundTripPropertyTest {
  private static final int[] SAMPLE_PERCENTS = {5, 20, 50, 100};

  @Test
  void anInferredPlanRoundTripsSampledAndUnsampledRows() {
    int[] typed = new int[1];
    Trials.run(
        "anInferredPlanRoundTripsSampledAndUnsampledRows",
        rnd -> {
          List<Model> rows = rows(rnd, 200 + rnd.nextInt(600)); // enough for columns to pay
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

  /**
   * Rows of one random shape, or of the shapes real files have: 15% of rows not of the shape
   * (arrays, scalars), rows that are arrays of scalars, sparse row families, fields whose types
   * change halfway through.
   */
  private static List<Model> rows(Random rnd, int n) {
    double mainShare = rnd.nextInt(3) == 0 ? 0.85 : 0.9;
    double nullShare = rnd.nextInt(8) == 0 ? 0.1 : 0;
    DatasetGen.Shape shape =
        switch (rnd.nextInt(6)) {
          case 0 -> DatasetGen.scalarArrays(rnd);
          case 1 -> DatasetGen.sparseFamilies(rnd);
          default -> DatasetGen.shape(rnd, 3);
        };
    DatasetGen.Slot root = new DatasetGen.Slot(shape, mainShare, nullShare);
    if (rnd.nextInt(4) != 0) {
      return DatasetGen.rows(rnd, root, n);
    }
    List<Model> rows = new ArrayList<>(DatasetGen.rows(rnd, root, n / 2));
    DatasetGen.Slot drifted =
        new DatasetGen.Slot(DatasetGen.drifted(rnd, shape), mainShare, nullShare);
    rows.addAll(DatasetGen.rows(rnd, drifted, n - n / 2));
    return rows;
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
