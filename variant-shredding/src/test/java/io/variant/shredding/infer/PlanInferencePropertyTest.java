// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.testkit.DatasetGen;
import io.variant.shredding.testkit.Values;
import io.variant.testkit.Model;
import io.variant.testkit.Trials;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Inference over generated datasets, checked against {@link BruteForcePlan}. */
class PlanInferencePropertyTest {
  private static final int[] MIN_PRESENCE_PERCENTS = {0, 10, 10, 50, 100};
  private static final int[] DOMINANCE_PERCENTS = {60, 75, 90, 90, 100};
  private static final int[] MAX_DEPTHS = {0, 1, 2, 50, 50, 50};
  private static final List<String> CONTAINER_TYPES = List.of("object", "array", "variant");

  private record Trial(List<Model> rows, InferenceOptions options, BruteForcePlan oracle) {}

  private static Trial trial(Random rnd) {
    int presence = MIN_PRESENCE_PERCENTS[rnd.nextInt(MIN_PRESENCE_PERCENTS.length)];
    int dominance = DOMINANCE_PERCENTS[rnd.nextInt(DOMINANCE_PERCENTS.length)];
    int depth = MAX_DEPTHS[rnd.nextInt(MAX_DEPTHS.length)];
    InferenceOptions options =
        PlanInferenceTest.RULES
            .withMinPresence(presence / 100.0)
            .withDominance(dominance / 100.0)
            .withMaxDepth(depth);
    return new Trial(DatasetGen.rows(rnd), options, new BruteForcePlan(presence, dominance, depth));
  }

  @Test
  void typesEveryPathWhoseDominantFamilyMeetsTheThreshold() {
    Trials.run(
        "typesEveryPathWhoseDominantFamilyMeetsTheThreshold",
        rnd -> {
          Trial t = trial(rnd);
          InferenceResult result = PlanInference.infer(Values.variants(t.rows()), t.options());
          assertEquals(t.oracle().plan(t.rows()), result.plan(), t.options().toString());
        });
  }

  @Test
  void coverageCountsMatchABruteForceCount() {
    Trials.run(
        "coverageCountsMatchABruteForceCount",
        rnd -> {
          Trial t = trial(rnd);
          t.oracle().plan(t.rows());
          List<CoverageReport.Row> rows =
              PlanInference.infer(Values.variants(t.rows()), t.options()).coverage().rows();
          assertEquals(t.oracle().rows.size(), rows.size());
          for (int i = 0; i < rows.size(); i++) {
            CoverageReport.Row r = rows.get(i);
            assertEquals(
                t.oracle().rows.get(i),
                new BruteForcePlan.Row(r.sampled(), r.present(), r.typed(), r.type()),
                r.path());
          }
        });
  }

  @Test
  void coverageCountsAddUp() {
    Trials.run(
        "coverageCountsAddUp",
        rnd -> {
          Trial t = trial(rnd);
          List<Variant> sample = new ArrayList<>(Values.variants(t.rows()));
          sample.add(rnd.nextInt(4) == 0 ? null : sample.get(0)); // sometimes an SQL NULL row
          InferenceResult result = PlanInference.infer(sample, t.options());
          CoverageReport report = result.coverage();
          assertEquals(sample.size(), report.sampledRows());
          Iterator<CoverageReport.Row> rows = report.rows().iterator();
          CoverageReport.Row root = rows.next();
          assertEquals("$", root.path());
          assertEquals(sample.size(), root.sampled());
          checkRows(result.plan(), root, rows);
          assertFalse(rows.hasNext(), "one row per plan node");
          assertEquals(leaves(result).size(), report.typedColumns());
        });
  }

  /** Checks {@code row} (of {@code plan}) and, in plan order, the rows of its subtree. */
  private static void checkRows(
      ShreddingPlan plan, CoverageReport.Row row, Iterator<CoverageReport.Row> rows) {
    assertTrue(
        0 <= row.typed() && row.typed() <= row.present() && row.present() <= row.sampled(),
        row.toString());
    assertEquals(row.present(), row.typed() + row.residual(), row.toString());
    if (row.present() > 0) {
      assertEquals(100.0, row.typedPercent() + row.residualPercent(), 1e-9, row.toString());
    }
    if (plan instanceof ShreddingPlan.ObjectPlan o) {
      assertEquals("object", row.type(), row.path());
      for (ShreddingPlan.Field f : o.fields()) {
        CoverageReport.Row child = rows.next();
        assertEquals(row.path() + CoverageReport.fieldSegment(f.name()), child.path());
        assertEquals(
            row.typed(), child.sampled(), child.path()); // once per object here, which all go typed
        checkRows(f.plan(), child, rows);
      }
    } else if (plan instanceof ShreddingPlan.ArrayPlan a) {
      assertEquals("array", row.type(), row.path());
      CoverageReport.Row element = rows.next();
      assertEquals(row.path() + "[*]", element.path());
      assertEquals(
          element.sampled(), element.present(), element.path()); // elements are never missing
      checkRows(a.element(), element, rows);
    } else {
      assertEquals(plan.print(), row.type(), row.path());
      if (!plan.isShredded()) {
        assertEquals(0, row.typed(), row.path());
      }
    }
  }

  @Test
  void rowOrderDoesNotChangeThePlanOrTheReport() {
    Trials.run(
        "rowOrderDoesNotChangeThePlanOrTheReport",
        rnd -> {
          Trial t = trial(rnd);
          List<Variant> sample = Values.variants(t.rows());
          InferenceResult first = PlanInference.infer(sample, t.options());
          List<Variant> shuffled = new ArrayList<>(sample);
          Collections.shuffle(shuffled, rnd);
          InferenceResult second = PlanInference.infer(shuffled, t.options());
          assertEquals(first.plan(), second.plan());
          assertEquals(first.coverage().format(), second.coverage().format());
        });
  }

  @Test
  void theColumnBudgetKeepsTheMostPresentLeaves() {
    Trials.run(
        "theColumnBudgetKeepsTheMostPresentLeaves",
        rnd -> {
          Trial t = trial(rnd);
          List<Variant> sample = Values.variants(t.rows());
          List<CoverageReport.Row> all = leaves(PlanInference.infer(sample, t.options()));
          int budget = rnd.nextInt(all.size() + 2);
          InferenceResult limited =
              PlanInference.infer(sample, t.options().withMaxTypedColumns(budget));
          List<CoverageReport.Row> kept = leaves(limited);
          assertEquals(Math.min(budget, all.size()), kept.size());
          assertTrue(all.containsAll(kept), "kept leaves keep their path, type and counts");
          assertEquals(kept, all.stream().filter(kept::contains).toList(), "plan order is kept");
          long weakestKept =
              kept.stream().mapToLong(CoverageReport.Row::present).min().orElse(Long.MAX_VALUE);
          for (CoverageReport.Row dropped : all) {
            if (!kept.contains(dropped)) {
              assertTrue(
                  dropped.present() <= weakestKept,
                  dropped.path() + " dropped before a less present leaf");
            }
          }
          assertNoEmptyContainers(limited.plan());
        });
  }

  private static List<CoverageReport.Row> leaves(InferenceResult result) {
    return result.coverage().rows().stream()
        .filter(r -> !CONTAINER_TYPES.contains(r.type()))
        .toList();
  }

  private static void assertNoEmptyContainers(ShreddingPlan plan) {
    if (plan instanceof ShreddingPlan.ObjectPlan o) {
      o.fields().forEach(f -> assertNoEmptyContainers(f.plan()));
    } else if (plan instanceof ShreddingPlan.ArrayPlan a) {
      assertTrue(a.element().isShredded(), "an array of variant elements: " + plan);
      assertNoEmptyContainers(a.element());
    }
  }
}
