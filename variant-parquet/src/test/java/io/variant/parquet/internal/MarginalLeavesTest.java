// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.infer.Explanation;
import io.variant.shredding.infer.InferenceOptions;
import io.variant.shredding.infer.InferenceResult;
import io.variant.shredding.infer.PlanInference;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The size check's trials of marginal leaves: a leaf is left out only where the check's rows are
 * smaller without it, and the plan and its explanation say so.
 */
class MarginalLeavesTest {
  /**
   * Event rows with two sparse families (a currency and an amount in one row of ten, a query and a
   * result count in another), whose low-cardinality strings the cost model prices as paying a
   * little.
   */
  private static List<Variant> events(int n, long seed) {
    Random r = new Random(seed);
    String[] types = {"view", "click", "login", "logout", "purchase"};
    String[] currencies = {"EUR", "USD", "GBP"};
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      StringBuilder b = new StringBuilder();
      b.append("{\"id\": ").append(1_000_000 + i);
      b.append(", \"type\": \"").append(types[r.nextInt(types.length)]).append('"');
      b.append(", \"session\": \"s-").append(Integer.toHexString(r.nextInt())).append('"');
      b.append(", \"user\": {\"id\": ").append(r.nextInt(5000));
      b.append(", \"name\": \"u").append(r.nextInt(300)).append("\"}");
      if (r.nextInt(10) == 0) {
        b.append(", \"currency\": \"").append(currencies[r.nextInt(3)]).append('"');
        b.append(", \"amount\": ").append(r.nextInt(100_000));
      }
      if (r.nextInt(10) == 0) {
        b.append(", \"query\": \"q").append(r.nextInt(40)).append('"');
        b.append(", \"results\": ").append(r.nextInt(50));
      }
      rows.add(VariantJson.parse(b.append('}').toString()));
    }
    return rows;
  }

  private static PlanInference counted(List<Variant> rows) {
    PlanInference inference = PlanInference.create(InferenceOptions.defaults());
    rows.forEach(inference::add);
    return inference;
  }

  @Test
  void aLeafLeftOutMakesTheCheckedRowsSmallerAndIsExplained() throws IOException {
    int leftOut = 0;
    for (long seed = 1; seed <= 3; seed++) {
      List<Variant> rows = events(5000, seed);
      PlanInference inference = counted(rows);
      InferenceResult model = inference.result();
      CheckRows checkRows = CheckRows.of(rows, CheckedPlan.CHECK_ROWS, -1);

      MarginalLeaves.Outcome checked =
          MarginalLeaves.tryWithout(inference, model, Integer.MAX_VALUE, checkRows, -1, 2);

      if (checked.result().plan().equals(model.plan())) {
        assertEquals("", checked.note());
        continue;
      }
      long with = checkRows.size(model.plan());
      long without = checkRows.size(checked.result().plan());
      assertTrue(without < with, seed + ": " + without + " >= " + with);
      assertTrue(checked.note().startsWith("left "), checked.note());
      for (Explanation.Decision d : model.explanation().decisions()) {
        Explanation.Decision now = checked.result().explanation().decision(d.path());
        if (d.typed() && !now.typed()) {
          leftOut++;
          assertTrue(checked.note().contains(d.path()), checked.note());
          assertTrue(
              now.reason().contains("; dropped: the size check's 5000 sampled rows took "),
              now.reason());
          assertTrue(d.estimate().saved() > 0, d.path() + " is typed for its own gain");
          // each leaf left out saves bytes alone, by at least the least gain
          long alone =
              checkRows.size(inference.result(Integer.MAX_VALUE, Map.of(d.path(), "")).plan());
          assertTrue(
              with - alone >= MarginalLeaves.MIN_GAIN * with,
              d.path() + ": " + alone + " against " + with);
        }
      }
    }
    assertTrue(leftOut > 0, "no seed left a leaf out: the trials were not exercised");
  }

  @Test
  void aPlanTheQuickCheckKeepsIsNotTried() throws IOException {
    List<Variant> rows = events(5000, 2);
    PlanInference inference = counted(rows);
    InferenceResult model = inference.result();
    CheckRows checkRows = CheckRows.of(rows, CheckedPlan.CHECK_ROWS, -1);
    assertFalse(
        MarginalLeaves.tryWithout(inference, model, Integer.MAX_VALUE, checkRows, -1, 2)
            .note()
            .isEmpty(),
        "trying its leaves would leave one out");

    CheckedPlan kept = CheckedPlan.of(inference, rows);

    assertEquals("", kept.note());
    assertEquals(model.plan(), kept.plan());
  }

  @Test
  void onlyTheLowestPositiveEstimatesAreTried() throws IOException {
    for (long seed = 1; seed <= 3; seed++) {
      List<Variant> rows = events(5000, seed);
      PlanInference inference = counted(rows);
      InferenceResult model = inference.result();

      MarginalLeaves.Outcome tried =
          MarginalLeaves.tryWithout(
              inference,
              model,
              Integer.MAX_VALUE,
              CheckRows.of(rows, CheckedPlan.CHECK_ROWS, -1),
              -1,
              2);

      double margin = MarginalLeaves.MARGIN_BYTES_PER_ROW * inference.rows();
      for (Explanation.Decision d : model.explanation().decisions()) {
        double saved = d.estimate() == null ? 0 : d.estimate().saved();
        if (d.typed() && (saved >= margin || saved <= 0)) {
          assertTrue(tried.result().explanation().decision(d.path()).typed(), d.path());
        }
      }
    }
  }

  @Test
  void theOutcomeDoesNotDependOnTheThreads() throws IOException {
    List<Variant> rows = events(5000, 3);
    PlanInference inference = counted(rows);
    CheckRows checkRows = CheckRows.of(rows, CheckedPlan.CHECK_ROWS, -1);

    MarginalLeaves.Outcome one =
        MarginalLeaves.tryWithout(inference, inference.result(), 300, checkRows, -1, 1);
    MarginalLeaves.Outcome four =
        MarginalLeaves.tryWithout(inference, inference.result(), 300, checkRows, -1, 4);

    assertFalse(one.note().isEmpty());
    assertEquals(one.note(), four.note());
    assertEquals(one.result().plan(), four.result().plan());
  }

  @Test
  void sizesOnThreadsAreEachPlansOwnSize() throws IOException {
    List<Variant> rows = events(1500, 4);
    PlanInference inference = counted(rows);
    List<ShreddingPlan> plans =
        List.of(
            inference.result().plan(),
            ShreddingPlan.residual(),
            ShreddingPlan.parse("{\"id\": int64}"),
            ShreddingPlan.parse("{\"type\": string, \"user\": {\"id\": int64}}"));

    long[] sizes = SampleSizes.of(new CheckRows(rows, 0), plans, 3);

    long[] one = new long[plans.size()];
    for (int i = 0; i < one.length; i++) {
      one[i] = CheckedPlan.size(rows, plans.get(i));
    }
    assertArrayEquals(one, sizes);
    assertFalse(sizes[0] == sizes[1]);
  }
}
