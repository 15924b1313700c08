// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import static io.variant.shredding.testkit.Values.integer;
import static io.variant.shredding.testkit.Values.obj;
import static io.variant.shredding.testkit.Values.str;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.shredding.testkit.Values;
import io.variant.testkit.Model;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The cost model's inputs at their bounds: the entropy of the levels a chain of steps reaches
 * ({@link LevelChain}), the class of a string column ({@link CostModel#stringKind}), and which
 * leaves a column budget keeps under the cost model ({@link ColumnBudget}).
 */
class LevelsAndKindsTest {
  private static final double EPS = 1e-9;

  private static double bits(double... p) {
    double h = 0;
    for (double x : p) {
      h -= x * Math.log(x) / Math.log(2);
    }
    return h;
  }

  @Test
  void entropyCountsWhereEntriesStop() {
    assertEquals(0.0, LevelChain.root(10).then(10).entropyBits(), EPS); // every entry to the end
    assertEquals(1.0, LevelChain.root(10).then(5).entropyBits(), EPS);
    assertEquals(
        bits(0.4), LevelChain.root(10).withLast(4).entropyBits(), EPS); // a root of 4 of 10
    // the last step of a longer chain is reached by at most the step before it
    assertEquals(
        bits(0.5, 0.5), LevelChain.root(10).then(5).then(3).withLast(7).entropyBits(), EPS);
  }

  /** Into arrays of 3 elements each: every entry reaches the elements, none stops before. */
  @Test
  void elementsOfArraysCountAsEntriesOfEveryStepBefore() {
    LevelChain elements = LevelChain.root(10).then(10).intoArray(10, 30);
    assertEquals(30, elements.entries(), EPS);
    assertEquals(0.0, elements.entropyBits(), EPS);
    assertEquals(0.0, elements.withLast(30).entropyBits(), EPS);
    assertEquals(bits(1 / 3.0, 2 / 3.0), elements.withLast(20).entropyBits(), EPS);
  }

  @Test
  void stringKindsAtTheirBounds() {
    int cap = DistinctValues.CAP;
    int ratio = CostModel.LOW_CARDINALITY_RATIO;
    assertEquals(CostModel.Kind.LOW_CARDINALITY_STRING, CostModel.stringKind(cap * ratio, cap, 0));
    assertEquals(CostModel.Kind.STRING, CostModel.stringKind(cap * ratio - 1, cap, 0));
    assertEquals(CostModel.Kind.STRING, CostModel.stringKind(100L * ratio, cap + 1, 0));
    assertEquals(CostModel.Kind.REPEATED_STRING, CostModel.stringKind(100, 100, 50));
    assertEquals(CostModel.Kind.STRING, CostModel.stringKind(100, 100, 49));
  }

  @Test
  void aColumnBudgetUnderTheCostModelKeepsTheLeavesThatSaveMost() {
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      // "more"'s strings of a few repeated values save more than "less"'s small ints; "less" comes
      // first in plan order, so a budget that ranked by order alone would keep it
      rows.add(obj("more", str("status-" + i % 4), "less", integer(i % 100)));
    }
    InferenceResult r =
        PlanInference.infer(
            Values.variants(rows), InferenceOptions.defaults().withMaxTypedColumns(1));
    assertEquals("{\"more\": string}", r.plan().print(), r.explanation().format());
  }
}
